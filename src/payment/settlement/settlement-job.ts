import type { JobDefinition } from '../../host/sdk/index.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { settleAllMerchants } from './trigger-settlement.js';

export const AUTO_SETTLEMENT_JOB = 'Payment:auto-settlement';

/**
 * Automatic settlement on the merchant settings' cycle (settlementCron, report time zone) while autoSettlement is
 * on. The scheduler runs a slot once across replicas; the records of a run are named from the run id, so even two
 * runs of one slot would collide on the name rather than settle twice (the store transaction already settles
 * each order once).
 */
export function autoSettlementJob(deps: MerchantDeps): JobDefinition {
  return {
    name: AUTO_SETTLEMENT_JOB,
    title: { zh: '自动结算', en: 'Automatic settlement' },
    description: {
      zh: '按结算周期为每个商户的已支付订单生成结算单（商户平台设置中开启自动结算时运行）',
      en:
        "Makes settlement records of each merchant's paid orders on the settlement schedule"
        + ' (runs while automatic settlement is on in the merchant platform settings)',
    },
    cron: async () => (await deps.merchantSettings.read()).settlementCron,
    timeZone: async () => (await deps.settings.read()).reportTimeZone,
    enabled: async () => {
      const s = await deps.merchantSettings.read();
      return s.enabled && s.autoSettlement;
    },
    concurrency: 'FORBID',
    missedRunPolicy: 'FIRE_ONCE',
    timeoutMs: 30 * 60_000,
    handler: async (ctx) => {
      const records = await settleAllMerchants(deps, { trigger: 'AUTO', createdBy: ctx.runId, slot: ctx.runId }, ctx.signal);
      ctx.reportCounts({ records: records.length, orders: records.reduce((n, r) => n + r.spec.orderCount, 0) });
    },
  };
}
