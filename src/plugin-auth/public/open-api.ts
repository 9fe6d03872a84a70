import { WatchedReadCache, type OperationDef, type PluginContext } from '../../host/sdk/index.js';
import { AUTH_API_BASE } from '../api/groups.js';
import { SitePluginAuthLog, type AuthLog } from '../auth-log/types.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { dockingOperations } from '../docking/routes.js';
import { loadLicenseSigningKey } from '../license/key-store.js';
import { LicenseAuthority } from '../license/license-authority.js';
import { licenseOperations } from '../license/routes.js';
import { CatalogCache } from './catalog-cache.js';
import type { OpenApiDeps } from './deps.js';
import { openEndpointsGuard } from './open-guard.js';
import { publicOperations } from './routes.js';
import { SettingsSnapshot } from './settings-snapshot.js';

/** Authorization records checkAuth keeps in memory (about 1 KiB each): the sites that call most often. */
const RECORD_CACHE_CAPACITY = 20_000;

/**
 * Starts the open side of the service (issue 5): the license key (made on first start), the in-memory
 * catalog, settings and record cache the hot path reads, the guard in front of /public/** and /docking/**, the public,
 * docking and downloadLicense operations.
 */
export async function startOpenApi(
  context: Pick<PluginContext, 'addOperation' | 'addMiddleware' | 'onStop' | 'rateLimits'>,
  deps: PluginAuthDeps,
): Promise<number> {
  const authority = new LicenseAuthority(await loadLicenseSigningKey(deps.client), deps.clock);
  const catalog = new CatalogCache(deps.client, deps.logger);
  const snapshot = new SettingsSnapshot(deps.settings, deps.logger);
  const records = new WatchedReadCache<AuthLog>({
    client: deps.client,
    kind: SitePluginAuthLog,
    capacity: RECORD_CACHE_CAPACITY,
    logger: deps.logger,
  });
  context.onStop(() => {
    catalog.stop();
    snapshot.stop();
    records.stop();
  });
  await Promise.all([catalog.start(), records.start()]);
  const open: OpenApiDeps = { ...deps, authority, catalog, snapshot, records };
  const guard = await openEndpointsGuard(open, context.rateLimits);
  context.addMiddleware(AUTH_API_BASE, guard);
  const operations: OperationDef[] = [...publicOperations(open), ...dockingOperations(open), ...licenseOperations(deps, authority)];
  for (const op of operations) context.addOperation(op);
  deps.logger.debug({ kid: authority.kid }, 'license key loaded');
  return operations.length;
}
