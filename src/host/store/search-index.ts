/**
 * Substring search on a kind's search fields (`authpay.dev/search-fields`), shared by both backends.
 * SQLite keeps an FTS5 trigram table per kind (`sqlite-search.ts`); PostgreSQL keeps a pg_trgm GIN index
 * per field (`postgres-schema.ts`). Either answers `contains` for patterns of MIN_INDEXED_PATTERN or more
 * characters; shorter patterns (no whole trigram) are matched by scanning, as before.
 */
export const MIN_INDEXED_PATTERN = 3;

/** The search index of one kind: its columns (field path → column) and, for SQLite, the FTS5 table. */
export interface SearchLayout {
  /** SQLite FTS5 table; rowid = the kind table's rowid. */
  table: string;
  columns: Map<string, string>;
}

/** Whether a contains pattern is long enough for a trigram index (counted in code points, as the tokenizer does). */
export function indexablePattern(value: string): boolean {
  return [...value].length >= MIN_INDEXED_PATTERN;
}

/**
 * Folds ASCII letters only, exactly as SQLite's lower() and LIKE and PostgreSQL's ILIKE over COLLATE "C"
 * columns do: the index must answer what the scan answers, and neither folds non-ASCII letters.
 */
export function foldAscii(value: string): string {
  return value.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/**
 * An FTS5 query matching rows where any of the columns contains the pattern: a column filter and one
 * quoted phrase. The trigram tokenizer turns the phrase into consecutive trigrams, i.e. a substring match.
 */
export function ftsQuery(columns: string[], pattern: string): string {
  return `{${columns.join(' ')}} : "${foldAscii(pattern).replace(/"/g, '""')}"`;
}
