import fs from 'node:fs';
import path from 'node:path';
import { KindRegistry } from '../../src/host/schema/kind-registry.js';
import { ExtensionClient } from '../../src/host/client/extension-client.js';
import { SqliteStore } from '../../src/host/store/sqlite-store.js';
import { loadCatalogAndUsers } from '../plugin-auth/load.js';
import { bulkLoadRecords } from './bulk-load.js';
import { recordAt, specAt } from '../plugin-auth/dataset.js';
import { bulkLoad } from '../lib/bulk/bulk-load.js';
import { loaderFromEnv } from '../lib/bulk/loader-choice.js';
import type { Resource } from '../../src/host/resource/types.js';

/** The file openStore() uses inside a data directory. */
const DB_FILE = 'authpay.db';
/** extensions/site-plugin-auth-log.yaml */
const AUTH_LOG_KIND = 'SitePluginAuthLog';
/** extensions/plugin-auth-settings.yaml */
const CONFIG_MAP = 'plugin-auth-configmap';

/**
 * A data directory holding the plugin-auth benchmark's records (bench/plugin-auth/dataset.ts: 100 plugins,
 * 10,000 users, N records of which the first `expired` are past their expiry), loaded by bulk-load.ts (or, with
 * BENCH_LOADER=bulk, by bench/lib/bulk/, which writes the same rows many times faster). An
 * existing directory with a database is reused as it is, so repeated runs skip the load.
 */
export async function ensureDataset(
  dataDir: string,
  n: number,
  expired: number,
  log: (msg: string) => void,
): Promise<{ loaded: boolean; perSecond?: number }> {
  const file = path.join(dataDir, DB_FILE);
  const exists = fs.existsSync(file);
  fs.mkdirSync(dataDir, { recursive: true });
  const registry = new KindRegistry();
  registry.loadDirectory(path.resolve('src', 'host', 'crds'));
  registry.loadDirectory(path.resolve('extensions'));
  const store = new SqliteStore(file);
  try {
    for (const kind of registry.kinds()) await store.ensureKind(kind);
    const client = new ExtensionClient(registry, store);
    await disableCleanup(client);
    if (exists) return { loaded: false };
    await loadCatalogAndUsers(client);
    const progress = (done: number, ms: number) => log(`  ${done} records, ${Math.round((done / ms) * 1000)}/s`);
    const now = Date.now();
    const load =
      loaderFromEnv() === 'bulk'
        ? await bulkLoad(client, AUTH_LOG_KIND, n, (i) => recordAt(i, expired, now), { progress })
        : await bulkLoadRecords(store, client, registry.get(AUTH_LOG_KIND), n, expired, now, progress);
    return { loaded: true, perSecond: load.perSecond };
  } finally {
    await store.close();
  }
}

/**
 * Switches the cleanup job off before the server starts (setting cleanupEnabled in the service's ConfigMap),
 * so neither its hourly slot nor a catch-up run can stall the server in the middle of a measurement.
 */
async function disableCleanup(client: ExtensionClient): Promise<void> {
  const data = { cleanup: JSON.stringify({ cleanupEnabled: false }) };
  const existing = await client.fetch<Resource & { data?: Record<string, string> }>('ConfigMap', CONFIG_MAP);
  if (existing) await client.update({ ...existing, data: { ...existing.data, ...data } });
  else await client.create({ apiVersion: 'host.authpay.dev/v1alpha1', kind: 'ConfigMap', metadata: { name: CONFIG_MAP }, data });
}

/** Plugin and host of record i (independent of the load time, so a reused directory still matches). */
export function targetAt(i: number): { pluginKey: string; authDomain: string } {
  const spec = specAt(i, 0, 0);
  return { pluginKey: spec.pluginKey, authDomain: spec.authDomain };
}
