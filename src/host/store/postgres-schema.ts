import crypto from 'node:crypto';
import type pg from 'pg';
import type { FieldType, KindInfo } from '../schema/kind-registry.js';
import { AppError } from '../errors/app-error.js';
import type { Resource } from '../resource/types.js';
import { dataColumns, rowValues, singleIndexColumns, type TableLayout } from './columns.js';
import type { SearchLayout } from './search-index.js';
import { sql, type Queryable } from './postgres-connection.js';
import { WRITE_BITS } from './postgres-revisions.js';

/**
 * DDL of the PostgreSQL backend. Text columns use the "C" collation so that string order is byte order,
 * exactly as SQLite's BINARY collation: sorting, prefix ranges and keyset paging agree across backends.
 */
const COLUMN_TYPES: Record<FieldType, string> = {
  string: 'text COLLATE "C"',
  integer: 'bigint',
  number: 'double precision',
  boolean: 'smallint', // 0/1, as columnValue() writes it for both backends
};

/**
 * The tables every schema holds: the event log and authpay_meta (compaction mark, revision offset). Returns
 * the revision offset. Runs under the DDL lock, inside one transaction.
 */
export async function createBaseTables(db: Queryable, schema: string): Promise<number> {
  const exists = await sql(db, 'SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
  // Checked first: CREATE SCHEMA IF NOT EXISTS still needs the CREATE privilege on the database.
  if (!exists.length) await sql(db, `CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  await sql(
    db,
    `CREATE TABLE IF NOT EXISTS authpay_events (
    rev bigint PRIMARY KEY, kind text NOT NULL, name text NOT NULL, type text NOT NULL, data json NOT NULL)`,
  );
  await sql(db, 'CREATE INDEX IF NOT EXISTS authpay_events_kind ON authpay_events (kind, rev)');
  await sql(db, 'CREATE TABLE IF NOT EXISTS authpay_meta (key text PRIMARY KEY, value bigint NOT NULL)');
  // Every revision at or below `compacted` may be gone from the event log; resuming before it is GONE.
  await sql(db, "INSERT INTO authpay_meta (key, value) VALUES ('compacted', 0) ON CONFLICT (key) DO NOTHING");
  return revisionOffset(db);
}

/**
 * The schema's revision offset, chosen once: revisions of transactions after this one start above `base`,
 * the highest revision written so far (0 for a new schema). A schema written by the old code still has the
 * sequence `authpay_revision`: base is its last value, and the sequence is dropped in the same transaction,
 * so a replica still running the old code fails on its next write instead of writing out of order. The DDL
 * lock is the old code's write lock, so no old writer is half-way through a transaction meanwhile.
 */
async function revisionOffset(db: Queryable): Promise<number> {
  const [known] = await sql<{ value: string }>(db, "SELECT value FROM authpay_meta WHERE key = 'revision_offset'");
  if (known) return Number(known.value);
  const [old] = await sql<{ seq: string | null }>(db, "SELECT to_regclass('authpay_revision')::text AS seq");
  const lastSequenced = old.seq ? `(SELECT last_value FROM authpay_revision)` : '0';
  const [row] = await sql<{ value: string }>(
    db,
    `INSERT INTO authpay_meta (key, value)
      SELECT 'revision_offset', greatest(${lastSequenced}, (SELECT coalesce(max(rev), 0) FROM authpay_events))
        - (pg_current_xact_id()::text::bigint << ${WRITE_BITS})
      RETURNING value`,
  );
  if (old.seq) await sql(db, 'DROP SEQUENCE authpay_revision');
  return Number(row.value);
}

/** Creates or extends a kind's table, labels table and indexes; backfills columns added for new fields. */
export async function createKindTables(
  db: Queryable,
  kind: KindInfo,
  layout: TableLayout,
  warn?: (message: string, err?: unknown) => void,
): Promise<void> {
  const typed = [...layout.columns.values()].filter((c) => c.column !== 'name');
  const defs = typed.map((c) => `${c.column} ${COLUMN_TYPES[c.type]}`);
  await sql(
    db,
    `CREATE TABLE IF NOT EXISTS ${layout.table}
       (name text COLLATE "C" PRIMARY KEY, rv bigint NOT NULL, ${defs.join(', ')}, data json NOT NULL)`,
  );
  await sql(
    db,
    `CREATE TABLE IF NOT EXISTS ${layout.labels} (
    name text COLLATE "C" NOT NULL, key text COLLATE "C" NOT NULL, value text COLLATE "C" NOT NULL, PRIMARY KEY (name, key))`,
  );
  // Writers take the kind's table, then its labels: locking both first, in that order, keeps the index and
  // column changes below from deadlocking with a writer that holds one and waits for the other.
  await sql(db, `LOCK TABLE ${layout.table}, ${layout.labels} IN SHARE ROW EXCLUSIVE MODE`);
  const present = await sql<{ column_name: string }>(
    db,
    'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
    [layout.table],
  );
  const have = new Set(present.map((r) => r.column_name));
  const added = typed.filter((c) => !have.has(c.column));
  for (const c of added) await sql(db, `ALTER TABLE ${layout.table} ADD COLUMN ${c.column} ${COLUMN_TYPES[c.type]}`);
  if (added.length) await backfill(db, layout);
  await sql(db, `CREATE INDEX IF NOT EXISTS ${indexName(layout.labels, ['kv'])} ON ${layout.labels} (key, value, name)`);
  const wanted = new Set<string>();
  for (const c of singleIndexColumns(layout, kind)) wanted.add(await createIndex(db, layout, [c]));
  for (const group of kind.compoundIndexes) {
    const cols = group.map((p) => layout.columns.get(p)?.column);
    if (cols.some((c) => !c))
      throw new AppError('INTERNAL', `compound index of ${kind.kind} names a field that is not selectable: ${group.join(',')}`);
    wanted.add(await createIndex(db, layout, cols as string[], 'c'));
  }
  await dropStaleBtrees(db, layout.table, wanted);
  if (layout.search) await createSearchIndexes(db, layout, layout.search, warn);
}

/**
 * Drops btree indexes of the kind's table that its CRD no longer asks for (a field that stopped being
 * selectable, a compound index removed): every index is written on every insert. The primary key (unique) and the
 * search indexes (GIN) are left alone; the column stays.
 */
async function dropStaleBtrees(db: Queryable, table: string, wanted: Set<string>): Promise<void> {
  const present = await sql<{ indexname: string; indexdef: string }>(
    db,
    'SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1',
    [table],
  );
  for (const { indexname, indexdef } of present) {
    if (wanted.has(indexname) || /^CREATE UNIQUE/.test(indexdef) || !/ USING btree /.test(indexdef)) continue;
    await sql(db, `DROP INDEX IF EXISTS ${indexname}`);
  }
}

/**
 * A GIN trigram index per search field, so `ILIKE '%x%'` (3+ characters) reads the index instead of every
 * row; the planner rechecks candidates against the ILIKE, so the answer is the scan's answer. Without
 * pg_trgm (not installed and not installable by this role) the fields stay searchable by scanning.
 */
async function createSearchIndexes(
  db: Queryable,
  layout: TableLayout,
  search: SearchLayout,
  warn?: (message: string, err?: unknown) => void,
): Promise<void> {
  const opclass = await trigramOpclass(db);
  if (!opclass) {
    warn?.(
      `pg_trgm is not available: substring search on ${layout.table} (${[...search.columns.keys()].join(', ')})`
        + ' scans instead of using an index',
    );
    return;
  }
  for (const col of search.columns.values()) {
    await sql(db, `CREATE INDEX IF NOT EXISTS ${indexName(layout.table, ['trgm', col])} ON ${layout.table} USING gin (${col} ${opclass})`);
  }
}

/**
 * The schema-qualified pg_trgm operator class, installing the extension when missing (trusted since
 * PostgreSQL 13: a database owner may). It goes to `public` when that exists, else to the store's schema;
 * an extension is database-wide, so it must not live in a schema that a test (or a tenant) drops.
 */
async function trigramOpclass(db: Queryable): Promise<string | undefined> {
  const find = async () =>
    (
      await sql<{ nspname: string }>(
        db,
        "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'",
      )
    )[0]?.nspname;
  let schema = await find();
  for (const target of ['public', undefined]) {
    if (schema) break;
    await sql(db, 'SAVEPOINT authpay_trgm');
    try {
      await sql(db, `CREATE EXTENSION IF NOT EXISTS pg_trgm${target ? ` WITH SCHEMA ${target}` : ''}`);
      await sql(db, 'RELEASE SAVEPOINT authpay_trgm');
    } catch {
      await sql(db, 'ROLLBACK TO SAVEPOINT authpay_trgm'); // a concurrent install or no privilege: look again
    }
    schema = await find();
  }
  return schema ? `"${schema.replace(/"/g, '""')}".gin_trgm_ops` : undefined;
}

/** A btree whose order (ASC NULLS FIRST, then name) matches every sort the store issues, read either way. */
async function createIndex(db: Queryable, layout: TableLayout, cols: string[], tag?: string): Promise<string> {
  const name = indexName(layout.table, tag ? [tag, ...cols] : cols);
  await sql(db, `CREATE INDEX IF NOT EXISTS ${name} ON ${layout.table} (${cols.map((c) => `${c} ASC NULLS FIRST`).join(', ')}, name)`);
  return name;
}

/** PostgreSQL cuts identifiers at 63 bytes; a hash keeps long index names distinct instead of colliding. */
function indexName(table: string, parts: string[]): string {
  const full = `${table}_${parts.join('_')}`;
  return full.length <= 63 ? full : `${full.slice(0, 50)}_${crypto.createHash('sha1').update(full).digest('hex').slice(0, 12)}`;
}

/** Fills newly added index columns from the stored JSON, in name-ordered batches. */
async function backfill(db: Queryable, layout: TableLayout): Promise<void> {
  const cols = dataColumns(layout);
  const assign = cols.map((c, i) => `${c} = $${i + 2}`).join(', ');
  let last = '';
  for (;;) {
    const rows = await sql<{ name: string; data: Resource }>(
      db,
      `SELECT name, data FROM ${layout.table} WHERE name > $1 ORDER BY name LIMIT 1000`,
      [last],
    );
    if (!rows.length) return;
    for (const r of rows) await sql(db, `UPDATE ${layout.table} SET ${assign} WHERE name = $1`, [r.name, ...rowValues(layout, r.data)]);
    last = rows[rows.length - 1].name;
  }
}

/**
 * Runs DDL in one transaction under the schema's DDL lock (the advisory lock that the old code took for every
 * write), so replicas starting together do not race. Writers no longer take it.
 */
export async function withDdlLock<T>(pool: pg.Pool, lock: [number, number], fn: (db: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const onError = () => undefined; // the failing query reports it; this only keeps the event from crashing
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', lock);
    const result = await fn(client);
    await client.query('COMMIT');
    client.off('error', onError);
    client.release();
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.off('error', onError);
    client.release(err as Error);
    throw err;
  }
}
