import { ledgerMove } from '../ledger/moves.js';
import { postLedgerEntry } from '../ledger/post-entry.js';
import type { WithdrawalDeps } from './apply-withdrawal.js';
import { MOVES, type MoveInput, type MoveName } from './moves.js';
import { notifyWithdrawalMove } from './notify-merchant.js';
import { WithdrawalRecord, type WithdrawalRecordSpec } from './types.js';
import { illegalWithdrawalMove, invalidAccountField, withdrawalNotFound } from './withdrawal-errors.js';

export interface MoveResult {
  record: WithdrawalRecord;
  /** false when the record already was where the move leads (a repeated move): nothing was written. */
  moved: boolean;
}

/** The entries a move needs before anything is read: complete wants a serial or remark, fail a reason. */
export function checkMoveInput(move: MoveName, input: MoveInput): void {
  if (move === 'complete' && !input.payoutSerial?.trim() && !input.remark?.trim())
    throw invalidAccountField('payoutSerial', '请填写打款流水号或备注', 'enter the payout serial number or a remark');
  if (move === 'fail' && !input.reason?.trim()) throw invalidAccountField('reason', '请填写失败原因', 'enter the reason of the failure');
}

function fieldsOf(move: MoveName, input: MoveInput): Partial<WithdrawalRecordSpec> {
  if (move === 'complete')
    return { ...(input.payoutSerial ? { payoutSerial: input.payoutSerial } : {}), ...(input.remark ? { payoutRemark: input.remark } : {}) };
  if (move === 'fail') return { failureReason: input.reason };
  return input.remark ? { reviewRemark: input.remark } : {};
}

/**
 * One administrator move, in one transaction: the state change (compare-and-set on the version read), its
 * ledger entry (release or debit of the frozen amount), the transition record and the merchant's
 * notification. A move already made answers the record unchanged; a state the move does not start from is
 * refused naming it (409 WITHDRAWAL_STATE_CONFLICT).
 */
export async function moveWithdrawal(
  deps: WithdrawalDeps,
  name: string,
  move: MoveName,
  input: MoveInput,
  actor: string,
): Promise<MoveResult> {
  checkMoveInput(move, input);
  const rule = MOVES[move];
  return deps.client.transaction(async () => {
    const current = await deps.client.fetch(WithdrawalRecord, name);
    if (!current) throw withdrawalNotFound(name);
    const from = current.spec.status;
    if (from === rule.to) return { record: current, moved: false };
    if (!rule.from.includes(from)) throw illegalWithdrawalMove(rule, from);
    const at = new Date(deps.clock.now()).toISOString();
    const entries = [...(current.status?.ledgerEntries ?? [])];
    if (rule.ledger) {
      const { merchant, currency, amount } = current.spec;
      const posting = ledgerMove(rule.ledger, amount, { merchant, currency, reference: name, actor, note: input.reason ?? input.remark });
      await postLedgerEntry(deps, posting);
      entries.push(posting.key);
    }
    const reason = input.reason ?? [input.payoutSerial, input.remark].filter(Boolean).join(' / ');
    const transition = { from, to: rule.to, actor, ...(reason ? { reason } : {}), at };
    const record = await deps.client.update({
      ...current,
      spec: { ...current.spec, ...fieldsOf(move, input), status: rule.to, reviewedBy: actor, reviewedAt: at },
      status: { ...current.status, transitions: [...(current.status?.transitions ?? []), transition], ledgerEntries: entries },
    });
    await notifyWithdrawalMove(deps, record);
    return { record, moved: true };
  });
}
