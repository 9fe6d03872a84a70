import type { FormField } from './types.js';

/**
 * Lists whose values people read (payment's merchant business types): a `list` field with `labelled: true`
 * holds entries `{value, label, i18n: {en: {label}}}`. The value is what other resources store and never
 * changes with the wording; `label` is the zh-CN text, `i18n.en.label` the English one (the options'
 * convention, docs/settings.md).
 *
 * A plain string in such a list (stored before the list had labels) still reads, as an entry whose value is
 * the string: with the labels of the form default's entry of the same value when there is one (so a saved
 * copy of the old defaults gains their English labels), else with the string as its label in every language.
 */
export interface ListEntry {
  value: string;
  label: string;
  i18n?: { en?: { label?: string } };
}

/** An entry as stored: a value of one line, its zh-CN label, optionally the English one. */
export const LIST_ENTRY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['value', 'label'],
  properties: {
    value: { type: 'string', minLength: 1, maxLength: 64, format: 'single-line-text' },
    label: { type: 'string', minLength: 1, maxLength: 64, format: 'single-line-text' },
    i18n: {
      type: 'object',
      additionalProperties: false,
      properties: {
        en: {
          type: 'object',
          additionalProperties: false,
          properties: { label: { type: 'string', maxLength: 64, format: 'single-line-text' } },
        },
      },
    },
  },
};

export const isLabelledList = (field: FormField): boolean => field.$formkit === 'list' && field.labelled === true;

/** The items of a labelled list as entries (see above); anything else in it is left out. */
export function listEntries(items: unknown, defaults: unknown = []): ListEntry[] {
  if (!Array.isArray(items)) return [];
  const known = new Map(listEntriesOf(defaults).map((e) => [e.value, e]));
  return items.flatMap((item): ListEntry[] => {
    if (typeof item === 'string') return item ? [known.get(item) ?? { value: item, label: item }] : [];
    return isEntry(item) ? [item] : [];
  });
}

function listEntriesOf(items: unknown): ListEntry[] {
  return Array.isArray(items) ? items.filter(isEntry) : [];
}

function isEntry(item: unknown): item is ListEntry {
  const entry = item as ListEntry | null;
  return typeof entry === 'object' && entry !== null && typeof entry.value === 'string' && typeof entry.label === 'string';
}

/** An entry's label in a language: English from `i18n.en`, else the zh-CN label. */
export function entryLabel(entry: ListEntry, language: string): string {
  return (language === 'en' ? entry.i18n?.en?.label : undefined) || entry.label;
}
