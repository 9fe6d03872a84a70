import { isAppError } from '../../host/sdk/index.js';
import type { WithdrawalDeps } from './apply-withdrawal.js';
import { checkMoveInput, moveWithdrawal } from './move-withdrawal.js';
import type { MoveName } from './moves.js';

export interface BatchInput {
  action: MoveName;
  names: string[];
  /** The review remark, payout remark (complete) or failure reason (fail) for every record. */
  remark?: string;
}

export interface BatchSkip {
  name: string;
  /** WITHDRAWAL_STATE_CONFLICT (its state does not fit), ALREADY_DONE (already where the move leads), NOT_FOUND, … */
  code: string;
  status?: string;
  message: string;
}

export interface BatchResult {
  moved: string[];
  skipped: BatchSkip[];
}

/**
 * The same move for many records, each in its own transaction (a crash mid-batch leaves every record either
 * fully moved, with its ledger entry, or untouched); records whose state does not fit are skipped and said why.
 */
export async function batchWithdrawals(deps: WithdrawalDeps, input: BatchInput, actor: string, english: boolean): Promise<BatchResult> {
  const entry = input.action === 'fail' ? { reason: input.remark } : { remark: input.remark };
  checkMoveInput(input.action, entry);
  const result: BatchResult = { moved: [], skipped: [] };
  for (const name of [...new Set(input.names)]) {
    try {
      const { record, moved } = await moveWithdrawal(deps, name, input.action, entry, actor);
      if (moved) result.moved.push(name);
      else
        result.skipped.push({
          name,
          code: 'ALREADY_DONE',
          status: record.spec.status,
          message: english ? `already ${record.spec.status}` : `已是 ${record.spec.status}`,
        });
    } catch (err) {
      if (!isAppError(err)) throw err;
      const status = err.details?.find((d) => d.field === 'status')?.message;
      result.skipped.push({
        name,
        code: err.code,
        ...(status ? { status } : {}),
        message: english ? (err.messageEn ?? err.message) : err.message,
      });
    }
  }
  return result;
}
