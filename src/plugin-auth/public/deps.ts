import type { WatchedReadCache } from '../../host/sdk/index.js';
import type { AuthLog } from '../auth-log/types.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import type { LicenseAuthority } from '../license/license-authority.js';
import type { CatalogCache } from './catalog-cache.js';
import type { SettingsSnapshot } from './settings-snapshot.js';

/** What the public and docking endpoints work with: the service's deps plus the in-memory parts they share. */
export interface OpenApiDeps extends PluginAuthDeps {
  /** The license key: issue, check, sign responses. */
  authority: LicenseAuthority;
  /** Live catalog plugins by key. */
  catalog: CatalogCache;
  /** Settings read once per change. */
  snapshot: SettingsSnapshot;
  /** Authorization records by name, cached for checkAuth and forgotten when they change (host/cache). */
  records: WatchedReadCache<AuthLog>;
}
