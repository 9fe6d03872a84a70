/**
 * A labelled list setting's values as people read them (the server's rules: src/host/settings/list-entries.ts):
 * each entry's label in the page's language; a stored value is shown by its entry's label, or as it is when the
 * list no longer offers it (a merchant's business type removed since).
 */
import { entryLabel, listEntries, type ListEntry } from '../../src/host/settings/list-entries.js';

export type { ListEntry };

/** The entries as select options in a language, plus `keep` (a stored value) when the list lacks it. */
export function entryOptions(items: unknown, language: string, keep?: string): { value: string; label: string }[] {
  const options = listEntries(items).map((entry) => ({ value: entry.value, label: entryLabel(entry, language) }));
  if (keep && !options.some((o) => o.value === keep)) options.push({ value: keep, label: keep });
  return options;
}

/** The label of a stored value in a language ('-' for none). */
export function entryText(items: unknown, value: string | null | undefined, language: string): string {
  if (!value) return '-';
  const entry = listEntries(items).find((e) => e.value === value);
  return entry ? entryLabel(entry, language) : value;
}
