import type { CompiledGroup } from './compiled-setting.js';
import type { FieldChoices } from './form-schema.js';
import { listEntries } from './list-entries.js';
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

/**
 * Effective values of a group: defaults overlaid with the stored values of the fields the form declares.
 * What a new version of the form no longer offers is not read, like a field it dropped: a stored choice
 * that is no longer an option leaves a checkbox or multiple select, and a single select or radio falls back
 * to its default. So a value saved under an older form never makes the next save of its group invalid.
 * A labelled list's plain strings (saved before it had labels) read as entries.
 */
export function effectiveGroup(compiled: CompiledGroup, stored: GroupValues | undefined): GroupValues {
  const out: GroupValues = structuredClone(compiled.defaults);
  for (const [field, value] of Object.entries(stored ?? {})) {
    if (!compiled.fields.has(field)) continue;
    const offered = offeredPart(compiled.choices.get(field), value);
    if (offered !== undefined) out[field] = structuredClone(offered);
  }
  for (const field of compiled.labelledLists) out[field] = listEntries(out[field], compiled.defaults[field]);
  return out;
}

/** The stored value without choices the field no longer offers; undefined when nothing of it is offered. */
function offeredPart(choices: FieldChoices | undefined, value: unknown): unknown {
  if (!choices) return value;
  if (choices.multiple) return Array.isArray(value) ? value.filter((v) => choices.values.includes(v)) : value;
  return choices.values.includes(value) ? value : undefined;
}

/** Groups whose stored JSON differs between two versions of a ConfigMap. */
export function changedGroups(before: ParsedConfigMap | undefined, after: ParsedConfigMap | undefined): string[] {
  const names = new Set([...Object.keys(before?.raw ?? {}), ...Object.keys(after?.raw ?? {})]);
  return [...names].filter((g) => before?.raw[g] !== after?.raw[g]).sort();
}
