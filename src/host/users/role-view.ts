import { aggregationTargets, jsonArrayAnnotation } from '../rbac/role-expansion.js';
import {
  ANNOTATION_DEPENDENCIES,
  ANNOTATION_DESCRIPTION,
  ANNOTATION_DISPLAY_NAME,
  ANNOTATION_MODULE,
  ANNOTATION_UI_PERMISSIONS,
  ENGLISH_ANNOTATION_SUFFIX,
  LABEL_HIDDEN,
  LABEL_ROLE_TEMPLATE,
  LABEL_SYSTEM_RESERVED,
  type Role,
} from '../rbac/types.js';

/** A role's texts for people: zh-CN at the top level, English in `i18n.en` (the settings forms' convention). */
export interface RoleTexts {
  displayName: string;
  description?: string;
  module?: string;
}

/** A role as the apps show it: never the raw id alone. */
export interface RoleView extends RoleTexts {
  name: string;
  template: boolean;
  hidden: boolean;
  system: boolean;
  i18n: { en: RoleTexts };
  uiPermissions: string[];
  dependencies: string[];
  /** Roles this one is merged into (`authenticated`: every signed-in user has it without a grant). */
  aggregatedInto: string[];
}

export const ROLE_VIEW_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    displayName: { type: 'string', description: 'zh-CN; the id when the role has no display name' },
    description: { type: 'string' },
    module: { type: 'string' },
    i18n: {
      type: 'object',
      properties: {
        en: {
          type: 'object',
          properties: { displayName: { type: 'string' }, description: { type: 'string' }, module: { type: 'string' } },
        },
      },
    },
    template: { type: 'boolean' },
    hidden: { type: 'boolean', description: 'bound implicitly or aggregated; not granted by hand' },
    system: { type: 'boolean', description: 'a built-in role of the host' },
    uiPermissions: { type: 'array', items: { type: 'string' } },
    dependencies: { type: 'array', items: { type: 'string' } },
    aggregatedInto: {
      type: 'array',
      items: { type: 'string' },
      description: 'roles this one is merged into (authenticated: every signed-in user has it without a grant)',
    },
  },
};

function textsOf(role: Role, suffix: string, fallback?: RoleTexts): RoleTexts {
  const a = role.metadata.annotations ?? {};
  const texts: RoleTexts = { displayName: a[ANNOTATION_DISPLAY_NAME + suffix] ?? fallback?.displayName ?? role.metadata.name };
  const description = a[ANNOTATION_DESCRIPTION + suffix] ?? fallback?.description;
  const module = a[ANNOTATION_MODULE + suffix] ?? fallback?.module;
  if (description !== undefined) texts.description = description;
  if (module !== undefined) texts.module = module;
  return texts;
}

/** The role as the apps show it; an English text the role lacks falls back to its zh-CN one. */
export function roleView(role: Role): RoleView {
  const zh = textsOf(role, '');
  const labels = role.metadata.labels ?? {};
  return {
    name: role.metadata.name,
    ...zh,
    i18n: { en: textsOf(role, ENGLISH_ANNOTATION_SUFFIX, zh) },
    template: labels[LABEL_ROLE_TEMPLATE] === 'true',
    hidden: labels[LABEL_HIDDEN] === 'true',
    system: labels[LABEL_SYSTEM_RESERVED] === 'true',
    uiPermissions: jsonArrayAnnotation(role, ANNOTATION_UI_PERMISSIONS),
    dependencies: jsonArrayAnnotation(role, ANNOTATION_DEPENDENCIES),
    aggregatedInto: aggregationTargets(role),
  };
}
