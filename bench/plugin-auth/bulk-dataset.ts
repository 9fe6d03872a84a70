import path from 'node:path';
import { ExtensionClient } from '../../src/host/client/extension-client.js';
import { KindRegistry } from '../../src/host/schema/kind-registry.js';
import { openStore } from '../../src/host/store/open-store.js';
import type { startServer } from '../../src/main.js';
import { bulkLoad } from '../lib/bulk/bulk-load.js';
import type { DatasetMeta } from './data-dir.js';
import { recordAt } from './dataset.js';
import { loadCatalogAndUsers } from './load.js';

type Start = (dataDir: string) => ReturnType<typeof startServer>;

/**
 * BENCH_LOADER=bulk: the settings, plugins and users through a short-lived server (as the client loader makes
 * them), then the N records by the bulk loader on a store of its own while no server runs: on SQLite the
 * loader's index builds hold the write lock for many seconds, longer than a server's writes would wait.
 */
export async function bulkDataset(
  start: Start,
  dataDir: string,
  sizes: { n: number; expired: number },
  log: (msg: string) => void,
): Promise<DatasetMeta> {
  const now = Date.now();
  const { runtime } = await start(dataDir);
  try {
    await runtime.workloads.settings.update('plugin-auth-settings', { cleanup: { cleanupEnabled: false } });
    await loadCatalogAndUsers(runtime.client);
  } finally {
    await runtime.stop();
  }
  const databaseUrl = process.env.AUTHPAY_DATABASE_URL || undefined;
  const store = await openStore({ databaseUrl, dataDir });
  try {
    const registry = new KindRegistry();
    registry.loadDirectory(path.resolve('src', 'host', 'crds'));
    registry.loadDirectory(path.resolve('extensions'));
    const kind = registry.get('SitePluginAuthLog');
    await store.ensureKind(kind);
    const client = new ExtensionClient(registry, store);
    log(`[${store.backend}] bulk-loading ${sizes.n} records (${sizes.expired} expired) into ${dataDir}`);
    let last = 0;
    const bulk = await bulkLoad(client, kind.kind, sizes.n, (i) => recordAt(i, sizes.expired, now), {
      pgUrl: databaseUrl,
      progress: (done, ms) => {
        if (ms - last < 15_000 && done < sizes.n) return;
        last = ms;
        log(`  ${done} records, ${Math.round((done / ms) * 1000)}/s`);
      },
    });
    await store.refreshStatistics(kind);
    return { ...sizes, now, load: { ms: bulk.ms, perSecond: bulk.perSecond }, bulk };
  } finally {
    await store.close();
  }
}
