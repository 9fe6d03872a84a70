/**
 * Roles as people read them: the server's display name, module and description in the page's language
 * (zh-CN at the top level, English in `i18n.en`), never the raw id of a role the server describes.
 */
import { computed, type ComputedRef } from 'vue';
import { call } from '@shared/api/client.js';
import { useRequest } from '@shared/composables/useRequest.js';
import { locale } from '@shared/i18n/index.js';
import type { RoleView } from './types.js';

export interface RoleTexts {
  displayName: string;
  description?: string;
  module?: string;
}

export function roleTexts(role: RoleView, language: string): RoleTexts {
  const en = language === 'en' ? role.i18n?.en : undefined;
  return {
    displayName: en?.displayName ?? role.displayName ?? role.name ?? '',
    description: en?.description ?? role.description,
    module: en?.module ?? role.module,
  };
}

/** "Module · name" when the role belongs to a module, else the name. */
export function roleLabel(role: RoleView, language: string): string {
  const texts = roleTexts(role, language);
  return texts.module ? `${texts.module} · ${texts.displayName}` : texts.displayName;
}

/** Every role (hidden ones too, so any bound role has a name), with lookups in the page's language. */
export function useRoles() {
  const request = useRequest((signal) => call('listRoles', { query: { includeHidden: true }, signal }));
  const all = computed(() => request.data.value ?? []);
  const byName = computed(() => new Map(all.value.map((r) => [r.name ?? '', r])));
  /** Roles an administrator grants by hand: not bound implicitly or aggregated. */
  const grantable: ComputedRef<RoleView[]> = computed(() => all.value.filter((r) => !r.hidden));
  const automatic: ComputedRef<RoleView[]> = computed(() => all.value.filter((r) => r.hidden && r.system));
  /** A bound role's label; a role the server does not list (deleted since) keeps its id. */
  const nameOf = (id: string) => {
    const role = byName.value.get(id);
    return role ? roleLabel(role, locale.value) : id;
  };
  return { request, all, byName, grantable, automatic, nameOf };
}
