/**
 * Payment values as words: the shared ones (statuses, services, amounts: `@shared/payment/words`), plus the
 * console's own codes (transition sources, delivery phases, callback outcomes, …) from the payment catalog.
 * A code without a word is shown as the code itself, so a new one stays readable.
 */
import { enumText } from '@shared/i18n/words.js';
import { hasMessage, translate } from '@shared/i18n/index.js';

export {
  amountText,
  channelText,
  isDeletable,
  isOpen,
  localDayBound,
  moneyText,
  pairText,
  payPageOf,
  serviceText,
  STATUSES,
  statusText,
  statusTone,
  type PaymentStatus,
} from '@shared/payment/words.js';

/** Paid orders with something left to give back (the server decides the rest: refundableAmountMinor). */
export const isRefundable = (order: { status?: string; refundableAmountMinor?: number }) =>
  (order.status === 'SUCCESS' || order.status === 'PARTIALLY_REFUNDED') && (order.refundableAmountMinor ?? 0) > 0;

export const refundStatusText = (status: string | undefined) => enumText('refundStatus', status);

export type CodeFamily =
  'source' | 'failureReason' | 'reviewFlag' | 'phase' | 'outcome' | 'callbackReason' | 'refundSource' | 'refundFailure';

/** The word for one of the console's codes, or the code itself when the catalog has none. */
export function codeText(family: CodeFamily, code: string | undefined | null): string {
  if (!code) return translate('common.none');
  const key = `payment.words.${family}.${code}`;
  return hasMessage(key) ? translate(key) : code;
}

/**
 * Why a refund failed: the server writes `CODE: detail` (the provider's refusal, NOT_FOUND after the grace
 * time, ADMIN with the administrator's remark). The code as words, the detail as it came.
 */
export function refundFailureText(reason: string | undefined): string {
  if (!reason) return translate('common.none');
  const match = /^([A-Z][A-Z0-9_]*)(?::\s*([\s\S]*))?$/.exec(reason);
  if (!match) return reason;
  const [, code, detail] = match;
  const word = hasMessage(`payment.words.refundFailure.${code}`) ? translate(`payment.words.refundFailure.${code}`) : code;
  return detail ? `${word}: ${detail}` : word;
}
