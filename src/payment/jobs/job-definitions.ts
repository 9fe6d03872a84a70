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
      title: { zh: '关闭超时订单', en: 'Close timed-out orders' },
      description: {
        zh: '关闭超过订单超时时间仍未支付的订单',
        en: 'Closes unpaid orders past their time-out',
      },
      cron: async () => (await deps.settings.read()).closeCron,
      timeZone: zone,
      concurrency: 'FORBID',
      missedRunPolicy: 'FIRE_ONCE',
      timeoutMs: 5 * 60_000,
      handler: (ctx) => closeExpiredOrders(deps, ctx),
    },
    {
      name: SYNC_JOB,
      title: { zh: '同步支付状态', en: 'Sync payment status' },
      description: {
        zh: '向支付渠道查询支付中和状态未知的订单，并按渠道的回答更新',
        en: 'Asks the payment channel about orders being paid and orders of unknown status, and applies its answers',
      },
      cron: async () => (await deps.settings.read()).syncCron,
      timeZone: zone,
      concurrency: 'FORBID',
      missedRunPolicy: 'FIRE_ONCE',
      timeoutMs: 5 * 60_000,
      handler: (ctx) => syncOpenOrders(deps, ctx),
    },
    {
      name: REFUND_SYNC_JOB,
      title: { zh: '同步退款状态', en: 'Sync refund status' },
      description: {
        zh: '向支付渠道查询处理中的退款，并按渠道的回答更新',
        en: 'Asks the payment channel about refunds still processing, and applies its answers',
      },
      cron: async () => (await deps.settings.read()).syncCron,
      timeZone: zone,
      concurrency: 'FORBID',
      missedRunPolicy: 'FIRE_ONCE',
      timeoutMs: 5 * 60_000,
      handler: (ctx) => syncPendingRefunds(deps, ctx),
    },
    {
      name: CALLBACK_LOG_RETENTION_JOB,
      title: { zh: '清理回调日志', en: 'Clean up callback logs' },
      description: {
        zh: '删除超过保留天数的支付回调日志，仍未结束的订单的日志除外',
        en: 'Deletes payment callback logs older than the days to keep, except those of orders still open',
      },
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
