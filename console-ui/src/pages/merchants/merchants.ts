/** The console's merchant pages: what they read and the moves they offer. */
import type { ApiItem } from '@shared/api/client.js';

export type Merchant = ApiItem<'listMerchants'>;
export type MerchantStatus = NonNullable<Merchant['status']>;
export type Decision = NonNullable<Merchant['history']>[number];

export const MERCHANT_STATUSES: readonly MerchantStatus[] = ['PENDING', 'ACTIVE', 'REJECTED', 'SUSPENDED'];

/** The administrator's moves (operations `<move>Merchant`): from which status, and whether a remark is required. */
export const MOVES = {
  approve: { from: 'PENDING', remarkRequired: true },
  reject: { from: 'PENDING', remarkRequired: true },
  suspend: { from: 'ACTIVE', remarkRequired: false },
  activate: { from: 'SUSPENDED', remarkRequired: false },
} as const satisfies Record<string, { from: MerchantStatus; remarkRequired: boolean }>;
export type Move = keyof typeof MOVES;

/** The moves a merchant in this status allows: review (approve or reject), suspend, or enable again. */
export function movesFor(status: MerchantStatus | undefined): Move[] {
  return (Object.keys(MOVES) as Move[]).filter((m) => MOVES[m].from === status);
}

/** Badge tone of a merchant status. */
export function merchantTone(status: string | undefined): 'ok' | 'warn' | 'bad' | 'info' {
  if (status === 'ACTIVE') return 'ok';
  if (status === 'PENDING') return 'warn';
  return status === 'REJECTED' || status === 'SUSPENDED' ? 'bad' : 'info';
}

/** The details page of a merchant (its name is the owner's user name). */
export const detailsPath = (name: string) => `/merchants/${encodeURIComponent(name)}`;
