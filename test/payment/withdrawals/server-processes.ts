/**
 * Real server processes (`tsx src/cli.ts serve`) on one database, and this test process's own client of the
 * same store for set-up money (an ADJUSTMENT through postLedgerEntry) and for reading what is stored. A
 * process can be killed with SIGKILL and another started on the same data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, type ChildServer } from '../../../bench/lib/server-process.js';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';
import { KindRegistry } from '../../../src/host/schema/kind-registry.js';
import { systemClock } from '../../../src/host/sdk/index.js';
import Database from 'better-sqlite3';
import pg from 'pg';
import { layoutOf } from '../../../src/host/store/columns.js';
import { openStore } from '../../../src/host/store/open-store.js';
import type { Store } from '../../../src/host/store/store.js';
import type { LedgerDeps } from '../../../src/payment/ledger/post-entry.js';
import { BOOTSTRAP_TOKEN, ADMIN_PASSWORD } from '../support/payment-server.js';

export interface ProcessWorld {
  dataDir: string;
  databaseUrl?: string;
  /** This process's client of the servers' store (set-up writes). */
  deps: LedgerDeps;
  /** The server started with the world (it created the tables). */
  first: ChildServer;
  /**
   * A client on a newly opened store: a store instance caches what it read and learns of changes from its own
   * writes (SQLite) or notifications, so checks after a crash read through a fresh one.
   */
  freshDeps(): Promise<LedgerDeps>;
  /**
   * Withdrawal records in a status, counted by plain SQL on the database (no store cache, no server): what
   * other connections see committed while a server is busy in a batch.
   */
  countWithdrawals(status: string): Promise<number>;
  start(): Promise<ChildServer>;
  close(): Promise<void>;
}

export async function openProcessWorld(databaseUrl?: string): Promise<ProcessWorld> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-withdraw-proc-'));
  const servers: ChildServer[] = [];
  const env = {
    NODE_OPTIONS: '',
    AUTHPAY_DATA_DIR: dataDir,
    AUTHPAY_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN,
    AUTHPAY_ADMIN_PASSWORD: ADMIN_PASSWORD,
    AUTHPAY_LOG_LEVEL: 'warn',
    ...(databaseUrl ? { AUTHPAY_DATABASE_URL: databaseUrl } : {}),
  };
  const start = async () => {
    const server = await spawnServer(['--import', 'tsx', path.join('src', 'cli.ts'), 'serve'], env, '/healthz');
    servers.push(server);
    return server;
  };
  // The first server creates the tables; this process's store opens them after it.
  const first = await start();
  const registry = new KindRegistry();
  registry.loadDirectory(path.resolve('src/host/crds'));
  registry.loadDirectory(path.resolve('extensions'));
  const stores: Store[] = [];
  const freshDeps = async () => {
    const store = await openStore({ databaseUrl, dataDir });
    for (const kind of registry.kinds()) await store.ensureKind(kind);
    stores.push(store);
    return { client: new ExtensionClient(registry, store), clock: systemClock };
  };
  const deps = await freshDeps();
  const layout = layoutOf(registry.get('WithdrawalRecord'));
  const column = layout.columns.get('spec.status')!.column;
  const sql = (mark: string) => `SELECT count(*) AS n FROM ${layout.table} WHERE ${column} = ${mark}`;
  let countWithdrawals: (status: string) => Promise<number>;
  let closeCounter: () => Promise<void>;
  if (databaseUrl) {
    const schema = new URL(databaseUrl).searchParams.get('schema')!;
    const pool = new pg.Pool({
      connectionString: databaseUrl.replace(/[?&]schema=[^&]*/, ''),
      max: 1,
      options: `-c search_path=${schema}`,
    });
    countWithdrawals = async (status) => Number((await pool.query(sql('$1'), [status])).rows[0].n);
    closeCounter = () => pool.end();
  } else {
    const db = new Database(path.join(dataDir, 'authpay.db'), { readonly: true });
    countWithdrawals = async (status) => (db.prepare(sql('?')).get(status) as { n: number }).n;
    closeCounter = async () => void db.close();
  }
  return {
    dataDir,
    databaseUrl,
    deps,
    freshDeps,
    countWithdrawals: (status) => countWithdrawals(status),
    first,
    start,
    close: async () => {
      for (const s of servers) await s.stop();
      for (const store of stores) await store.close();
      await closeCounter();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Kills a server process the hard way: no shutdown hook, no rollback but the database's own. */
export async function killHard(server: ChildServer): Promise<void> {
  process.kill(server.pid, 'SIGKILL');
  await server.stop();
  // A process ended by a signal has no exit code, and stop() would wait for a second exit: never stop it again.
  server.stop = async () => undefined;
}
