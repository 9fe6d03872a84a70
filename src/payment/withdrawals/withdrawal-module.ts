import type { PluginContext } from '../../host/sdk/index.js';
import { accountOperations } from './account-operations.js';
import type { WithdrawalDeps } from './apply-withdrawal.js';
import { withdrawalConsoleOperations } from './console-operations.js';
import { myWithdrawalOperations } from './uc-operations.js';

/** Wires the withdrawal family: the merchant's accounts and applications, the console's review and payout moves. */
export function startWithdrawals(context: Pick<PluginContext, 'addOperation'>, deps: WithdrawalDeps): void {
  for (const op of [...accountOperations(deps), ...myWithdrawalOperations(deps), ...withdrawalConsoleOperations(deps)])
    context.addOperation(op);
}
