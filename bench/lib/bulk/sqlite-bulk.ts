import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { Resource } from '../../../src/host/resource/types.js';
import { dataColumns, layoutOf, rowValues, serialize, type TableLayout } from '../../../src/host/store/columns.js';
import type { SqliteStore } from '../../../src/host/store/sqlite-store.js';
import { nowMs } from '../timing.js';
import { keepsEvent, labelRows, preparedRange, type BulkPhases, type BulkWrite } from './writer.js';

type Db = Database.Database;

/** Rows per INSERT statement (11 parameters each for SitePluginAuthLog, far below SQLite's limit). */
const ROWS_PER_STATEMENT = 100;

/** One transaction's values, as the worker writes them (sqlite-writer.worker.mjs). */
interface SqliteBatch {
  rows: unknown[][];
  labels: string[][];
  events: Array<[number, string, string]>;
}

/**
 * Writes the rows SqliteStore.insert would write (table row, labels, event, revision counter) with the kind
 * table's secondary indexes dropped during the load; they come back from their own stored SQL, so they are
 * the store's by construction. The search index stays and its triggers write it, as for any insert (measured
 * cheaper than rebuilding it afterwards). A worker thread writes while this thread prepares the next batch.
 */
export async function sqliteBulkLoad(store: SqliteStore, write: BulkWrite): Promise<BulkPhases> {
  const layout = layoutOf(write.kind);
  const db = openLoader(store.file);
  try {
    const indexes = dropIndexes(db, layout.table);
    const started = nowMs();
    await withWriter(store.file, layout, write, async (send) => {
      let pending: Promise<void> | undefined;
      for (let from = 0; from < write.n; from += write.batch) {
        const to = Math.min(write.n, from + write.batch);
        const batch = toBatch(layout, write, from, await preparedRange(write, from, to));
        await pending;
        pending = send(batch).then(() => write.progress(to));
        pending.catch(() => undefined); // awaited before the next batch; a failure meanwhile is not unhandled
      }
      await pending;
    });
    const rowsMs = nowMs() - started;
    const indexMs = restoreIndexes(db, indexes);
    const ensureStart = nowMs();
    await store.ensureKind(write.kind);
    return { rowsMs, indexMs, ensureMs: nowMs() - ensureStart };
  } finally {
    db.close();
  }
}

function toBatch(layout: TableLayout, write: BulkWrite, from: number, objects: Resource[]): SqliteBatch {
  const batch: SqliteBatch = { rows: [], labels: [], events: [] };
  objects.forEach((obj, k) => {
    const data = serialize(obj);
    batch.rows.push([obj.metadata.name, ...rowValues(layout, obj), data]);
    for (const [key, value] of labelRows(obj)) batch.labels.push([obj.metadata.name, key, value]);
    if (keepsEvent(write, from + k)) batch.events.push([k, obj.metadata.name, data]);
  });
  return batch;
}

/** Runs fn with a function that writes one batch on the worker; the worker is closed afterwards. */
async function withWriter(
  file: string,
  layout: TableLayout,
  write: BulkWrite,
  fn: (send: (batch: SqliteBatch) => Promise<void>) => Promise<void>,
): Promise<void> {
  const worker = new Worker(new URL('./sqlite-writer.worker.mjs', import.meta.url), {
    workerData: {
      file,
      table: layout.table,
      labels: layout.labels,
      columns: dataColumns(layout),
      rowsPerStatement: write.rowsPerStatement ?? ROWS_PER_STATEMENT,
      kind: write.kind.kind,
    },
  });
  const send = (batch: SqliteBatch) =>
    new Promise<void>((resolve, reject) => {
      worker.once('message', (answer: { error?: string }) => (answer.error ? reject(new Error(answer.error)) : resolve()));
      worker.postMessage(batch);
    });
  try {
    await fn(send);
  } finally {
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('close');
    await exited;
  }
}

function openLoader(file: string): Db {
  const db = new Database(file);
  db.pragma('busy_timeout = 60000');
  db.pragma('synchronous = NORMAL');
  // Index builds sort in memory (the sorter's budget follows the page cache) and on two threads.
  db.pragma('cache_size = -2097152');
  db.pragma('temp_store = MEMORY');
  db.pragma('threads = 2');
  return db;
}

interface SavedIndexes {
  sql: Array<{ name: string; sql: string }>;
  /** The table had planner statistics: the store analyzes indexes it adds to such a table. */
  analyzed: boolean;
}

/** Drops the table's own indexes, keeping their SQL. The primary key stays: it refuses duplicates. */
function dropIndexes(db: Db, table: string): SavedIndexes {
  const sql = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name")
    .all(table) as Array<{ name: string; sql: string }>;
  const analyzed = Boolean(
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1'").get()
    && db.prepare('SELECT 1 FROM sqlite_stat1 WHERE tbl = ? LIMIT 1').get(table),
  );
  db.transaction(() => {
    for (const { name } of sql) db.exec(`DROP INDEX ${name}`);
  })();
  return { sql, analyzed };
}

/** Creates the dropped indexes again from their SQL, one transaction each; returns the milliseconds spent. */
function restoreIndexes(db: Db, saved: SavedIndexes): number {
  const start = nowMs();
  for (const { name, sql } of saved.sql) {
    db.exec(sql);
    if (saved.analyzed) db.exec(`ANALYZE ${name}`);
  }
  return nowMs() - start;
}
