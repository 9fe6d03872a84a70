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
import { asWriteConflict, horizonCte, nextWriteNumber, revisionSql } from './postgres-revisions.js';
import { PostgresEventFeed, type EventBatch } from './postgres-event-feed.js';
import { listStatement, type ListRow } from './postgres-list.js';

export type { PostgresStoreOptions } from './postgres-connection.js';

interface TxState {
  client: pg.PoolClient;
  active: boolean;
  /** Revision of the transaction's last write (announced by NOTIFY at commit); 0 when nothing was written. */
  lastRevision: number;
  writes: number;
  /** A single write outside any transaction: one autocommitted statement that NOTIFYs itself. */
  standalone?: boolean;
}

interface Row {
  rv: string;
  data: Resource;
}

/**
 * The scale-out backend: several server processes share one PostgreSQL schema and write concurrently. A
 * write's revision derives from its transaction's xid (postgres-revisions.ts), so revisions may commit out of
 * order; readers of the event log stop at the horizon, below which every transaction has ended. Every write
 * appends to the event log in its own transaction and NOTIFYs at commit; each process's event feed reads the
 * log and fans events out to its watchers. Invariants that need serialization take store.lock(keys).
 */
export class PostgresStore implements Store {
  readonly backend = 'postgres' as const;
  private readonly txContext = new AsyncLocalStorage<TxState>();
  /** DDL of this process runs one at a time (across processes the DDL lock orders it). */
  private readonly ddl = new Mutex();
  private readonly transactions = new Set<Promise<unknown>>();
  private readonly hub = new WatchHub();
  private readonly layouts = new Map<string, TableLayout>();
  private readonly feed: PostgresEventFeed;
  private readonly retention: number;
  private readonly background = new Set<Promise<unknown>>();
  private writesSinceCompaction = 0;
  private closed = false;
  /** Set once the base tables exist: revisions are `offset + (xid << 16) + n` (postgres-revisions.ts). */
  private offset = 0;
  /** The highest horizon seen: every event below it is final, so no later read needs to stop lower. */
  private floor = 0;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly conn: ResolvedConnection,
    private readonly options: PostgresStoreOptions,
  ) {
    this.retention = Math.max(1, options.eventRetention ?? EVENT_RETENTION);
    this.feed = new PostgresEventFeed({
      client: { ...conn.client, options: `-c search_path=${conn.schema}` },
      application: `authpay-listener/${conn.schema}`,
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
      store.offset = await withDdlLock(pool, conn.ddlLock, (db) => createBaseTables(db, conn.schema));
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
    await this.ddl.run(() =>
      withDdlLock(this.pool, this.conn.ddlLock, (db) => createKindTables(db, kind, layout, (message) => this.warn(message))),
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
    // The floor is a parameter, not a literal: the text then depends only on the query's shape and is prepared once.
    const horizon = this.horizon(params.add(this.floor));
    const text = listStatement(layout, plan, query.where, params, horizon, query.countTotal !== false);
    const rows = await this.atHorizon<ListRow>(text, params.values, true);
    const items = rows.filter((r) => r.name !== null).map((r) => withVersion(r.data as Resource, r.rv as string));
    let cont: string | undefined;
    if (plan.keyset && plan.limit !== undefined && items.length > plan.limit) {
      items.length = plan.limit;
      cont = encodeContinue({ n: items[items.length - 1].metadata.name });
    }
    const counted = rows[0]?.total;
    const total = counted !== null && counted !== undefined ? Number(counted) : plan.limit === undefined ? items.length : undefined;
    const revision = Math.max(Number(rows[0]?.revision ?? 0), this.ownRevision());
    return { items, revision, continue: cont, total };
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
      const n = cols.length;
      const values = cols.map((_, i) => `$${i + 2}`).join(', ');
      const row = `INSERT INTO ${layout.table} (name, rv, ${cols.join(', ')}, data)
        VALUES ($1, ${revisionSql(this.offset, `$${n + 3}`)}, ${values}, $${n + 2})
        ON CONFLICT (name) DO NOTHING RETURNING rv, data`;
      const text = this.withEvent(tx, layout, row, 'ADDED', n + 4);
      const params = [obj.metadata.name, ...rowValues(layout, obj), serialize(obj), nextWriteNumber(tx.writes)];
      let rows: Array<{ rv: string }>;
      try {
        rows = await sql(tx.client, text, [...params, ...this.eventParams(kind, obj)], true);
      } catch (err) {
        throw isUniqueViolation(err) ? new AlreadyExistsError(kind.kind, obj.metadata.name) : err;
      }
      if (!rows.length) throw new AlreadyExistsError(kind.kind, obj.metadata.name);
      return this.recorded(tx, obj, Number(rows[0].rv));
    });
  }

  update(kind: KindInfo, obj: Resource, expectedVersion: string): Promise<Resource> {
    return this.write(async (tx) => {
      const layout = this.layout(kind);
      const cols = dataColumns(layout);
      const n = cols.length;
      const assign = cols.map((c, i) => `${c} = $${i + 2}`).join(', ');
      const row = `UPDATE ${layout.table} SET rv = ${revisionSql(this.offset, `$${n + 4}`)}, ${assign}, data = $${n + 2}
        WHERE name = $1 AND rv = $${n + 3} RETURNING rv, data`;
      const text = this.withEvent(tx, layout, row, 'MODIFIED', n + 5);
      const version = revisionOf(expectedVersion);
      const params = [obj.metadata.name, ...rowValues(layout, obj), serialize(obj), version, nextWriteNumber(tx.writes)];
      const rows =
        version === undefined ? [] : await sql<{ rv: string }>(tx.client, text, [...params, ...this.eventParams(kind, obj)], true);
      if (!rows.length) await this.explainMiss(tx, kind, layout, obj.metadata.name);
      return this.recorded(tx, obj, Number(rows[0].rv));
    });
  }

  remove(kind: KindInfo, name: string, expectedVersion?: string): Promise<Resource> {
    return this.write(async (tx) => {
      const layout = this.layout(kind);
      const version = expectedVersion === undefined ? null : revisionOf(expectedVersion);
      const row = `DELETE FROM ${layout.table} WHERE name = $1 AND ($2::bigint IS NULL OR rv = $2::bigint)
        RETURNING ${revisionSql(this.offset, '$3')} AS rv, data`;
      const text = this.withEvent(tx, layout, row, 'DELETED', 4);
      const values = [name, version, nextWriteNumber(tx.writes), [], [], kind.kind];
      const rows = version === undefined ? [] : await sql<Row>(tx.client, text, values, true);
      if (!rows.length) await this.explainMiss(tx, kind, layout, name);
      return this.recorded(tx, rows[0].data, Number(rows[0].rv));
    });
  }

  /**
   * One statement per write: the row's own statement (`w`, returning its new revision and data) with the labels
   * brought in step (keys not kept deleted, the rest upserted) and the event logged. A write that matches
   * nothing changes nothing else. The event's data is the row's text as written, without resourceVersion: the
   * readers take it from the event's revision (readEvents), so the object is serialised once per write. Only a
   * removal answers the data (the object it removed). A standalone write also NOTIFYs, delivered at its commit.
   * `p` is the first of three parameters after the row's own: label keys, label values, the kind.
   */
  private withEvent(tx: TxState, layout: TableLayout, row: string, type: WatchEventType, p: number): string {
    const [keys, values, kind] = [`$${p}::text[]`, `$${p + 1}::text[]`, `$${p + 2}::text`];
    const name = '$1::text';
    return `WITH w AS (${row}),
      dropped AS (DELETE FROM ${layout.labels} WHERE name = ${name} AND NOT (key = ANY(${keys})) AND EXISTS (SELECT 1 FROM w)),
      kept AS (INSERT INTO ${layout.labels} (name, key, value)
        SELECT ${name}, k, v FROM unnest(${keys}, ${values}) AS l(k, v) WHERE EXISTS (SELECT 1 FROM w)
        ON CONFLICT (name, key) DO UPDATE SET value = EXCLUDED.value WHERE ${layout.labels}.value IS DISTINCT FROM EXCLUDED.value),
      logged AS (INSERT INTO authpay_events (rev, kind, name, type, data) SELECT w.rv, ${kind}, ${name}, '${type}', w.data FROM w)
      SELECT rv${type === 'DELETED' ? ', data' : ''}${tx.standalone ? `, pg_notify('${this.conn.channel}', rv::text)` : ''} FROM w`;
  }

  /** The label keys and values an added or modified object keeps, and its kind: withEvent's parameters. */
  private eventParams(kind: KindInfo, obj: Resource): unknown[] {
    const labels = obj.metadata.labels ?? {};
    return [Object.keys(labels), Object.values(labels), kind.kind];
  }

  /** A conditional write matched nothing: NOT_FOUND when the object is absent, else CONFLICT. */
  private async explainMiss(tx: TxState, kind: KindInfo, layout: TableLayout, name: string): Promise<never> {
    const rows = await sql(tx.client, `SELECT 1 FROM ${layout.table} WHERE name = $1`, [name], true);
    throw rows.length ? conflict(kind, name) : new NotFoundError(kind.kind, name);
  }

  /** Counts a logged write in its transaction and answers the object as stored. */
  private recorded(tx: TxState, obj: Resource, rev: number): Resource {
    tx.lastRevision = rev;
    tx.writes++;
    return { ...obj, metadata: { ...obj.metadata, resourceVersion: String(rev) } } as Resource;
  }

  /**
   * A single write outside a transaction is one autocommitted statement (no BEGIN and COMMIT round trips): its
   * revision, labels, event and NOTIFY all come from that statement, so it commits whole or not at all.
   */
  private write<T>(fn: (tx: TxState) => Promise<T>): Promise<T> {
    const current = this.txContext.getStore();
    if (current?.active) return fn(current);
    return this.tracked(() => this.runStandalone(fn));
  }

  private runStandalone<T>(fn: (tx: TxState) => Promise<T>): Promise<T> {
    return this.onConnection(async (client) => {
      const state: TxState = { client, active: true, lastRevision: 0, writes: 0, standalone: true };
      try {
        const result = await this.txContext.run(state, () => fn(state));
        this.afterCommit(state.writes);
        return result;
      } catch (err) {
        throw asWriteConflict(err);
      } finally {
        state.active = false;
      }
    });
  }

  /** Runs fn on a pooled connection; one that failed (an error event, a failed rollback) is discarded, not reused. */
  private async onConnection<T>(fn: (client: pg.PoolClient, broke: (err: Error) => void) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    const broke = (err: Error) => (broken = err);
    // A connection lost while fn awaits something else is reported as an event; unheard, it would crash.
    client.on('error', broke);
    try {
      return await fn(client, broke);
    } finally {
      client.off('error', broke);
      client.release(broken);
    }
  }

  inTransaction(): boolean {
    return this.txContext.getStore()?.active === true;
  }

  async lock(...keys: string[]): Promise<void> {
    const tx = this.txContext.getStore();
    if (!tx?.active) throw new AppError('INTERNAL', 'store.lock() needs a transaction: call it inside store.transaction()');
    const ordered = [...new Set(keys)].sort();
    if (!ordered.length) return;
    // One statement for all keys; the ORDER BY keeps the sorted order, so lockers of overlapping sets cannot deadlock.
    await sql(
      tx.client,
      'SELECT pg_advisory_xact_lock(hashtextextended($1 || k, 0)) FROM unnest($2::text[]) WITH ORDINALITY AS t(k, i) ORDER BY i',
      [`${this.conn.schema}:`, ordered],
      true,
    );
  }

  async transaction<T>(fn: (tx: StoreOps) => Promise<T>): Promise<T> {
    const current = this.txContext.getStore();
    if (current?.active) return fn(this);
    return this.tracked(() => this.runTransaction(fn));
  }

  /** Runs a transaction (or standalone write) that close() waits for; refused once the store is closed. */
  private tracked<T>(run: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new AppError('UNAVAILABLE', 'the store is closed'));
    const running = run();
    const settled = running.catch(() => undefined);
    this.transactions.add(settled);
    void settled.finally(() => this.transactions.delete(settled));
    return running;
  }

  private runTransaction<T>(fn: (tx: StoreOps) => Promise<T>): Promise<T> {
    return this.onConnection(async (client, broke) => {
      const state: TxState = { client, active: true, lastRevision: 0, writes: 0 };
      try {
        await client.query('BEGIN');
        const result = await this.txContext.run(state, () => fn(this));
        state.active = false;
        // NOTIFY is delivered only if and when the transaction commits.
        const notify = state.writes ? `SELECT pg_notify('${this.conn.channel}', '${state.lastRevision}'); ` : '';
        await client.query(`${notify}COMMIT`);
        this.afterCommit(state.writes);
        return result;
      } catch (err) {
        state.active = false;
        await client.query('ROLLBACK').catch(broke);
        throw asWriteConflict(err);
      }
    });
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

  /**
   * Keeps the newest `retention` events (revisions have gaps, so counting revisions would not do), and never
   * cuts at or past the horizon: a running transaction may still add events below it. Marks and deletes in
   * one statement, so a concurrent replay sees both or neither.
   */
  async compactEvents(): Promise<number> {
    const text = `WITH ${this.horizon('$2')},
      cut AS (SELECT least(
        coalesce((SELECT rev FROM authpay_events ORDER BY rev DESC OFFSET $1 LIMIT 1), 0),
        (SELECT coalesce(max(rev), 0) FROM authpay_events WHERE rev < (SELECT h.h FROM h))) AS rev),
      mark AS (UPDATE authpay_meta SET value = greatest(value, (SELECT rev FROM cut)) WHERE key = 'compacted' RETURNING value),
      dropped AS (DELETE FROM authpay_events WHERE rev <= (SELECT value FROM mark))
      SELECT value, (SELECT min(rev) FROM authpay_events WHERE rev > (SELECT value FROM mark)) AS oldest FROM mark`;
    const [row] = await sql<{ value: string; oldest: string | null }>(this.pool, text, [this.retention, this.floor], true);
    return row.oldest === null ? Number(row.value) + 1 : Number(row.oldest);
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

  /**
   * Final events after a revision (below the horizon of the same snapshot) with the compaction mark. The
   * horizon is computed in the reading statement itself: one computed earlier could pass a transaction that
   * commits between the two statements.
   */
  private async readEvents(kind: KindInfo | undefined, after: number, limit?: number): Promise<EventBatch> {
    const byKind = kind ? ' AND kind = $3' : '';
    const text = `WITH ${this.horizon('$2')}
      SELECT m.value AS compacted, h.h AS horizon, h.hidden, e.rev, e.type, e.data FROM authpay_meta m CROSS JOIN h
      LEFT JOIN LATERAL (
        SELECT rev, type, data FROM authpay_events WHERE rev > $1 AND rev < h.h${byKind} ORDER BY rev${limit ? ` LIMIT ${limit}` : ''}
      ) e ON true
      WHERE m.key = 'compacted' ORDER BY e.rev`;
    type EventRow = { compacted: string; horizon: string; hidden: boolean; rev: string | null; type: WatchEventType; data: Resource };
    const values = kind ? [after, this.floor, kind.kind] : [after, this.floor];
    const rows = await sql<EventRow>(this.pool, text, values, true);
    // The event's revision is the object's resourceVersion (events written before 2026-12 carry it in data too).
    const events = rows
      .filter((r) => r.rev !== null)
      .map((r) => ({ type: r.type, object: withVersion(r.data, r.rev as string), revision: Number(r.rev) }));
    const horizon = this.raiseFloor(rows[0].horizon);
    return { events, compactedThrough: Number(rows[0]?.compacted ?? 0), horizon, hidden: rows[0].hidden };
  }

  /**
   * The revision of the last final write: the newest event below the horizon (the log always keeps the newest
   * event). Inside a transaction its own last write counts too, as on SQLite.
   */
  async currentRevision(): Promise<number> {
    const text = `WITH ${this.horizon('$1')}
      SELECT h.h AS horizon, h.hidden, (SELECT coalesce(max(rev), 0) FROM authpay_events WHERE rev < (SELECT h.h FROM h)) AS r FROM h`;
    const [row] = await this.atHorizon<{ horizon: string; r: string; hidden: boolean }>(text, [this.floor], true);
    this.raiseFloor(row.horizon);
    return Math.max(Number(row.r), this.ownRevision());
  }

  /**
   * Runs a statement that reads at the horizon. When its refined horizon still hides a committed event, and
   * outside a transaction, it runs once more in a read-only transaction that reads pg_stat_activity first:
   * PostgreSQL keeps that read for the transaction, so the statement's newer snapshot then leaves out every
   * other application's transaction that was running before it, and one that ended in between can no longer
   * hold the horizon (postgres-revisions.ts). So a revision committed before the call is passed unless a
   * transaction of this schema's pool that began earlier still runs.
   */
  private async atHorizon<R extends { hidden: boolean }>(text: string, values: unknown[], prepare: boolean): Promise<R[]> {
    const rows = await sql<R>(this.db(), text, values, prepare);
    if (!rows[0]?.hidden || this.inTransaction()) return rows;
    return this.onConnection(async (client, broke) => {
      try {
        await client.query('BEGIN READ ONLY; SELECT count(*) FROM pg_stat_activity');
        const again = await sql<R>(client, text, values, prepare);
        await client.query('COMMIT');
        return again;
      } catch (err) {
        broke(err as Error);
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    });
  }

  private horizon(floor: string): string {
    return horizonCte({ offset: this.offset, application: this.conn.application, floor });
  }

  private raiseFloor(horizon: string): number {
    this.floor = Math.max(this.floor, Number(horizon));
    return this.floor;
  }

  /** The revision of the surrounding transaction's last write; 0 outside a transaction or before its first write. */
  private ownRevision(): number {
    const tx = this.txContext.getStore();
    return tx?.active ? tx.lastRevision : 0;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.hub.clear();
    await this.feed.close();
    await Promise.allSettled([...this.transactions]); // lets running transactions finish
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
