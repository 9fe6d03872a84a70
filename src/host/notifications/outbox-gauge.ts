import type { ExtensionClient } from '../client/extension-client.js';
import type { Logger } from '../logging/logger.js';
import type { HostMetrics } from '../ops/metrics-registry.js';
import { eq } from '../store/query.js';
import { OUTBOX_PHASES, OutboxMessage } from './types.js';

/** Outbox size per status, counted on each scrape with indexed count queries (nothing kept in memory). */
export function registerOutboxGauge(metrics: HostMetrics, client: ExtensionClient, logger: Logger): void {
  metrics.gauge({
    name: 'authpay_outbox_messages',
    help: 'Outbox messages by status',
    labelNames: ['status'],
    async collect() {
      try {
        for (const phase of OUTBOX_PHASES) this.set({ status: phase }, await client.count(OutboxMessage, eq('status.phase', phase)));
      } catch (err) {
        logger.warn({ err }, 'outbox gauge could not count messages');
      }
    },
  });
}
