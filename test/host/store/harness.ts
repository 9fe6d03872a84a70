import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { KindRegistry, type KindInfo } from '../../../src/host/schema/kind-registry.js';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';
import { SqliteStore } from '../../../src/host/store/sqlite-store.js';
import { PostgresStore } from '../../../src/host/store/postgres-store.js';
import type { Store } from '../../../src/host/store/store.js';
import type { Resource } from '../../../src/host/resource/types.js';

export const PG_URL = process.env.AUTHPAY_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A store backend under test. Each `db` name is one database (a file or a schema) kept until cleanup. */
export interface Backend {
  name: 'sqlite' | 'postgres';
  open(db: string, options?: { eventRetention?: number }): Promise<Store>;
  cleanup(): Promise<void>;
}

export function sqliteBackend(): Backend {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-conformance-'));
  return {
    name: 'sqlite',
    open: async (db, options) => new SqliteStore(path.join(dir, `${db}.db`), options),
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Every db is a fresh schema named after this run, dropped at cleanup. */
export function postgresBackend(): Backend {
  const run = `conf_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const schemas = new Set<string>();
  return {
    name: 'postgres',
    open: async (db, options) => {
      const schema = `${run}_${db}`;
      schemas.add(schema);
      return PostgresStore.connect(PG_URL, { schema, eventRetention: options?.eventRetention, poolSize: 4 });
    },
    cleanup: async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
      await client.end();
    },
  };
}

/**
 * Whether PostgreSQL answers at the test URL (within two seconds). Locally an unreachable PostgreSQL only
 * skips the PostgreSQL cases; in CI (CI=true) it fails the calling suite, so they can never pass by skipping.
 */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch (err) {
    if (process.env.CI === 'true') throw new Error(`PostgreSQL is required in CI but unreachable at ${PG_URL}: ${(err as Error).message}`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A second kind (numbers and booleans as indexed columns), so revisions can be checked across kinds. */
const GADGET_CRD = `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: { name: gadgets.conformance.authpay.dev }
spec:
  group: conformance.authpay.dev
  scope: Cluster
  names: { kind: Gadget, plural: gadgets, singular: gadget }
  versions:
    - name: v1
      served: true
      storage: true
      selectableFields: [{ jsonPath: .spec.weight }, { jsonPath: .spec.active }]
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                weight: { type: number }
                active: { type: boolean }
`;

export interface Kinds {
  registry: KindRegistry;
  authLog: KindInfo;
  gadget: KindInfo;
}

/** The real SitePluginAuthLog CRD from extensions/ plus the test's Gadget kind. */
export function loadKinds(): Kinds {
  const registry = new KindRegistry();
  const authLog = registry.loadYaml(fs.readFileSync(path.resolve('extensions/site-plugin-auth-log.yaml'), 'utf8'))[0];
  const gadget = registry.loadYaml(GADGET_CRD)[0];
  return { registry, authLog, gadget };
}

/** Opens a store with both kinds' tables and a client over it. */
export async function openClient(
  backend: Backend,
  kinds: Kinds,
  db: string,
  options?: { eventRetention?: number },
): Promise<{ store: Store; client: ExtensionClient }> {
  const store = await backend.open(db, options);
  await store.ensureKind(kinds.authLog);
  await store.ensureKind(kinds.gadget);
  return { store, client: new ExtensionClient(kinds.registry, store) };
}

export interface AuthLogSpec {
  pluginKey: string;
  authUser: string;
  authDomain: string;
  authStatus: number;
  authTime?: string;
  expireTime?: string;
  license?: string;
}

/** A SitePluginAuthLog as given to create. */
export function authLog(name: string, spec: Partial<AuthLogSpec> = {}, labels?: Record<string, string>) {
  return {
    apiVersion: 'pluginauth.authpay.dev/v1alpha1',
    kind: 'SitePluginAuthLog',
    metadata: { name, ...(labels ? { labels } : {}) },
    spec: { pluginKey: 'p', authUser: 'u', authDomain: 'a.com', authStatus: 0, ...spec },
  };
}

export function gadgetOf(name: string, spec: { weight?: number; active?: boolean } = {}) {
  return { apiVersion: 'conformance.authpay.dev/v1', kind: 'Gadget', metadata: { name }, spec };
}

export const names = (items: Resource[]): string[] => items.map((i) => i.metadata.name);

/** Waits (bounded) until a condition holds; the bound only keeps a broken watch from hanging the suite. */
export async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
