import type { JobDefinition } from '../../host/sdk/index.js';
import type { OrderDeps } from '../orders/order-events.js';
import { closeExpiredOrders } from './close-expired.handler.js';
import { syncOpenOrders } from './sync-payments.handler.js';

export const CLOSE_JOB = 'Payment:close-expired';
export const SYNC_JOB = 'Payment:sync-status';

/** The payment sweeps: schedules from the settings (closeCron, syncCron) in the report time zone. */
export function paymentJobs(deps: OrderDeps): JobDefinition[] {
  const zone = async () => (await deps.settings.read()).reportTimeZone;
  return [
    {
      name: CLOSE_JOB,
      cron: async () => (await deps.settings.read()).closeCron,
      timeZone: zone,
      concurrency: 'FORBID',
      missedRunPolicy: 'FIRE_ONCE',
      timeoutMs: 5 * 60_000,
      handler: (ctx) => closeExpiredOrders(deps, ctx),
    },
    {
      name: SYNC_JOB,
      cron: async () => (await deps.settings.read()).syncCron,
      timeZone: zone,
      concurrency: 'FORBID',
      missedRunPolicy: 'FIRE_ONCE',
      timeoutMs: 5 * 60_000,
      handler: (ctx) => syncOpenOrders(deps, ctx),
    },
  ];
}
