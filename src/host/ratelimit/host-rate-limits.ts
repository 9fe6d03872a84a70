import type { Logger } from '../logging/logger.js';
import type { Store } from '../store/store.js';
import { inMemoryRateLimits, type RateLimitFactory } from './rate-limiter.js';

export interface HostRateLimits {
  factory: RateLimitFactory;
  close(): Promise<void>;
}

/**
 * The host's rate limits: counted in PostgreSQL when that is the store (every replica shares one count per
 * key), in memory on SQLite (one process).
 */
export async function openHostRateLimits(store: Store, databaseUrl: string | undefined, logger: Logger): Promise<HostRateLimits> {
  if (store.backend !== 'postgres' || !databaseUrl) return { factory: inMemoryRateLimits, close: async () => undefined };
  const { PostgresRateLimits } = await import('./postgres-rate-limits.js');
  const schema = (store as Store & { schema?: string }).schema;
  const shared = await PostgresRateLimits.open(databaseUrl, schema, logger.child({ component: 'ratelimit' }));
  return { factory: (name, options) => shared.limiter(name, options), close: () => shared.close() };
}
