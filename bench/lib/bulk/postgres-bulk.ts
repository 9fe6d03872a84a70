import pg from 'pg';
import type { Resource } from '../../../src/host/resource/types.js';
import type { FieldType } from '../../../src/host/schema/kind-registry.js';
import { layoutOf, rowValues, serialize, type TableLayout } from '../../../src/host/store/columns.js';
import { poolConfig, resolveConnection } from '../../../src/host/store/postgres-connection.js';
import { MAX_WRITES_PER_TRANSACTION, revisionSql } from '../../../src/host/store/postgres-revisions.js';
import type { PostgresStore } from '../../../src/host/store/postgres-store.js';
import { nowMs } from '../timing.js';
import { keepsEvent, labelRows, preparedRange, type BulkPhases, type BulkWrite } from './writer.js';

/** Rows per INSERT statement: each column travels as one array parameter. */
const ROWS_PER_STATEMENT = 5000;

const ARRAY_TYPES: Record<FieldType, string> = { string: 'text[]', integer: 'bigint[]', number: 'float8[]', boolean: 'smallint[]' };

/**
 * Writes the rows PostgresStore.insert would write (table row, labels, event), from a connection that carries
 * the pool's application_name (the horizon counts it as one of the schema's own writers), with the kind
 * table's secondary and trigram indexes dropped during the load and created again from their own definitions.
 * A row's revision is computed in its INSERT exactly as the store computes it, offset + (xid << 16) + n, n
 * counting the transaction's writes; so a transaction holds at most 65,535 objects.
 */
export async function postgresBulkLoad(store: PostgresStore, url: string, write: BulkWrite): Promise<BulkPhases> {
  if (write.batch > MAX_WRITES_PER_TRANSACTION) {
    throw new Error(`a PostgreSQL transaction holds at most ${MAX_WRITES_PER_TRANSACTION} writes`);
  }
  const conn = resolveConnection(url, { schema: store.schema });
  const client = new pg.Client(poolConfig(conn, {}));
  await client.connect();
  const layout = layoutOf(write.kind);
  let rowsMs = 0;
  let indexMs = 0;
  try {
    const offset = await revisionOffset(client);
    const indexes = await dropIndexes(client, layout.table);
    const started = nowMs();
    // The next batch is prepared while the server writes the previous one.
    let pending: Promise<void> | undefined;
    for (let from = 0; from < write.n; from += write.batch) {
      const to = Math.min(write.n, from + write.batch);
      const objects = await preparedRange(write, from, to);
      await pending;
      pending = inTransaction(client, conn.channel, () => writeBatch(client, layout, write, offset, from, objects)).then(() =>
        write.progress(to),
      );
      pending.catch(() => undefined); // awaited before the next batch; a failure meanwhile is not unhandled
    }
    await pending;
    rowsMs = nowMs() - started;
    indexMs = await restoreIndexes(client, indexes);
  } finally {
    await client.end();
  }
  const ensureStart = nowMs();
  await store.ensureKind(write.kind);
  return { rowsMs, indexMs, ensureMs: nowMs() - ensureStart };
}

async function revisionOffset(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ value: string }>("SELECT value FROM authpay_meta WHERE key = 'revision_offset'");
  return Number(rows[0].value);
}

/** Commits with the NOTIFY the store sends, so every replica's event feed reads the new events. */
async function inTransaction(client: pg.Client, channel: string, fn: () => Promise<number>): Promise<void> {
  await client.query('BEGIN');
  try {
    const last = await fn();
    await client.query('SELECT pg_notify($1, $2)', [channel, String(last)]);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/** One transaction's rows, labels and events; returns the revision of its last write. */
async function writeBatch(
  client: pg.Client,
  layout: TableLayout,
  write: BulkWrite,
  offset: number,
  from: number,
  objects: Resource[],
): Promise<number> {
  const revisions = new Map<string, number>();
  const step = write.rowsPerStatement ?? ROWS_PER_STATEMENT;
  for (let at = 0; at < objects.length; at += step) {
    const part = objects.slice(at, at + step);
    for (const row of await insertRows(client, layout, offset, at, part)) revisions.set(row.name, Number(row.rv));
  }
  await insertLabels(client, layout, objects);
  const logged = objects.filter((_, k) => keepsEvent(write, from + k));
  await insertEvents(client, write.kind.kind, logged, revisions);
  if (logged.length < objects.length) await markCompacted(client, objects, logged.length, revisions);
  return [...revisions.values()].reduce((a, b) => Math.max(a, b), 0);
}

/** Rows `before + 1 …` of the transaction; each row's revision is its write number within the transaction. */
async function insertRows(client: pg.Client, layout: TableLayout, offset: number, before: number, objects: Resource[]) {
  const cols = [...layout.columns.values()].filter((c) => c.column !== 'name');
  const arrays = cols.map((c) => `$${cols.indexOf(c) + 3}::${ARRAY_TYPES[c.type]}`);
  const names = cols.map((c) => c.column);
  const text = `INSERT INTO ${layout.table} (name, rv, ${names.join(', ')}, data)
    SELECT u.name, ${revisionSql(offset, `($1::bigint + u.n)`)}, ${names.map((c) => `u.${c}`).join(', ')}, u.data::json
    FROM unnest($2::text[], ${arrays.join(', ')}, $${cols.length + 3}::text[]) WITH ORDINALITY AS u(name, ${names.join(', ')}, data, n)
    ORDER BY u.n RETURNING name, rv`;
  const rows = objects.map((obj) => rowValues(layout, obj));
  const values = [before, objects.map((o) => o.metadata.name), ...names.map((_, c) => rows.map((r) => r[c])), objects.map(serialize)];
  const result = await client.query<{ name: string; rv: string }>({ text, values });
  return result.rows;
}

async function insertLabels(client: pg.Client, layout: TableLayout, objects: Resource[]): Promise<void> {
  const rows = objects.flatMap((obj) => labelRows(obj).map(([k, v]) => [obj.metadata.name, k, v]));
  if (!rows.length) return;
  await client.query(`INSERT INTO ${layout.labels} (name, key, value) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])`, [
    rows.map((r) => r[0]),
    rows.map((r) => r[1]),
    rows.map((r) => r[2]),
  ]);
}

/** The event the store logs: the row's text (the readers take resourceVersion from the event's revision). */
async function insertEvents(client: pg.Client, kind: string, objects: Resource[], revisions: Map<string, number>): Promise<void> {
  if (!objects.length) return;
  const revs = objects.map((obj) => revisions.get(obj.metadata.name) as number);
  const data = objects.map(serialize);
  await client.query(
    `INSERT INTO authpay_events (rev, kind, name, type, data)
      SELECT u.rev, $1, u.name, 'ADDED', u.data::json FROM unnest($2::bigint[], $3::text[], $4::text[]) AS u(rev, name, data)`,
    [kind, revs, objects.map((o) => o.metadata.name), data],
  );
}

/**
 * Records the newest object left without an event as compacted, as the store's compaction does for the events
 * it deletes: a watch resuming from before it is GONE (PostgreSQL tells GONE by this mark, not by the oldest
 * event). The objects without events are the batch's first ones.
 */
async function markCompacted(client: pg.Client, objects: Resource[], logged: number, revisions: Map<string, number>): Promise<void> {
  const newestUnlogged = revisions.get(objects[objects.length - logged - 1].metadata.name);
  await client.query("UPDATE authpay_meta SET value = greatest(value, $1::bigint) WHERE key = 'compacted'", [newestUnlogged]);
}

/** Drops the table's indexes but the primary key (which refuses duplicates); returns their definitions. */
async function dropIndexes(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1
      AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass) ORDER BY indexname`,
    [table],
  );
  for (const { indexname } of rows) await client.query(`DROP INDEX ${indexname}`);
  return rows.map((r) => r.indexdef);
}

/** Builds the indexes from their own definitions, with memory for the sorts; returns the milliseconds spent. */
async function restoreIndexes(client: pg.Client, definitions: string[]): Promise<number> {
  const start = nowMs();
  await client.query("SET maintenance_work_mem = '1GB'");
  for (const definition of definitions) await client.query(definition);
  return nowMs() - start;
}
