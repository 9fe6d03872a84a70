import { formatMoney } from '@shared/format.js';
import { enumText } from '@shared/i18n/words.js';
import type { ApiItem } from '@shared/api/client.js';

/** A settlement as listed (listSettlements is typed from its response schema). */
export type Settlement = ApiItem<'listSettlements'>;

export const SETTLEMENT_STATUSES = ['BUILDING', 'PENDING', 'SUCCESS', 'FAILED'] as const;

export const settlementStatusText = (status: string | undefined) => enumText('settlementStatus', status);

export function settlementTone(status: string | undefined): 'ok' | 'bad' | 'warn' | 'info' {
  if (status === 'SUCCESS') return 'ok';
  if (status === 'FAILED') return 'bad';
  return status === 'PENDING' ? 'warn' : 'info';
}

/** formatMoney with the currency first ("¥12.30"). */
export const money = (currency: string | undefined, amount: string | undefined) => formatMoney(amount, currency);

/** Payment numbers typed one per line or separated by commas/spaces, without repeats. */
export function paymentIdsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,，]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
