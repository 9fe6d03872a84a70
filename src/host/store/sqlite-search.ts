import type Database from 'better-sqlite3';
import type { TableLayout } from './columns.js';
import type { SearchLayout } from './search-index.js';

type Db = Database.Database;

/** Rows copied per transaction when an existing table gets its search index. */
export const SEARCH_BACKFILL_BATCH = 2000;

/**
 * Bumped when the FTS table's definition changes, so existing databases rebuild it. The signature also
 * holds the column list: a CRD that changes its search fields gets a fresh index.
 */
const FORMAT = 1;

/**
 * Brings a kind's SQLite search index in step with its layout (called by ensureKind under the writer mutex).
 *
 * The index is a contentless FTS5 table with the trigram tokenizer, keyed by the kind table's rowid and fed
 * by triggers, so every insert, update and delete changes it in the writer's own transaction (the write
 * functions need not know about it). It holds `lower()` of each field (ASCII folding, as LIKE does) and is
 * case-sensitive itself, so a trigram match is exactly LIKE's case-insensitive substring match.
 *
 * `authpay_search_index` records a finished index by its signature; an index missing there (new, changed,
 * or interrupted mid-backfill) is dropped and built again, in batches, from the rows already stored.
 */
export function ensureSqliteSearch(db: Db, layout: TableLayout): void {
  db.exec('CREATE TABLE IF NOT EXISTS authpay_search_index (tbl TEXT PRIMARY KEY, signature TEXT NOT NULL)');
  const ftsTable = `${layout.table}_search`;
  const search = layout.search;
  const signature = search ? JSON.stringify({ format: FORMAT, columns: [...search.columns.values()] }) : undefined;
  const done = db.prepare('SELECT signature FROM authpay_search_index WHERE tbl = ?').get(ftsTable) as { signature: string } | undefined;
  if (search ? done?.signature === signature && tableExists(db, ftsTable) : !done && !tableExists(db, ftsTable)) return;
  db.transaction(() => {
    for (const t of triggerNames(layout.table)) db.exec(`DROP TRIGGER IF EXISTS ${t}`);
    db.exec(`DROP TABLE IF EXISTS ${ftsTable}`);
    db.prepare('DELETE FROM authpay_search_index WHERE tbl = ?').run(ftsTable);
    if (!search) return;
    const cols = [...search.columns.values()];
    db.exec(
      `CREATE VIRTUAL TABLE ${search.table}
         USING fts5(${cols.join(', ')}, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`,
    );
    createTriggers(db, layout.table, search);
  })();
  if (!search || !signature) return;
  backfill(db, layout.table, search);
  db.prepare('INSERT INTO authpay_search_index (tbl, signature) VALUES (?, ?)').run(ftsTable, signature);
}

function tableExists(db: Db, name: string): boolean {
  return Boolean(db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name));
}

function triggerNames(table: string): string[] {
  return ['ai', 'ad', 'au'].map((s) => `${table}_search_${s}`);
}

/** Insert and delete mirror the row; an update re-indexes only when a search column really changed. */
function createTriggers(db: Db, table: string, search: SearchLayout): void {
  const cols = [...search.columns.values()];
  const [ai, ad, au] = triggerNames(table);
  const lowered = cols.map((c) => `lower(new.${c})`).join(', ');
  const insert = `INSERT INTO ${search.table} (rowid, ${cols.join(', ')}) VALUES (new.rowid, ${lowered});`;
  const remove = `DELETE FROM ${search.table} WHERE rowid = old.rowid;`;
  const changed = cols.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');
  db.exec(`CREATE TRIGGER ${ai} AFTER INSERT ON ${table} BEGIN ${insert} END`);
  db.exec(`CREATE TRIGGER ${ad} AFTER DELETE ON ${table} BEGIN ${remove} END`);
  db.exec(`CREATE TRIGGER ${au} AFTER UPDATE OF ${cols.join(', ')} ON ${table} WHEN ${changed} BEGIN ${remove} ${insert} END`);
}

/** Indexes the rows stored before the index existed, in rowid order, one transaction per batch. */
function backfill(db: Db, table: string, search: SearchLayout): void {
  const cols = [...search.columns.values()];
  const copy = db.prepare(`INSERT INTO ${search.table} (rowid, ${cols.join(', ')})
    SELECT rowid, ${cols.map((c) => `lower(${c})`).join(', ')} FROM ${table}
    WHERE rowid > ? ORDER BY rowid LIMIT ${SEARCH_BACKFILL_BATCH}`);
  const last = db.prepare(
    `SELECT max(rowid) AS r FROM (SELECT rowid FROM ${table} WHERE rowid > ? ORDER BY rowid LIMIT ${SEARCH_BACKFILL_BATCH})`,
  );
  let after = 0;
  for (;;) {
    const next = db.transaction(() => {
      const end = (last.get(after) as { r: number | null }).r;
      if (end !== null) copy.run(after);
      return end;
    })();
    if (next === null) return;
    after = next;
  }
}
