import type { Logger } from '../logging/logger.js';
import { resolveConnection } from '../store/postgres-connection.js';
import type { Store } from '../store/store.js';
import { AdvisoryLockLeader } from './advisory-lock-leader.js';
import { SingleProcessLeader } from './single-process-leader.js';
import type { LeaderElector } from './types.js';

export interface ElectorOptions {
  store: Store;
  /** The PostgreSQL URL the store was opened with (needed for the lock's own connection). */
  databaseUrl?: string;
  identity: string;
  logger: Logger;
  heartbeatMs?: number;
  retryMs?: number;
}

/**
 * PostgreSQL: an advisory lock per store schema, so every process on that schema takes part in one
 * election. SQLite: one process, always leader.
 */
export function createLeaderElector(options: ElectorOptions): LeaderElector {
  if (options.store.backend !== 'postgres' || !options.databaseUrl) return new SingleProcessLeader(options.identity);
  const schema = (options.store as Store & { schema?: string }).schema;
  const conn = resolveConnection(options.databaseUrl, { schema });
  return new AdvisoryLockLeader({
    connection: conn.client,
    lockName: `authpay-leader:${conn.schema}`,
    identity: options.identity,
    logger: options.logger,
    heartbeatMs: options.heartbeatMs,
    retryMs: options.retryMs,
  });
}
