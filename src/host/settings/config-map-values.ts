import type { CompiledGroup } from './compiled-setting.js';
import type { ConfigMap, GroupValues, SettingValues } from './types.js';

/** A ConfigMap as the settings cache keeps it: its groups already parsed. */
export interface ParsedConfigMap {
  name: string;
  resourceVersion: string;
  /** The raw JSON text per group, to tell which groups changed. */
  raw: Record<string, string>;
  groups: SettingValues;
}

/** Parses data[group] JSON strings; a group that is not a JSON object counts as empty (and is reported). */
export function parseConfigMap(cm: ConfigMap, onInvalid?: (group: string) => void): ParsedConfigMap {
  const groups: SettingValues = {};
  const raw = { ...(cm.data ?? {}) };
  for (const [group, text] of Object.entries(raw)) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) groups[group] = parsed as GroupValues;
      else onInvalid?.(group);
    } catch {
      onInvalid?.(group);
    }
  }
  return { name: cm.metadata.name, resourceVersion: cm.metadata.resourceVersion ?? '', raw, groups };
}

/** Effective values of a group: defaults overlaid with the stored values of the fields the form declares. */
export function effectiveGroup(compiled: CompiledGroup, stored: GroupValues | undefined): GroupValues {
  const out: GroupValues = structuredClone(compiled.defaults);
  for (const [field, value] of Object.entries(stored ?? {})) {
    if (compiled.fields.has(field)) out[field] = structuredClone(value);
  }
  return out;
}

/** Groups whose stored JSON differs between two versions of a ConfigMap. */
export function changedGroups(before: ParsedConfigMap | undefined, after: ParsedConfigMap | undefined): string[] {
  const names = new Set([...Object.keys(before?.raw ?? {}), ...Object.keys(after?.raw ?? {})]);
  return [...names].filter((g) => before?.raw[g] !== after?.raw[g]).sort();
}
