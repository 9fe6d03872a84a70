/**
 * A ledger on a real store: SQLite files, or PostgreSQL where two stores on one schema stand for two server
 * processes. Each world gets its own database; `clients` share it.
 */
import path from 'node:path';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';
import { KindRegistry } from '../../../src/host/schema/kind-registry.js';
import { systemClock } from '../../../src/host/sdk/index.js';
import type { LedgerDeps } from '../../../src/payment/ledger/post-entry.js';
import type { Store } from '../../../src/host/store/store.js';
import type { Backend } from '../../host/store/harness.js';

const registry = new KindRegistry();
const kinds = registry.loadDirectory(path.resolve('extensions'));

export interface LedgerWorld {
  deps: LedgerDeps[];
  close(): Promise<void>;
}

let worlds = 0;

export async function openLedgerWorld(backend: Backend, replicas = 1): Promise<LedgerWorld> {
  const db = `ledger${++worlds}`;
  const stores: Store[] = [];
  for (let i = 0; i < replicas; i++) {
    const store = await backend.open(db);
    for (const kind of kinds) await store.ensureKind(kind);
    stores.push(store);
  }
  return {
    deps: stores.map((store) => ({ client: new ExtensionClient(registry, store), clock: systemClock })),
    close: async () => void (await Promise.all(stores.map((s) => s.close()))),
  };
}
