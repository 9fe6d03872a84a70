import fs from 'node:fs';
import path from 'node:path';
import { AsyncLocalStorage } from 'node:async_hooks';
import Database from 'better-sqlite3';
import type { KindInfo } from '../schema/kind-registry.js';
import type { Resource, WatchEvent, WatchEventType } from '../resource/types.js';
import { AlreadyExistsError, AppError, NotFoundError } from '../errors/app-error.js';
import type { Condition, ListPage, ListQuery } from './query.js';
import { EVENT_RETENTION, type Store, type StoreOps, type WatchHandle, type WatchListener, type WatchOptions } from './store.js';
import { dataColumns, deserialize, layoutOf, rowValues, serialize, singleIndexColumns, type TableLayout } from './columns.js';
import { SQLITE_DIALECT, SqlParams, encodeContinue, planList, renderCondition } from './sql-builder.js';
import { Mutex } from './mutex.js';
import { ensureSqliteSearch } from './sqlite-search.js';
import { SqliteCheckpointer } from './sqlite-checkpointer.js';
import { conflict, gone } from './store-errors.js';
import { WatchHub } from './watch-hub.js';

type Db = Database.Database;

interface TxState {
  active: boolean;
  events: WatchEvent[];
  /** The revision counter as of this transaction's last write (read at BEGIN, written back at COMMIT). */
  revision: number;
  /** The revision stored in authpay_revision when the transaction began. */
  startRevision: number;
}

/**
 * The embedded backend: one SQLite file in WAL mode. Writes go through one connection under an async mutex
 * (so a transaction may await between statements); plain reads use a second connection and see only
 * committed data. Watch is in-process.
 */
export class SqliteStore implements Store {
  readonly backend = 'sqlite' as const;
  private readonly writer: Db;
  private readonly reader: Db;
  private readonly mutex = new Mutex();
  private readonly txContext = new AsyncLocalStorage<TxState>();
  private readonly hub = new WatchHub();
  private readonly layouts = new Map<string, TableLayout>();
  private readonly statements = new WeakMap<Db, Map<string, Database.Statement>>();
  private readonly tableStatements = new WeakMap<Db, Map<TableLayout, Map<string, Database.Statement>>>();
  private writesSinceCompaction = 0;
  private readonly checkpointer?: SqliteCheckpointer;
  private checkpointing = false;
  private readonly checkpointFromBytes: number;
  private readonly retention: number;

  /**
   * eventRetention: events kept for watch resume (default EVENT_RETENTION); tests lower it to provoke GONE.
   * checkpoint: when the worker thread takes over checkpoints and how long the WAL may grow (tests lower them).
   */
  constructor(
    readonly file: string,
    options: { eventRetention?: number; checkpoint?: { fromBytes: number; restartFrames: number } } = {},
  ) {
    this.retention = Math.max(1, options.eventRetention ?? EVENT_RETENTION);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    this.writer = new Database(file);
    this.writer.pragma('journal_mode = WAL');
    this.writer.pragma('synchronous = NORMAL');
    this.writer.pragma('busy_timeout = 5000');
    // 64 MiB page cache: bulk writes touch many index pages; the 2 MiB default makes them spill.
    this.writer.pragma('cache_size = -65536');
    // Statement journals in memory: a write that fires a trigger (the search index's) keeps one per statement,
    // and as a temp file it cost a third of the insert rate (docs/store.md, substring search).
    this.writer.pragma('temp_store = MEMORY');
    // Checkpoints run on a worker thread (sqlite-checkpointer.ts) once the WAL has grown past a few MiB; the
    // writer's own auto-checkpoint, which copies and syncs inside a COMMIT, is only the fallback should that
    // thread fail. After a checkpoint the WAL file is cut back to 64 MiB instead of keeping its largest size.
    this.writer.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_FRAMES}`);
    this.writer.pragma(`journal_size_limit = ${64 * 2 ** 20}`);
    this.writer.exec(`
      CREATE TABLE IF NOT EXISTS authpay_revision (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
      INSERT OR IGNORE INTO authpay_revision (id, value) VALUES (1, 0);
      CREATE TABLE IF NOT EXISTS authpay_events
        (rev INTEGER PRIMARY KEY, kind TEXT NOT NULL, name TEXT NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS authpay_events_kind ON authpay_events (kind, rev);
    `);
    this.reader = file === ':memory:' ? this.writer : new Database(file, { readonly: true });
    this.checkpointFromBytes = options.checkpoint?.fromBytes ?? BACKGROUND_CHECKPOINT_FROM_BYTES;
    if (file !== ':memory:') this.checkpointer = new SqliteCheckpointer(file, options.checkpoint?.restartFrames ?? RESTART_FRAMES);
    this.reader.pragma('busy_timeout = 5000');
  }

  async ensureKind(kind: KindInfo): Promise<void> {
    const layout = layoutOf(kind);
    const types = [...layout.columns.values()].filter((c) => c.column !== 'name');
    const defs = types.map((c) => `${c.column} ${c.type === 'string' ? 'TEXT' : c.type === 'number' ? 'REAL' : 'INTEGER'}`);
    await this.mutex.run(async () => {
      this.writer.exec(
        `CREATE TABLE IF NOT EXISTS ${layout.table} (name TEXT PRIMARY KEY, rv INTEGER NOT NULL, ${defs.join(', ')}, data TEXT NOT NULL)`,
      );
      const existing = new Set(
        (this.writer.prepare(`PRAGMA table_info(${layout.table})`).all() as Array<{ name: string }>).map((r) => r.name),
      );
      const added = types.filter((c) => !existing.has(c.column));
      for (const c of added)
        this.writer.exec(
          `ALTER TABLE ${layout.table} ADD COLUMN ${c.column} ${c.type === 'string' ? 'TEXT' : c.type === 'number' ? 'REAL' : 'INTEGER'}`,
        );
      if (added.length) this.backfill(kind, layout);
      this.writer.exec(
        `CREATE TABLE IF NOT EXISTS ${layout.labels}
           (name TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (name, key)) WITHOUT ROWID`,
      );
      this.writer.exec(`CREATE INDEX IF NOT EXISTS ${layout.labels}_kv ON ${layout.labels} (key, value, name)`);
      const present = this.indexesOf(layout.table);
      const wanted = new Set<string>();
      const created: string[] = [];
      const createIndex = (name: string, columns: string[]) => {
        wanted.add(name);
        if (present.has(name)) return;
        this.writer.exec(`CREATE INDEX ${name} ON ${layout.table} (${columns.join(', ')}, name)`);
        created.push(name);
      };
      for (const c of singleIndexColumns(layout, kind)) createIndex(`${layout.table}_${c}`, [c]);
      for (const group of kind.compoundIndexes) {
        const colNames = group.map((p) => layout.columns.get(p)?.column).filter(Boolean) as string[];
        if (colNames.length !== group.length)
          throw new AppError('INTERNAL', `compound index of ${kind.kind} names a field that is not selectable: ${group.join(',')}`);
        createIndex(`${layout.table}_c_${colNames.join('_')}`, colNames);
      }
      for (const name of present) if (!wanted.has(name)) this.writer.exec(`DROP INDEX ${name}`);
      this.analyzeNewIndexes(layout.table, created);
      ensureSqliteSearch(this.writer, layout);
    });
    this.layouts.set(kind.kind, layout);
  }

  /**
   * The store's own indexes of a table. ensureKind creates the declared ones that are missing and drops the
   * rest, those its CRD no longer asks for (a field that stopped being selectable, a compound index removed):
   * every index is written on every insert, so a forgotten one keeps costing. The column stays (dropping it
   * would rewrite the table); the primary key's own index has no SQL.
   */
  private indexesOf(table: string): Set<string> {
    const rows = this.writer
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
      .all(table) as Array<{ name: string }>;
    return new Set(rows.map((r) => r.name));
  }

  /**
   * Gives indexes added to a table that already has planner statistics (PRAGMA optimize, ANALYZE) their own.
   * SQLite takes an index without statistics for a very selective one, so beside measured indexes a new one
   * wins plans it serves badly (measured on 1M records: a console page from 0.03 to 13 ms). A table without
   * statistics keeps none: there every index is judged by the same defaults.
   */
  private analyzeNewIndexes(table: string, created: string[]): void {
    if (!created.length || !this.writer.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1'").get()) return;
    if (!this.writer.prepare('SELECT 1 FROM sqlite_stat1 WHERE tbl = ? LIMIT 1').get(table)) return;
    for (const name of created) this.writer.exec(`ANALYZE ${name}`);
  }

  /** Fills newly added index columns from the stored JSON, in batches. */
  private backfill(kind: KindInfo, layout: TableLayout): void {
    const cols = dataColumns(layout);
    const update = this.writer.prepare(`UPDATE ${layout.table} SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE name = ?`);
    let last = '';
    for (;;) {
      const rows = this.writer
        .prepare(`SELECT name, rv, data FROM ${layout.table} WHERE name > ? ORDER BY name LIMIT 1000`)
        .all(last) as Row[];
      if (!rows.length) break;
      this.writer.transaction(() => {
        for (const r of rows) update.run(...rowValues(layout, deserialize(r.data, r.rv)), r.name);
      })();
      last = rows[rows.length - 1].name;
    }
    void kind;
  }

  private layout(kind: KindInfo): TableLayout {
    const l = this.layouts.get(kind.kind);
    if (!l) throw new AppError('INTERNAL', `kind ${kind.kind} has no table; ensureKind was not called`);
    return l;
  }

  /**
   * The fixed statements of one table (get, insert, …), prepared once per connection and found by a short
   * constant key: building their SQL text and looking it up on every call showed in write profiles.
   */
  private tableStmt(db: Db, layout: TableLayout, key: string, build: () => string): Database.Statement {
    let byLayout = this.tableStatements.get(db);
    if (!byLayout) this.tableStatements.set(db, (byLayout = new Map()));
    let cache = byLayout.get(layout);
    if (!cache) byLayout.set(layout, (cache = new Map()));
    let s = cache.get(key);
    if (!s) cache.set(key, (s = db.prepare(build())));
    return s;
  }

  private stmt(db: Db, sql: string): Database.Statement {
    let cache = this.statements.get(db);
    if (!cache) this.statements.set(db, (cache = new Map()));
    let s = cache.get(sql);
    if (!s) cache.set(sql, (s = db.prepare(sql)));
    return s;
  }

  /** Reads inside an open transaction see its writes; others read committed data on the reader. */
  private readDb(): Db {
    return this.txContext.getStore()?.active ? this.writer : this.reader;
  }

  async get(kind: KindInfo, name: string): Promise<Resource | undefined> {
    const layout = this.layout(kind);
    const row = this.tableStmt(this.readDb(), layout, 'get', () => `SELECT rv, data FROM ${layout.table} WHERE name = ?`).get(name) as
      Row | undefined;
    return row ? deserialize(row.data, row.rv) : undefined;
  }

  async list(kind: KindInfo, query: ListQuery = {}): Promise<ListPage<Resource>> {
    const layout = this.layout(kind);
    const params = new SqlParams(SQLITE_DIALECT);
    const plan = planList(query, layout, params, SQLITE_DIALECT);
    const db = this.readDb();
    const read = () => {
      const revision = this.revisionSeenBy(db);
      const fetchLimit = plan.limit !== undefined && plan.keyset ? plan.limit + 1 : plan.limit;
      let sql = `SELECT t.name, t.rv, t.data FROM ${layout.table} t WHERE ${plan.where} ORDER BY ${plan.order}`;
      if (fetchLimit !== undefined) sql += ` LIMIT ${fetchLimit}`;
      if (plan.offset) sql += ` OFFSET ${plan.offset}`;
      const rows = this.stmt(db, sql).all(...(params.values as unknown[])) as Row[];
      let total: number | undefined;
      if (!plan.keyset && plan.limit !== undefined) {
        if (query.countTotal === false) return { rows, revision, total: undefined };
        const countParams = new SqlParams(SQLITE_DIALECT);
        const where = query.where ? renderCondition(query.where, layout, countParams, SQLITE_DIALECT) : '1=1';
        total = (
          this.stmt(db, `SELECT count(*) AS n FROM ${layout.table} t WHERE ${where}`).get(...(countParams.values as unknown[])) as {
            n: number;
          }
        ).n;
      } else if (plan.limit === undefined) total = rows.length;
      return { rows, revision, total };
    };
    // One read transaction so items, total and revision describe the same snapshot.
    const { rows, revision, total } = db.inTransaction ? read() : db.transaction(read)();
    let cont: string | undefined;
    if (plan.keyset && plan.limit !== undefined && rows.length > plan.limit) {
      rows.length = plan.limit;
      cont = encodeContinue({ n: rows[rows.length - 1].name });
    }
    return { items: rows.map((r) => deserialize(r.data, r.rv)), revision, continue: cont, total };
  }

  async count(kind: KindInfo, where?: Condition): Promise<number> {
    const layout = this.layout(kind);
    const params = new SqlParams(SQLITE_DIALECT);
    const clause = where ? renderCondition(where, layout, params, SQLITE_DIALECT) : '1=1';
    return (
      this.stmt(this.readDb(), `SELECT count(*) AS n FROM ${layout.table} t WHERE ${clause}`).get(...(params.values as unknown[])) as {
        n: number;
      }
    ).n;
  }

  insert(kind: KindInfo, obj: Resource): Promise<Resource> {
    return this.write((tx) => {
      const layout = this.layout(kind);
      const rev = this.nextRevision(tx);
      const insert = this.tableStmt(this.writer, layout, 'insert', () => {
        const cols = dataColumns(layout);
        return `INSERT INTO ${layout.table} (name, rv, ${cols.join(', ')}, data) VALUES (?, ?, ${cols.map(() => '?').join(', ')}, ?)`;
      });
      const data = serialize(obj);
      try {
        insert.run(obj.metadata.name, rev, ...rowValues(layout, obj), data);
      } catch (err) {
        if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new AlreadyExistsError(kind.kind, obj.metadata.name);
        throw err;
      }
      this.writeLabels(layout, obj, false);
      return this.recordEvent(tx, kind, 'ADDED', obj, rev, data);
    });
  }

  /**
   * Sets only the index columns whose value changed: SQLite rewrites the entries of every index that names
   * a column in the SET list, even when the value is the same, and each one is a random page for the WAL.
   */
  update(kind: KindInfo, obj: Resource, expectedVersion: string): Promise<Resource> {
    return this.write((tx) => {
      const layout = this.layout(kind);
      const name = obj.metadata.name;
      const cols = dataColumns(layout);
      const stored = this.tableStmt(
        this.writer,
        layout,
        'stored',
        () => `SELECT rv, ${cols.join(', ')} FROM ${layout.table} WHERE name = ?`,
      )
        .raw(true)
        .get(name) as unknown[] | undefined;
      if (!stored) throw new NotFoundError(kind.kind, name);
      if (stored[0] !== Number(expectedVersion)) throw conflict(kind, name);
      const values = rowValues(layout, obj);
      const changed = cols.flatMap((c, i) => (stored[i + 1] === values[i] ? [] : [i]));
      const rev = this.nextRevision(tx);
      const data = serialize(obj);
      const sets = changed.map((i) => `${cols[i]} = ?, `).join('');
      const sql = `UPDATE ${layout.table} SET rv = ?, ${sets}data = ? WHERE name = ? AND rv = ?`;
      const result = this.stmt(this.writer, sql).run(rev, ...changed.map((i) => values[i]), data, name, Number(expectedVersion));
      if (result.changes === 0) this.explainMiss(kind, layout, name, expectedVersion);
      this.writeLabels(layout, obj, true);
      return this.recordEvent(tx, kind, 'MODIFIED', obj, rev, data);
    });
  }

  remove(kind: KindInfo, name: string, expectedVersion?: string): Promise<Resource> {
    return this.write((tx) => {
      const layout = this.layout(kind);
      const row = this.stmt(this.writer, `SELECT rv, data FROM ${layout.table} WHERE name = ?`).get(name) as Row | undefined;
      if (!row) throw new NotFoundError(kind.kind, name);
      if (expectedVersion !== undefined && String(row.rv) !== expectedVersion) throw conflict(kind, name);
      const rev = this.nextRevision(tx);
      this.stmt(this.writer, `DELETE FROM ${layout.table} WHERE name = ?`).run(name);
      this.stmt(this.writer, `DELETE FROM ${layout.labels} WHERE name = ?`).run(name);
      return this.recordEvent(tx, kind, 'DELETED', deserialize(row.data, row.rv), rev, row.data);
    });
  }

  private explainMiss(kind: KindInfo, layout: TableLayout, name: string, expected: string): never {
    const current = this.stmt(this.writer, `SELECT rv FROM ${layout.table} WHERE name = ?`).get(name) as { rv: number } | undefined;
    if (!current) throw new NotFoundError(kind.kind, name);
    void expected;
    throw conflict(kind, name);
  }

  /** On replace, rewrites the label rows only when the labels changed (a rewrite dirties two indexes). */
  private writeLabels(layout: TableLayout, obj: Resource, replace: boolean): void {
    const labels = Object.entries(obj.metadata.labels ?? {});
    if (replace) {
      const stored = this.tableStmt(this.writer, layout, 'labels', () => `SELECT key, value FROM ${layout.labels} WHERE name = ?`).all(
        obj.metadata.name,
      ) as Array<{ key: string; value: string }>;
      if (sameLabels(stored, labels)) return;
      this.stmt(this.writer, `DELETE FROM ${layout.labels} WHERE name = ?`).run(obj.metadata.name);
    }
    if (!labels.length) return;
    const ins = this.tableStmt(
      this.writer,
      layout,
      'insertLabel',
      () => `INSERT INTO ${layout.labels} (name, key, value) VALUES (?, ?, ?)`,
    );
    for (const [k, v] of labels) ins.run(obj.metadata.name, k, v);
  }

  /**
   * Counts in memory and stores the counter once, at commit: the transaction holds SQLite's write lock from
   * BEGIN IMMEDIATE, so no other connection or process can move it meanwhile, and a rollback forgets it. An
   * UPDATE per write was a statement (and its page) per object of a bulk transaction.
   */
  private nextRevision(tx: TxState): number {
    return ++tx.revision;
  }

  private storedRevision(db: Db): number {
    return (this.stmt(db, 'SELECT value FROM authpay_revision WHERE id = 1').get() as { value: number }).value;
  }

  /** Inside a transaction, its own writes count (their revisions are not stored until commit). */
  private revisionSeenBy(db: Db): number {
    const tx = this.txContext.getStore();
    return tx?.active && db === this.writer ? tx.revision : this.storedRevision(db);
  }

  /**
   * Logs the event with the row's own JSON (data: serialize(obj), no resourceVersion; replay puts the rev
   * back, as reads do), so an object is serialized once per write. The caller gets a copy parsed from it.
   */
  private recordEvent(tx: TxState, kind: KindInfo, type: WatchEventType, obj: Resource, rev: number, data: string): Resource {
    const stored = { ...obj, metadata: { ...obj.metadata, resourceVersion: String(rev) } } as Resource;
    this.stmt(this.writer, 'INSERT INTO authpay_events (rev, kind, name, type, data) VALUES (?, ?, ?, ?, ?)').run(
      rev,
      kind.kind,
      obj.metadata.name,
      type,
      data,
    );
    tx.events.push({ type, object: stored, revision: rev });
    return deserialize(data, rev);
  }

  /** A single write outside a transaction runs as its own small transaction. */
  private write<T>(fn: (tx: TxState) => T): Promise<T> {
    const current = this.txContext.getStore();
    if (current?.active) {
      // Runs now (the statements are synchronous); a failure still arrives as a rejection, as from any write.
      try {
        return Promise.resolve(fn(current));
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return this.transaction(async () => fn(this.txContext.getStore() as TxState));
  }

  inTransaction(): boolean {
    return this.txContext.getStore()?.active === true;
  }
  async lock(...keys: string[]): Promise<void> {
    // One writer per file: an open transaction already excludes every other writer, whatever the keys.
    void keys;
    if (!this.inTransaction()) throw new AppError('INTERNAL', 'store.lock() needs a transaction: call it inside store.transaction()');
  }

  async transaction<T>(fn: (tx: StoreOps) => Promise<T>): Promise<T> {
    const current = this.txContext.getStore();
    if (current?.active) return fn(this);
    return this.mutex.run(async () => {
      if (this.checkpointing && this.checkpointer?.needsSettle) await this.checkpointer.settle();
      this.writer.exec('BEGIN IMMEDIATE');
      const revision = this.storedRevision(this.writer);
      const state: TxState = { active: true, events: [], revision, startRevision: revision };
      try {
        const result = await this.txContext.run(state, () => fn(this));
        if (state.revision !== state.startRevision)
          this.stmt(this.writer, 'UPDATE authpay_revision SET value = ? WHERE id = 1').run(state.revision);
        this.writer.exec('COMMIT');
        state.active = false;
        this.checkpointAfterCommit();
        this.afterCommit(state.events);
        return result;
      } catch (err) {
        state.active = false;
        if (this.writer.inTransaction) this.writer.exec('ROLLBACK');
        throw err;
      }
    });
  }

  /**
   * Hands checkpoints to the worker thread once the WAL file has passed a few MiB (small stores, such as
   * tests', never start the thread and are checkpointed when they close).
   */
  private checkpointAfterCommit(): void {
    if (!this.checkpointer) return;
    if (!this.checkpointing) this.checkpointing = walBytes(this.file) >= this.checkpointFromBytes;
    if (this.checkpointing) this.checkpointer.afterCommit();
  }

  private afterCommit(events: WatchEvent[]): void {
    if (!events.length) return;
    this.hub.publish(events);
    this.writesSinceCompaction += events.length;
    if (this.writesSinceCompaction >= Math.max(1, this.retention / 10)) {
      this.writesSinceCompaction = 0;
      void this.compactEvents();
    }
  }

  /**
   * Exact statistics of the kind's table (ANALYZE with no analysis_limit: about 3 s for 1M records). PRAGMA
   * optimize samples instead, and for a leading column with few values its estimate is far off (authStatus:
   * 561 rows per value among 1M), which sends the planner to the wrong index.
   */
  async refreshStatistics(kind: KindInfo): Promise<void> {
    const layout = this.layout(kind);
    await this.mutex.run(async () => {
      this.writer.pragma('analysis_limit = 0');
      this.writer.exec(`ANALYZE ${layout.table}`);
    });
  }

  async compactEvents(): Promise<number> {
    return this.mutex.run(async () => {
      const current = await this.currentRevision();
      const keepAfter = Math.max(0, current - this.retention);
      this.writer.prepare('DELETE FROM authpay_events WHERE rev <= ?').run(keepAfter);
      return keepAfter + 1;
    });
  }

  async watch(options: WatchOptions, listener: WatchListener, onError?: (err: Error) => void): Promise<WatchHandle> {
    const from = options.fromRevision ?? (await this.currentRevision());
    return this.hub.add(options.kind, from, listener, async (after) => this.replay(options.kind, after), onError);
  }

  private replay(kind: KindInfo | undefined, after: number): WatchEvent[] {
    const current = this.storedRevision(this.reader);
    if (after >= current) return [];
    const oldest = (this.stmt(this.reader, 'SELECT min(rev) AS r FROM authpay_events').get() as { r: number | null }).r;
    if (oldest === null || after + 1 < oldest) throw gone(after);
    const rows = (
      kind
        ? this.stmt(this.reader, 'SELECT rev, type, data FROM authpay_events WHERE kind = ? AND rev > ? ORDER BY rev').all(kind.kind, after)
        : this.stmt(this.reader, 'SELECT rev, type, data FROM authpay_events WHERE rev > ? ORDER BY rev').all(after)
    ) as Array<{ rev: number; type: WatchEventType; data: string }>;
    return rows.map((r) => ({ type: r.type, object: deserialize(r.data, r.rev), revision: r.rev }));
  }

  async currentRevision(): Promise<number> {
    return this.revisionSeenBy(this.readDb());
  }

  async close(): Promise<void> {
    this.hub.clear();
    await this.mutex.run(async () => {
      // The worker's connection closes first, so the writer's close finds itself last and folds the WAL in.
      await this.checkpointer?.close();
      if (this.reader !== this.writer) this.reader.close();
      this.writer.close();
    });
  }
}

/** WAL frames (pages) after which the store waits for the checkpointer to catch up, so the WAL starts over. */
const RESTART_FRAMES = 100_000;
/** The writer checkpoints by itself only if the worker thread failed (the WAL then passes RESTART_FRAMES). */
const FALLBACK_CHECKPOINT_FRAMES = 2 * RESTART_FRAMES;
const BACKGROUND_CHECKPOINT_FROM_BYTES = 8 * 2 ** 20;

function walBytes(file: string): number {
  try {
    return fs.statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}

function sameLabels(stored: Array<{ key: string; value: string }>, labels: Array<[string, string]>): boolean {
  if (stored.length !== labels.length) return false;
  const wanted = new Map(labels);
  return stored.every((r) => wanted.get(r.key) === r.value);
}

interface Row {
  name: string;
  rv: number;
  data: string;
}
