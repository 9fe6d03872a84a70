import { defineKind, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/groups.js';

/** A catalog entry (spec "Catalog plugin"); price types are derived by price-type.ts. */
export interface SitePluginSpec {
  key: string;
  name: string;
  logo?: string;
  description?: string;
  version?: string;
  author?: string;
  /** -1 unlimited; absent = the global limit setting. */
  authCountLimit?: number;
  docs?: string;
  url?: string;
  price: number;
  payUrl?: string;
  priority?: number;
}

/** The kind (extensions/site-plugin.yaml) and, by the same name, a stored catalog plugin. */
export const SitePlugin = defineKind<SitePluginSpec>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'SitePlugin',
  plural: 'siteplugins',
});
export type SitePlugin = ObjectOf<typeof SitePlugin>;

/** Holds a deleted SitePlugin until every authorization record of its key is gone (spec: cascade). */
export const DELETE_RECORDS_FINALIZER = 'pluginauth.authpay.dev/delete-auth-logs';
