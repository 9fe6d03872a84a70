import Database from 'better-sqlite3';
import pg from 'pg';
import type { KindInfo } from '../../../../src/host/schema/kind-registry.js';
import { layoutOf } from '../../../../src/host/store/columns.js';
import type { PostgresStore } from '../../../../src/host/store/postgres-store.js';
import type { SqliteStore } from '../../../../src/host/store/sqlite-store.js';
import type { Store } from '../../../../src/host/store/store.js';
import { PG_URL } from '../../../host/store/harness.js';

/** Everything a store keeps for one kind, read with SQL: rows, labels, events, index definitions. */
export interface StoredState {
  rows: Array<Record<string, unknown>>;
  labels: Array<Record<string, unknown>>;
  events: Array<Record<string, unknown>>;
  indexes: string[];
  /** SQLite: the revision counter; PostgreSQL: the compaction mark. */
  mark: number;
  /** PostgreSQL: the schema's revision offset (0 on SQLite). */
  offset: number;
}

export async function storedState(store: Store, kind: KindInfo): Promise<StoredState> {
  return store.backend === 'sqlite' ? sqliteState(store as SqliteStore, kind) : postgresState(store as PostgresStore, kind);
}

function sqliteState(store: SqliteStore, kind: KindInfo): StoredState {
  const { table, labels } = layoutOf(kind);
  const db = new Database(store.file, { readonly: true });
  try {
    return {
      rows: db.prepare(`SELECT rowid AS rowid_, * FROM ${table} ORDER BY name`).all() as Array<Record<string, unknown>>,
      labels: db.prepare(`SELECT * FROM ${labels} ORDER BY name, key`).all() as Array<Record<string, unknown>>,
      events: db.prepare('SELECT * FROM authpay_events WHERE kind = ? ORDER BY rev').all(kind.kind) as Array<Record<string, unknown>>,
      indexes: (
        db.prepare('SELECT type, name, sql FROM sqlite_master WHERE tbl_name LIKE ? ORDER BY type, name').all(`${table}%`) as Array<{
          type: string;
          name: string;
          sql: string | null;
        }>
      ).map((r) => `${r.type} ${r.name}: ${r.sql}`),
      mark: (db.prepare('SELECT value FROM authpay_revision').get() as { value: number }).value,
      offset: 0,
    };
  } finally {
    db.close();
  }
}

async function postgresState(store: PostgresStore, kind: KindInfo): Promise<StoredState> {
  const { table, labels } = layoutOf(kind);
  const client = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${store.schema}` });
  await client.connect();
  const rows = async (text: string, values: unknown[] = []) => (await client.query({ text, values })).rows;
  try {
    const indexes = await rows('SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ($1, $2)', [
      table,
      labels,
    ]);
    return {
      rows: await rows(`SELECT * FROM ${table} ORDER BY name`),
      labels: await rows(`SELECT * FROM ${labels} ORDER BY name, key`),
      events: await rows('SELECT rev, kind, name, type, data FROM authpay_events WHERE kind = $1 ORDER BY rev', [kind.kind]),
      indexes: indexes
        .map((r: { indexname: string; indexdef: string }) => `${r.indexname}: ${r.indexdef.replaceAll(store.schema, '<schema>')}`)
        .sort(),
      mark: Number((await rows("SELECT value FROM authpay_meta WHERE key = 'compacted'"))[0].value),
      offset: Number((await rows("SELECT value FROM authpay_meta WHERE key = 'revision_offset'"))[0].value),
    };
  } finally {
    await client.end();
  }
}
