/**
 * The payment service's per-key locks (Store.lock), in one place so two writers of one invariant always
 * name the same key. Each key guards one check-then-write; docs/store.md lists them with their tests.
 * Prefixed with the service, so no host or plugin-auth key can collide with one of these.
 */

/** A merchant's running totals in one currency: the read, the overdraft check and the write of a ledger entry. */
export const merchantBalanceLock = (merchant: string, currency: string) => `payment:balance:${merchant}:${currency.toLowerCase()}`;

/** One order per (platform, merchant orderId): the lookup of an existing order and the creation of a new one. */
export const orderIdLock = (platform: string, orderId: string) => `payment:order-id:${platform}:${orderId}`;

/**
 * One shard of a reporting day's totals (PaymentDailyStat): a read-modify-write that the day's orders hashed to
 * it share. Shard 0 keeps the key of the one row per day written before sharding.
 */
export const dailyStatLock = (day: string, shard: number) =>
  shard === 0 ? `payment:daily-stat:${day}` : `payment:daily-stat:${day}:${shard}`;

/** A merchant's withdrawal accounts: the account cap, the one default, and no account deleted under an open withdrawal. */
export const withdrawalAccountsLock = (merchant: string) => `payment:withdrawal-accounts:${merchant}`;

/** One notification's callback log: the read of its arrival count and the write of the next. */
export const callbackLogLock = (logName: string) => `payment:callback-log:${logName}`;

/** One order's refunds: the refundable amount read, the reservation written, and a refund's settlement. */
export const orderRefundsLock = (paymentId: string) => `payment:order-refunds:${paymentId}`;

/** One merchant's settlement: building, sealing and releasing its records, one step at a time across replicas. */
export const settlementLock = (merchant: string) => `payment:settlement:${merchant}`;
