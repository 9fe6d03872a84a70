import type { LedgerEntryType } from '../ledger/types.js';
import type { WithdrawalStatus } from './types.js';

export type MoveName = 'approve' | 'reject' | 'markProcessing' | 'complete' | 'fail';

export interface MoveRule {
  from: readonly WithdrawalStatus[];
  to: WithdrawalStatus;
  /** The ledger entry the move books with it (none for approve and mark processing). */
  ledger?: Extract<LedgerEntryType, 'WITHDRAWAL_RELEASE' | 'WITHDRAWAL_DEBIT'>;
  zh: string;
  en: string;
}

/** The spec's withdrawal table; DESIGN: complete and fail are allowed from APPROVED or PROCESSING. */
export const MOVES: Record<MoveName, MoveRule> = {
  approve: { from: ['PENDING_AUDIT'], to: 'APPROVED', zh: '审核通过', en: 'approve' },
  reject: { from: ['PENDING_AUDIT'], to: 'REJECTED', ledger: 'WITHDRAWAL_RELEASE', zh: '审核驳回', en: 'reject' },
  markProcessing: { from: ['APPROVED'], to: 'PROCESSING', zh: '标记打款中', en: 'mark processing' },
  complete: { from: ['APPROVED', 'PROCESSING'], to: 'COMPLETED', ledger: 'WITHDRAWAL_DEBIT', zh: '标记已打款', en: 'complete' },
  fail: { from: ['APPROVED', 'PROCESSING'], to: 'FAILED', ledger: 'WITHDRAWAL_RELEASE', zh: '标记打款失败', en: 'fail' },
};

export const MOVE_NAMES = Object.keys(MOVES) as MoveName[];

/** What an administrator enters with a move. */
export interface MoveInput {
  /** Review remark (approve, reject, mark processing), or payout remark (complete). */
  remark?: string;
  /** Payout serial number (complete: this or a remark is required). */
  payoutSerial?: string;
  /** Failure reason (fail: required). */
  reason?: string;
}
