import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KindRegistry } from '../../src/host/schema/kind-registry.js';
import { ExtensionClient } from '../../src/host/client/extension-client.js';
import { SqliteStore } from '../../src/host/store/sqlite-store.js';
import type { Store } from '../../src/host/store/store.js';

export type BackendName = 'sqlite' | 'postgres';

/** One prepared backend: a store with the plugin's kinds, a client over it, and how a server reaches it. */
export interface BenchBackend {
  name: BackendName;
  store: Store;
  client: ExtensionClient;
  /** Environment that makes `startServer` open this very data (data dir or database URL with schema). */
  serverEnv: NodeJS.ProcessEnv;
  /** Where the data lives, for the report. */
  location: string;
  /** SQLite file path (for EXPLAIN QUERY PLAN and the size figure). */
  sqliteFile?: string;
  pgSchema?: string;
  dispose(): Promise<void>;
}

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

function registry(): KindRegistry {
  const r = new KindRegistry();
  r.loadDirectory(path.resolve('src', 'host', 'crds'));
  r.loadDirectory(path.resolve('extensions'));
  return r;
}

async function withKinds(store: Store, reg: KindRegistry): Promise<ExtensionClient> {
  for (const kind of reg.kinds()) await store.ensureKind(kind);
  return new ExtensionClient(reg, store);
}

export async function openSqlite(keep: boolean): Promise<BenchBackend> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-bench-store-'));
  const dataDir = path.join(dir, 'data');
  const file = path.join(dataDir, 'authpay.db'); // the file openStore() uses for a data directory
  const store = new SqliteStore(file);
  const reg = registry();
  return {
    name: 'sqlite',
    store,
    client: await withKinds(store, reg),
    serverEnv: { AUTHPAY_DATA_DIR: dataDir },
    location: file,
    sqliteFile: file,
    async dispose() {
      await store.close().catch(() => undefined);
      if (!keep) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function openPostgres(url: string, keep: boolean): Promise<BenchBackend> {
  const { PostgresStore } = await import('../../src/host/store/postgres-store.js');
  const schema = `bench_store_${Date.now().toString(36)}`;
  const store = await PostgresStore.connect(url, { schema });
  const reg = registry();
  const serverUrl = new URL(url);
  serverUrl.searchParams.set('schema', schema);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-bench-pg-'));
  return {
    name: 'postgres',
    store,
    client: await withKinds(store, reg),
    serverEnv: { AUTHPAY_DATABASE_URL: serverUrl.toString(), AUTHPAY_DATA_DIR: dataDir },
    location: `${url.replace(/\/\/[^@/]*@/, '//')} schema ${schema}`,
    pgSchema: schema,
    async dispose() {
      await store.close().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (!keep) await dropSchema(url, schema);
    },
  };
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
