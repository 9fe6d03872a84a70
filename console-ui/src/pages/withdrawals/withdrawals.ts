import type { ApiItem } from '@shared/api/client.js';

export type Withdrawal = ApiItem<'listWithdrawals'>;
export type MoveName = 'approve' | 'reject' | 'markProcessing' | 'complete' | 'fail';
export const WITHDRAWAL_STATUSES = ['PENDING_AUDIT', 'APPROVED', 'REJECTED', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;

/** The spec's table as the server applies it (src/payment/withdrawals/moves.ts): where each move may start. */
export const MOVE_FROM: Record<MoveName, readonly string[]> = {
  approve: ['PENDING_AUDIT'],
  reject: ['PENDING_AUDIT'],
  markProcessing: ['APPROVED'],
  complete: ['APPROVED', 'PROCESSING'],
  fail: ['APPROVED', 'PROCESSING'],
};
export const MOVE_NAMES = Object.keys(MOVE_FROM) as MoveName[];

export const OPERATION = {
  approve: 'approveWithdrawal',
  reject: 'rejectWithdrawal',
  markProcessing: 'markWithdrawalProcessing',
  complete: 'completeWithdrawal',
  fail: 'failWithdrawal',
} as const;

export const movesFor = (status: string | undefined): MoveName[] => MOVE_NAMES.filter((m) => MOVE_FROM[m].includes(status ?? ''));

export function withdrawalTone(status: string | undefined): 'ok' | 'warn' | 'bad' | 'info' {
  if (status === 'COMPLETED') return 'ok';
  if (status === 'PENDING_AUDIT' || status === 'APPROVED' || status === 'PROCESSING') return 'warn';
  return status === 'FAILED' ? 'bad' : 'info';
}
