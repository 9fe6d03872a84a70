/**
 * Roles as people read them: the server's display name, module and description in the page's language
 * (zh-CN at the top level, English in `i18n.en`: src/host/users/role-view.ts), never the raw id of a role the
 * server describes. The console's role pages and the user center's profile both name roles this way.
 */
export interface RoleTexts {
  displayName: string;
  description?: string;
  module?: string;
}

/** The parts of a role view (listRoles, getCurrentUser's roleDetails) that name it. */
export interface NamedRole {
  name?: string;
  displayName?: string;
  description?: string;
  module?: string;
  i18n?: { en?: Partial<RoleTexts> };
}

export function roleTexts(role: NamedRole, language: string): RoleTexts {
  const en = language === 'en' ? role.i18n?.en : undefined;
  return {
    displayName: en?.displayName ?? role.displayName ?? role.name ?? '',
    description: en?.description ?? role.description,
    module: en?.module ?? role.module,
  };
}

/** "Module · name" when the role belongs to a module, else the name. */
export function roleLabel(role: NamedRole, language: string): string {
  const texts = roleTexts(role, language);
  return texts.module ? `${texts.module} · ${texts.displayName}` : texts.displayName;
}
