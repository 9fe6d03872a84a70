import type { JobDefinition } from '../../host/sdk/index.js';
import type { OrderDeps } from '../orders/order-events.js';
import { deleteExpiredCallbackLogs } from './callback-log-retention.handler.js';
import { closeExpiredOrders } from './close-expired.handler.js';
import { syncOpenOrders } from './sync-payments.handler.js';
import { syncPendingRefunds } from './sync-refunds.handler.js';

export const CLOSE_JOB = 'Payment:close-expired';
export const SYNC_JOB = 'Payment:sync-status';
export const REFUND_SYNC_JOB = 'Payment:sync-refunds';
export const CALLBACK_LOG_RETENTION_JOB = 'Payment:callback-log-retention';
/** Daily, in the quiet hours of the report time zone. */
const DAILY_AT_0340 = '0 40 3 * * *';

/**
 * The payment sweeps: schedules from the settings (closeCron, syncCron: the order and the refund sync) in the
 * report time zone, and the daily retention of callback logs (callbackLogRetentionDays).
 */
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
    {
      name: REFUND_SYNC_JOB,
      cron: async () => (await deps.settings.read()).syncCron,
      timeZone: zone,
      concurrency: 'FORBID',
      missedRunPolicy: 'FIRE_ONCE',
      timeoutMs: 5 * 60_000,
      handler: (ctx) => syncPendingRefunds(deps, ctx),
    },
    {
      name: CALLBACK_LOG_RETENTION_JOB,
      cron: DAILY_AT_0340,
      timeZone: zone,
      concurrency: 'FORBID',
      missedRunPolicy: 'FIRE_ONCE',
      timeoutMs: 10 * 60_000,
      handler: async (ctx) => {
        await deleteExpiredCallbackLogs(deps, ctx);
      },
    },
  ];
}
