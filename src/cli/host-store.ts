import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExtensionClient } from '../host/client/extension-client.js';
import { configFromEnv, type HostConfig } from '../host/config.js';
import { KindRegistry } from '../host/schema/kind-registry.js';
import { openStore, sqliteFileIn } from '../host/store/open-store.js';
import type { Store } from '../host/store/store.js';

/** The package root: two levels above this file in src/cli and in dist/cli alike. */
const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const HOST_CRDS = path.join(PACKAGE_ROOT, 'src', 'host', 'crds');

/** The embedded store's file: `$AUTHPAY_DATA_DIR/authpay.db`. */
export function sqliteFile(config: HostConfig): string {
  return sqliteFileIn(config.dataDir);
}

export interface HostStore {
  config: HostConfig;
  store: Store;
  client: ExtensionClient;
  close(): Promise<void>;
}

/**
 * The configured store with the host's kinds (users, sessions, settings), without a server: what an operator's
 * command needs. Safe beside a running server: SQLite writes take the database's own write lock, and the host
 * keeps no cache of users or sessions, so a change made here counts at the server's next request.
 */
export async function openHostStore(env: NodeJS.ProcessEnv): Promise<HostStore> {
  const config = configFromEnv(env);
  if (!config.databaseUrl && !fs.existsSync(sqliteFile(config))) {
    throw new Error(`no database at ${sqliteFile(config)}: set AUTHPAY_DATA_DIR to the server's data directory`);
  }
  const store = await openStore(config);
  const registry = new KindRegistry();
  registry.loadDirectory(HOST_CRDS);
  for (const kind of registry.kinds()) await store.ensureKind(kind);
  const client = new ExtensionClient(registry, store);
  return { config, store, client, close: () => store.close() };
}
