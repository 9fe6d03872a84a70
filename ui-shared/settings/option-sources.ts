/**
 * Choices a settings field takes from the server rather than from its form: a field with
 * `optionsFrom: <source>` (docs/settings.md) is a select whose options the app loads from that source, in the
 * schema's own option shape (`{value, label (zh-CN), i18n: {en: {label}}}`), so labels follow the page's
 * language like any other option. Sources:
 *
 * - `roles`: the roles an administrator grants by hand (listRoles without hidden ones), by display name.
 */
import { reactive } from 'vue';
import { call } from '../api/client.js';
import { roleLabel } from '../roles.js';
import type { SettingField } from './schema.js';

export interface SourcedOption {
  value: string;
  label: string;
  i18n: { en: { label: string } };
}

type Source = () => Promise<SourcedOption[]>;

const SOURCES: Record<string, Source> = {
  roles: async () => {
    const roles = await call('listRoles', { query: { includeHidden: false } });
    return roles
      .filter((role) => role.name && !role.aggregatedInto?.length)
      .map((role) => ({ value: role.name!, label: roleLabel(role, 'zh-CN'), i18n: { en: { label: roleLabel(role, 'en') } } }));
  },
};

export const optionSourceNames = Object.keys(SOURCES);

/**
 * The options of every sourced field of the given forms, loaded once per source: `options[source]` is empty
 * until loaded, and stays empty when the source cannot be read (the select then shows the stored value as it is).
 */
export function useOptionSources(fields: () => SettingField[]): { options: Record<string, SourcedOption[]> } {
  const options = reactive<Record<string, SourcedOption[]>>({});
  const wanted = new Set(fields().flatMap((f) => (typeof f.optionsFrom === 'string' && SOURCES[f.optionsFrom] ? [f.optionsFrom] : [])));
  for (const source of wanted) {
    options[source] = [];
    SOURCES[source]()
      .then((loaded) => (options[source] = loaded))
      .catch(() => undefined);
  }
  return { options };
}

/** The field with its sourced options filled in (a field without `optionsFrom` as it is). */
export function withSourcedOptions(field: SettingField, options: Record<string, SourcedOption[]>): SettingField {
  return field.optionsFrom ? { ...field, options: options[field.optionsFrom] ?? [] } : field;
}
