/**
 * The host's per-key locks (Store.lock), in one place so two writers of one invariant always name the same
 * key. Each key guards one check-then-write; docs/store.md lists them with their tests. Prefixed with
 * `host:`, so no service key can collide with one of these.
 */

/** One e-mail address among all users: the uniqueness check and the write that takes the address. */
export const userEmailLock = (email: string) => `host:user-email:${email.trim().toLowerCase()}`;

/** A user's personal access tokens: the count against the cap and the new token. */
export const userTokensLock = (username: string) => `host:user-tokens:${username}`;

/** One outbox dedupe id: the lookup of a queued message and the new one ("queued once"). */
export const outboxDedupeLock = (dedupeId: string) => `host:outbox-dedupe:${dedupeId}`;
