import type { PluginContext } from '../../host/sdk/index.js';
import { accountOperations } from './account-operations.js';
import type { WithdrawalDeps } from './apply-withdrawal.js';
import { collectionCodeOperation } from './collection-code.js';
import { withdrawalConsoleOperations } from './console-operations.js';
import { myWithdrawalOperations } from './uc-operations.js';

/** Wires the withdrawal family: the merchant's accounts and applications, the console's review and payout moves. */
export function startWithdrawals(context: Pick<PluginContext, 'addOperation' | 'attachments'>, deps: WithdrawalDeps): void {
  const operations = [
    ...accountOperations(deps),
    collectionCodeOperation(deps, context.attachments),
    ...myWithdrawalOperations(deps),
    ...withdrawalConsoleOperations(deps),
  ];
  for (const op of operations) context.addOperation(op);
}
