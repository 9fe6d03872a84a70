import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { KindInfo } from '../schema/kind-registry.js';
import type { Resource, WatchEvent, WatchEventType } from '../resource/types.js';
import { AlreadyExistsError, AppError, NotFoundError } from '../errors/app-error.js';
import type { Condition, ListPage, ListQuery } from './query.js';
import { EVENT_RETENTION, type Store, type StoreOps, type WatchHandle, type WatchListener, type WatchOptions } from './store.js';
import { dataColumns, layoutOf, rowValues, serialize, type TableLayout } from './columns.js';
import { POSTGRES_DIALECT, SqlParams, encodeContinue, planList, renderCondition } from './sql-builder.js';
import { Mutex } from './mutex.js';
import { WatchHub } from './watch-hub.js';
import { conflict, gone } from './store-errors.js';
import {
  isUniqueViolation,
  poolConfig,
  resolveConnection,
  sql,
  type PostgresStoreOptions,
  type Queryable,
  type ResolvedConnection,
} from './postgres-connection.js';
import { createBaseTables, createKindTables, withDdlLock } from './postgres-schema.js';
import { PostgresEventFeed, type EventBatch } from './postgres-event-feed.js';
import { listStatement, type ListRow } from './postgres-list.js';

export type { PostgresStoreOptions } from './postgres-connection.js';

interface TxState {
  client: pg.PoolClient;
  active: boolean;
  /** Revision of the transaction's last write (announced by NOTIFY at commit); 0 when nothing was written. */
  lastRevision: number;
  writes: number;
}

interface Row {
  rv: string;
  data: Resource;
}

/**
 * The scale-out backend: several server processes share one PostgreSQL schema. Writes are serialized per
 * schema by a transaction-scoped advisory lock taken right after BEGIN, so revisions (from a sequence) are
 * committed in increasing order and a count-then-insert inside store.transaction() is safe across processes.
 * Every write appends to the event log in its own transaction and NOTIFYs the revision at commit; each
 * process's event feed reads the log and fans events out to its watchers.
 */
export class PostgresStore implements Store {
  readonly backend = 'postgres' as const;
  private readonly txContext = new AsyncLocalStorage<TxState>();
  /** One writer per process waits on the advisory lock; the others wait here instead of holding connections. */
  private readonly writers = new Mutex();
  private readonly hub = new WatchHub();
  private readonly layouts = new Map<string, TableLayout>();
  private readonly feed: PostgresEventFeed;
  private readonly retention: number;
  private readonly background = new Set<Promise<unknown>>();
  private writesSinceCompaction = 0;
  private closed = false;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly conn: ResolvedConnection,
    private readonly options: PostgresStoreOptions,
  ) {
    this.retention = Math.max(1, options.eventRetention ?? EVENT_RETENTION);
    this.feed = new PostgresEventFeed({
      client: { ...conn.client, options: `-c search_path=${conn.schema}` },
      channel: conn.channel,
      fetch: (after, limit) => this.readEvents(undefined, after, limit),
      publish: (events) => this.hub.publish(events),
      lost: (through) => this.hub.failAll(gone(through - 1)),
      onProblem: options.onProblem,
    });
  }

  /** Connects, creates the schema's base tables when missing and starts listening for commits. */
  static async connect(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const conn = resolveConnection(url, options);
    const pool = new pg.Pool(poolConfig(conn, options));
    pool.on('error', (err) => options.onProblem?.('an idle PostgreSQL connection failed', err));
    const store = new PostgresStore(pool, conn, options);
    try {
      await withDdlLock(pool, conn.writeLock, (db) => createBaseTables(db, conn.schema));
      await store.feed.start(() => store.currentRevision());
    } catch (err) {
      await store.feed.close();
      await pool.end();
      throw err;
    }
    return store;
  }

  get schema(): string {
    return this.conn.schema;
  }

  async ensureKind(kind: KindInfo): Promise<void> {
    const layout = layoutOf(kind);
    await this.writers.run(() =>
      withDdlLock(this.pool, this.conn.writeLock, (db) => createKindTables(db, kind, layout, (message) => this.warn(message))),
    );
    this.layouts.set(kind.kind, layout);
  }

  /** Reported through onProblem when given, else as a process warning (stderr), so it is never silent. */
  private warn(message: string): void {
    if (this.options.onProblem) this.options.onProblem(message, undefined);
    else process.emitWarning(message, 'AuthPayStoreWarning');
  }

  private layout(kind: KindInfo): TableLayout {
    const l = this.layouts.get(kind.kind);
    if (!l) throw new AppError('INTERNAL', `kind ${kind.kind} has no table; ensureKind was not called`);
    return l;
  }

  /** Inside a transaction its connection (reads see its writes); otherwise any pooled connection. */
  private db(): Queryable {
    const tx = this.txContext.getStore();
    return tx?.active ? tx.client : this.pool;
  }

  async get(kind: KindInfo, name: string): Promise<Resource | undefined> {
    const [row] = await sql<Row>(this.db(), `SELECT rv, data FROM ${this.layout(kind).table} WHERE name = $1`, [name], true);
    return row ? withVersion(row.data, row.rv) : undefined;
  }

  /** One statement, hence one snapshot: items, total and revision always describe the same state. */
  async list(kind: KindInfo, query: ListQuery = {}): Promise<ListPage<Resource>> {
    const layout = this.layout(kind);
    const params = new SqlParams(POSTGRES_DIALECT);
    const plan = planList(query, layout, params, POSTGRES_DIALECT);
    const text = listStatement(layout, plan, query.where, params, query.countTotal !== false);
    const rows = await sql<ListRow>(this.db(), text, params.values);
    const items = rows.filter((r) => r.name !== null).map((r) => withVersion(r.data as Resource, r.rv as string));
    let cont: string | undefined;
    if (plan.keyset && plan.limit !== undefined && items.length > plan.limit) {
      items.length = plan.limit;
      cont = encodeContinue({ n: items[items.length - 1].metadata.name });
    }
    const counted = rows[0]?.total;
    const total = counted !== null && counted !== undefined ? Number(counted) : plan.limit === undefined ? items.length : undefined;
    return { items, revision: Number(rows[0]?.revision ?? 0), continue: cont, total };
  }

  async count(kind: KindInfo, where?: Condition): Promise<number> {
    const layout = this.layout(kind);
    const params = new SqlParams(POSTGRES_DIALECT);
    const clause = where ? renderCondition(where, layout, params, POSTGRES_DIALECT) : '1=1';
    const [row] = await sql<{ n: string }>(this.db(), `SELECT count(*) AS n FROM ${layout.table} t WHERE ${clause}`, params.values);
    return Number(row.n);
  }

  insert(kind: KindInfo, obj: Resource): Promise<Resource> {
    return this.write(async (tx) => {
      const layout = this.layout(kind);
      const cols = dataColumns(layout);
      const values = cols.map((_, i) => `$${i + 2}`).join(', ');
      const text = `INSERT INTO ${layout.table} (name, rv, ${cols.join(', ')}, data)
        VALUES ($1, nextval('authpay_revision'), ${values}, $${cols.length + 2})
        ON CONFLICT (name) DO NOTHING RETURNING rv`;
      let rows: Array<{ rv: string }>;
      try {
        rows = await sql(tx.client, text, [obj.metadata.name, ...rowValues(layout, obj), serialize(obj)], true);
      } catch (err) {
        throw isUniqueViolation(err) ? new AlreadyExistsError(kind.kind, obj.metadata.name) : err;
      }
      if (!rows.length) throw new AlreadyExistsError(kind.kind, obj.metadata.name);
      return this.recordWrite(tx, kind, layout, 'ADDED', obj, Number(rows[0].rv));
    });
  }

  update(kind: KindInfo, obj: Resource, expectedVersion: string): Promise<Resource> {
    return this.write(async (tx) => {
      const layout = this.layout(kind);
      const cols = dataColumns(layout);
      const assign = cols.map((c, i) => `${c} = $${i + 2}`).join(', ');
      const n = cols.length;
      const text = `UPDATE ${layout.table} SET rv = nextval('authpay_revision'), ${assign}, data = $${n + 2}
        WHERE name = $1 AND rv = $${n + 3} RETURNING rv`;
      const version = revisionOf(expectedVersion);
      const rows =
        version === undefined
          ? []
          : await sql<{ rv: string }>(tx.client, text, [obj.metadata.name, ...rowValues(layout, obj), serialize(obj), version], true);
      if (!rows.length) await this.explainMiss(tx, kind, layout, obj.metadata.name);
      return this.recordWrite(tx, kind, layout, 'MODIFIED', obj, Number(rows[0].rv));
    });
  }

  remove(kind: KindInfo, name: string, expectedVersion?: string): Promise<Resource> {
    return this.write(async (tx) => {
      const layout = this.layout(kind);
      const version = expectedVersion === undefined ? null : revisionOf(expectedVersion);
      const text = `DELETE FROM ${layout.table} WHERE name = $1 AND ($2::bigint IS NULL OR rv = $2::bigint)
        RETURNING rv, data, nextval('authpay_revision') AS rev`;
      const rows = version === undefined ? [] : await sql<Row & { rev: string }>(tx.client, text, [name, version], true);
      if (!rows.length) await this.explainMiss(tx, kind, layout, name);
      return this.recordWrite(tx, kind, layout, 'DELETED', withVersion(rows[0].data, rows[0].rv), Number(rows[0].rev));
    });
  }

  /** A conditional write matched nothing: NOT_FOUND when the object is absent, else CONFLICT. */
  private async explainMiss(tx: TxState, kind: KindInfo, layout: TableLayout, name: string): Promise<never> {
    const rows = await sql(tx.client, `SELECT 1 FROM ${layout.table} WHERE name = $1`, [name], true);
    throw rows.length ? conflict(kind, name) : new NotFoundError(kind.kind, name);
  }

  /** Brings the labels table in step (keys not kept are deleted, the rest upserted) and logs the event. */
  private async recordWrite(
    tx: TxState,
    kind: KindInfo,
    layout: TableLayout,
    type: WatchEventType,
    obj: Resource,
    rev: number,
  ): Promise<Resource> {
    const stored = { ...obj, metadata: { ...obj.metadata, resourceVersion: String(rev) } } as Resource;
    const labels = type === 'DELETED' ? {} : (obj.metadata.labels ?? {});
    const text = `WITH dropped AS (DELETE FROM ${layout.labels} WHERE name = $1::text AND NOT (key = ANY($2::text[]))),
      kept AS (INSERT INTO ${layout.labels} (name, key, value) SELECT $1::text, k, v FROM unnest($2::text[], $3::text[]) AS l(k, v)
        ON CONFLICT (name, key) DO UPDATE SET value = EXCLUDED.value WHERE ${layout.labels}.value IS DISTINCT FROM EXCLUDED.value)
      INSERT INTO authpay_events (rev, kind, name, type, data) VALUES ($4, $5, $1::text, $6, $7)`;
    await sql(
      tx.client,
      text,
      [obj.metadata.name, Object.keys(labels), Object.values(labels), rev, kind.kind, type, JSON.stringify(stored)],
      true,
    );
    tx.lastRevision = rev;
    tx.writes++;
    return stored;
  }

  /** A single write outside a transaction runs as its own small transaction. */
  private write<T>(fn: (tx: TxState) => Promise<T>): Promise<T> {
    const current = this.txContext.getStore();
    if (current?.active) return fn(current);
    return this.transaction(() => fn(this.txContext.getStore() as TxState));
  }

  inTransaction(): boolean {
    return this.txContext.getStore()?.active === true;
  }

  async transaction<T>(fn: (tx: StoreOps) => Promise<T>): Promise<T> {
    const current = this.txContext.getStore();
    if (current?.active) return fn(this);
    if (this.closed) throw new AppError('UNAVAILABLE', 'the store is closed');
    return this.writers.run(() => this.runTransaction(fn));
  }

  private async runTransaction<T>(fn: (tx: StoreOps) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const state: TxState = { client, active: true, lastRevision: 0, writes: 0 };
    let broken: Error | undefined;
    // A connection lost while fn awaits something else is reported as an event; unheard, it would crash.
    const onError = (err: Error) => (broken = err);
    client.on('error', onError);
    try {
      // Taken first, held to COMMIT: writers of this schema, in any process, run one after another.
      await client.query(`BEGIN; SELECT pg_advisory_xact_lock(${this.conn.writeLock[0]}, ${this.conn.writeLock[1]})`);
      const result = await this.txContext.run(state, () => fn(this));
      state.active = false;
      // NOTIFY is delivered only if and when the transaction commits.
      const notify = state.writes ? `SELECT pg_notify('${this.conn.channel}', '${state.lastRevision}'); ` : '';
      await client.query(`${notify}COMMIT`);
      this.afterCommit(state.writes);
      return result;
    } catch (err) {
      state.active = false;
      await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      throw err;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  private afterCommit(writes: number): void {
    if (!writes) return;
    this.feed.poke(); // our own commit: no need to wait for the notification's round trip
    this.writesSinceCompaction += writes;
    if (this.writesSinceCompaction >= Math.max(1, this.retention / 10)) {
      this.writesSinceCompaction = 0;
      this.track(this.compactEvents().catch((err) => this.options.onProblem?.('compacting the event log failed', err)));
    }
  }

  private track(p: Promise<unknown>): void {
    this.background.add(p);
    void p.finally(() => this.background.delete(p));
  }

  async refreshStatistics(kind: KindInfo): Promise<void> {
    const layout = this.layout(kind);
    // VACUUM cannot run inside a transaction block; pool.query runs it on an idle connection.
    await this.pool.query(`VACUUM (ANALYZE) ${layout.table}`);
    await this.pool.query(`VACUUM (ANALYZE) ${layout.labels}`);
  }

  /** Marks and deletes in one statement, so a concurrent replay sees both or neither. */
  async compactEvents(): Promise<number> {
    const keepAfter = Math.max(0, (await this.currentRevision()) - this.retention);
    const [row] = await sql<{ value: string }>(
      this.pool,
      `WITH mark AS (UPDATE authpay_meta SET value = greatest(value, $1) WHERE key = 'compacted' RETURNING value),
      dropped AS (DELETE FROM authpay_events WHERE rev <= (SELECT value FROM mark)) SELECT value FROM mark`,
      [keepAfter],
    );
    return Number(row.value) + 1;
  }

  async watch(options: WatchOptions, listener: WatchListener, onError?: (err: Error) => void): Promise<WatchHandle> {
    const from = options.fromRevision ?? (await this.currentRevision());
    return this.hub.add(options.kind, from, listener, async (after) => this.replay(options.kind, after), onError);
  }

  private async replay(kind: KindInfo | undefined, after: number): Promise<WatchEvent[]> {
    const { events, compactedThrough } = await this.readEvents(kind, after);
    if (compactedThrough > after) throw gone(after);
    return events;
  }

  /** Events after a revision together with the compaction mark, read in one snapshot. */
  private async readEvents(kind: KindInfo | undefined, after: number, limit?: number): Promise<EventBatch> {
    const byKind = kind ? ' AND kind = $2' : '';
    const text = `SELECT m.value AS compacted, e.rev, e.type, e.data FROM authpay_meta m
      LEFT JOIN LATERAL (
        SELECT rev, type, data FROM authpay_events WHERE rev > $1${byKind} ORDER BY rev${limit ? ` LIMIT ${limit}` : ''}
      ) e ON true
      WHERE m.key = 'compacted' ORDER BY e.rev`;
    const rows = await sql<{ compacted: string; rev: string | null; type: WatchEventType; data: Resource }>(
      this.pool,
      text,
      kind ? [after, kind.kind] : [after],
      true,
    );
    const events = rows.filter((r) => r.rev !== null).map((r) => ({ type: r.type, object: r.data, revision: Number(r.rev) }));
    return { events, compactedThrough: Number(rows[0]?.compacted ?? 0) };
  }

  /** The revision of the last committed write: the newest event (the log always keeps it). */
  async currentRevision(): Promise<number> {
    const [row] = await sql<{ r: string }>(this.db(), 'SELECT coalesce(max(rev), 0) AS r FROM authpay_events', [], true);
    return Number(row.r);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.hub.clear();
    await this.feed.close();
    await this.writers.run(async () => undefined); // lets running transactions finish
    await Promise.allSettled([...this.background]);
    await this.pool.end();
  }
}

function withVersion(data: Resource, rv: string | number): Resource {
  data.metadata.resourceVersion = String(rv);
  return data;
}

/** A resourceVersion as the bigint it stands for; undefined for anything else (which can never match). */
function revisionOf(version: string): string | undefined {
  return /^\d{1,18}$/.test(version) ? version : undefined;
}
