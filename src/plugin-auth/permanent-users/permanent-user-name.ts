import { sanitizePart, tripleHash } from '../resource-names/dns-safe-name.js';

/**
 * `{pluginKey}-{user}-{hash}`: derived from the pair, so one user holds at most one entitlement per plugin
 * and "does this user have one" is a read by name.
 */
export function permanentUserName(pluginKey: string, authUser: string): string {
  const parts = [sanitizePart(pluginKey, 100), sanitizePart(authUser, 100)].filter(Boolean);
  return [...parts, tripleHash(pluginKey, '', authUser)].join('-');
}
