import type { PluginContext } from '../../host/sdk/index.js';
import { ledgerOperations } from '../ledger/ledger-operations.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { settlementConsoleOperations } from './console-operations.js';
import { reportOperations } from './report-operations.js';
import { AUTO_SETTLEMENT_JOB, autoSettlementJob } from './settlement-job.js';
import { settlementUcOperations } from './uc-operations.js';

/**
 * Wires settlement and the merchant ledger's operations, and the automatic settlement job, rescheduled whenever
 * the payment settings (the merchant group: switch and cycle) change.
 */
export function startSettlement(context: PluginContext, deps: MerchantDeps): void {
  const operations = [
    ...settlementConsoleOperations(deps),
    ...settlementUcOperations(deps),
    ...ledgerOperations(deps),
    ...reportOperations(deps),
  ];
  for (const op of operations) context.addOperation(op);
  context.scheduler.register(autoSettlementJob(deps));
  const unwatch = deps.merchantSettings.onChange(() => void context.scheduler.reschedule(AUTO_SETTLEMENT_JOB).catch(() => undefined));
  context.onStop(() => unwatch());
}
