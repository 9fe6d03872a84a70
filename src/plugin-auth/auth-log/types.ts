import { defineKind, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/groups.js';

/** One (user, domain, plugin) authorization record (spec "Authorization record"). */
export interface AuthLogSpec {
  pluginKey: string;
  authUser: string;
  authDomain: string;
  authStatus: 0 | 1;
  authTime?: string;
  expireTime?: string;
  license?: string;
  /**
   * True on a record created through the public API (publicAuth) that its user has not confirmed yet:
   * such a record is never authorized and does not count toward the user's limit; the user confirms it by
   * applying for the same domain in the user center (auth-log/apply-authorization.ts). Absent otherwise.
   */
  unconfirmed?: boolean;
}

/** The kind (extensions/site-plugin-auth-log.yaml). */
export const SitePluginAuthLog = defineKind<AuthLogSpec>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'SitePluginAuthLog',
  plural: 'sitepluginauthlogs',
});
/** A stored authorization record. */
export type AuthLog = ObjectOf<typeof SitePluginAuthLog>;
