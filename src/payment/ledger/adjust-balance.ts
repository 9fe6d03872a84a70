import { randomBytes } from 'node:crypto';
import { InvalidAmountError, normalizeCurrency, parseAmount } from '../money/index.js';
import { adjustmentMove } from './moves.js';
import { postLedgerEntry, type LedgerDeps, type PostResult } from './post-entry.js';

export interface AdjustmentInput {
  /** Signed decimal amount, e.g. "-12.50". */
  amount: string;
  currency?: string;
  reason: string;
  /** Idempotency: the same ticket books once (default: a new one). */
  ticket?: string;
}

/**
 * An administrator's correction of a merchant's balance, either sign, with a reason. The ledger refuses one that
 * would take balance or withdrawable below zero; a repeated ticket books nothing twice.
 */
export function adjustBalance(deps: LedgerDeps, merchant: string, input: AdjustmentInput, by: string): Promise<PostResult> {
  const currency = normalizeCurrency(input.currency ?? 'CNY') ?? String(input.currency);
  const negative = input.amount.trim().startsWith('-');
  const magnitude = input.amount.trim().replace(/^[-+]/, '');
  const { amountMinor } = parseAmount(magnitude, currency, { field: 'amount' });
  if (amountMinor <= 0) throw new InvalidAmountError('NOT_POSITIVE', 'amount must not be zero', 'amount');
  const ticket = input.ticket ?? `${merchant}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  const move = adjustmentMove(negative ? -amountMinor : amountMinor, {
    merchant,
    currency,
    reference: ticket,
    actor: by,
    note: input.reason.trim(),
  });
  return postLedgerEntry(deps, move);
}
