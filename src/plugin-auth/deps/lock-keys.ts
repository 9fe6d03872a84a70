/**
 * The plugin-auth service's per-key locks (Store.lock), in one place so two writers of one invariant always
 * name the same key. Each key guards one check-then-write; docs/store.md lists them with their tests.
 * Prefixed with the service, so no host or payment key can collide with one of these.
 */

/** A user's authorization records of one plugin: the domain limit and the unconfirmed cap count them. */
export const userDomainsLock = (pluginKey: string, user: string) => `plugin-auth:domains:${pluginKey}:${user}`;

/** One activation code (temporary or permanent): the check that it is unused and marking it used. */
export const codeLock = (code: string) => `plugin-auth:code:${code}`;

/** A buyer's checkout of one plugin: the lookup of an open order or request and the new request. */
export const checkoutLock = (pluginKey: string, user: string) => `plugin-auth:checkout:${pluginKey}:${user}`;

/** One authorization record's license: the read that decides a new license is needed and the write that stores it. */
export const recordLicenseLock = (recordName: string) => `plugin-auth:record-license:${recordName}`;
