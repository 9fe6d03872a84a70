/**
 * Two real `authpay serve` processes on one fresh PostgreSQL schema, as two replicas behind a balancer, and
 * a store client of that schema in this test process for looking at what was stored. Race tests send half of
 * their concurrent requests to each process, so a check-then-write guarded only inside one process (a mutex,
 * a cache) shows up as a broken invariant. The schema is dropped and both processes killed at close().
 */
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { ExtensionClient } from '../../src/host/client/extension-client.js';
import { KindRegistry } from '../../src/host/schema/kind-registry.js';
import { PostgresStore } from '../../src/host/store/postgres-store.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, bearer, call, type Answer } from '../host/auth/harness.js';
import { PG_URL, postgresReachable } from '../host/store/harness.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

/** describe when PostgreSQL answers (always in CI, where it is required), else describe.skip with a note. */
export async function describeOnPostgres(what: string): Promise<jest.Describe> {
  const reachable = await postgresReachable();
  if (!reachable && process.env.CI === 'true') throw new Error(`PostgreSQL is required in CI (${PG_URL})`);
  if (!reachable) console.warn(`${what} skipped: PostgreSQL is not reachable at ${PG_URL}`);
  return reachable ? describe : describe.skip;
}

export interface ProcessPair {
  readonly schema: string;
  readonly processes: [ServerProcess, ServerProcess];
  /** This process's client of the same schema (reads and set-up writes). */
  readonly client: ExtensionClient;
  /** The i-th of n concurrent requests goes to this process: alternately one and the other. */
  pick(i: number): ServerProcess;
  /** A request with the bootstrap (admin) token; throws on a status of 300 or above. */
  admin<T = unknown>(method: string, apiPath: string, json?: unknown, headers?: Record<string, string>): Promise<T>;
  close(): Promise<void>;
}

/** Starts both processes (one after the other: the first creates the tables) on a schema named after tag. */
export async function startProcessPair(tag: string, env: Record<string, string> = {}): Promise<ProcessPair> {
  const schema = `${tag}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const url = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}schema=${schema}`;
  const started: ServerProcess[] = [];
  let store: PostgresStore | undefined;
  const close = async () => {
    for (const p of started) await p.kill();
    await store?.close();
    const db = new pg.Client({ connectionString: PG_URL });
    await db.connect();
    await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await db.end();
  };
  try {
    const serverEnv = {
      AUTHPAY_DATABASE_URL: url,
      AUTHPAY_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN,
      AUTHPAY_ADMIN_PASSWORD: ADMIN_PASSWORD,
      ...env,
    };
    started.push(await startServerProcess(serverEnv));
    started.push(await startServerProcess(serverEnv));
    const registry = new KindRegistry();
    registry.loadDirectory(path.resolve('src/host/crds'));
    registry.loadDirectory(path.resolve('extensions'));
    store = await PostgresStore.connect(PG_URL, { schema, poolSize: 2 });
    for (const kind of registry.kinds()) await store.ensureKind(kind); // the tables exist: this learns their layout
    const client = new ExtensionClient(registry, store);
    const processes = started as [ServerProcess, ServerProcess];
    return {
      schema,
      processes,
      client,
      pick: (i) => processes[i % 2],
      admin: async <T>(method: string, apiPath: string, json?: unknown, headers: Record<string, string> = {}) => {
        const res: Answer<T> = await call<T>(`${processes[0].url}${apiPath}`, {
          method,
          headers: { ...bearer(BOOTSTRAP_TOKEN), ...headers },
          json,
          signal: AbortSignal.timeout(60_000),
        });
        if (res.status >= 300) throw new Error(`${method} ${apiPath}: ${res.status} ${res.text}`);
        return res.body.data;
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
