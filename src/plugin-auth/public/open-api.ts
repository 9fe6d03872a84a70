import type { OperationDef } from '../../host/api/operations/operation.js';
import type { PluginContext } from '../../host/plugin/plugin-context.js';
import { dockingOperations } from '../docking/routes.js';
import { loadLicenseSigningKey } from '../license/key-store.js';
import { LicenseAuthority } from '../license/license-authority.js';
import { licenseOperations } from '../license/routes.js';
import type { PluginAuthDeps } from '../shared/deps.js';
import { CatalogCache } from './catalog-cache.js';
import type { OpenApiDeps } from './deps.js';
import { AUTH_API_BASE } from './group.js';
import { openEndpointsGuard } from './open-guard.js';
import { publicOperations } from './routes.js';
import { SettingsSnapshot } from './settings-snapshot.js';

/**
 * Starts the open side of the service (issue 5): the license key (made on first start), the in-memory
 * catalog and settings the hot path reads, the guard in front of /public/** and /docking/**, the public,
 * docking and downloadLicense operations.
 */
export async function startOpenApi(context: Pick<PluginContext, 'addOperation' | 'addMiddleware' | 'onStop'>, deps: PluginAuthDeps): Promise<number> {
  const authority = new LicenseAuthority(await loadLicenseSigningKey(deps.client), deps.clock);
  const catalog = new CatalogCache(deps.client, deps.logger);
  const snapshot = new SettingsSnapshot(deps.settings, deps.logger);
  context.onStop(() => {
    catalog.stop();
    snapshot.stop();
  });
  await catalog.start();
  const open: OpenApiDeps = { ...deps, authority, catalog, snapshot };
  const guard = await openEndpointsGuard(open);
  context.addMiddleware(AUTH_API_BASE, guard);
  const operations: OperationDef[] = [...publicOperations(open), ...dockingOperations(open), ...licenseOperations(deps, authority)];
  for (const op of operations) context.addOperation(op);
  deps.logger.debug({ kid: authority.kid }, 'license key loaded');
  return operations.length;
}
