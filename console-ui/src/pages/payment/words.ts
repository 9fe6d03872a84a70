/**
 * Payment values as words: statuses and services through the shared enum words (one word per value in both
 * apps), the console's own codes (transition sources, delivery phases, callback outcomes, …) from the
 * payment catalog. A code without a word is shown as the code itself, so a new one stays readable.
 */
import { enumText } from '@shared/i18n/words.js';
import { hasMessage, translate } from '@shared/i18n/index.js';

export const STATUSES = ['UNPAID', 'PAYING', 'SUCCESS', 'FAILED', 'UNKNOWN', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof STATUSES)[number];

/** Orders that can still be paid or looked up at the channel: they can be synced and closed. */
export const isOpen = (status: string | undefined) => status === 'UNPAID' || status === 'PAYING' || status === 'UNKNOWN';

/** Paid orders with something left to give back (the server decides the rest: refundableAmountMinor). */
export const isRefundable = (order: { status?: string; refundableAmountMinor?: number }) =>
  (order.status === 'SUCCESS' || order.status === 'PARTIALLY_REFUNDED') && (order.refundableAmountMinor ?? 0) > 0;

export const statusText = (status: string | undefined) => enumText('paymentStatus', status);
export const refundStatusText = (status: string | undefined) => enumText('refundStatus', status);
export const serviceText = (paymentType: string | undefined) => enumText('paymentType', paymentType);

/** "Alipay · face-to-face": the service and its channel. */
export function channelText(paymentType: string | undefined, paymentChannel: string | undefined): string {
  return `${serviceText(paymentType)} · ${enumText('paymentChannel', paymentChannel)}`;
}

/** A `TYPE:CHANNEL` pair as words. */
export function pairText(pair: string): string {
  const [type, channel] = pair.split(':');
  return channelText(type, channel);
}

export type CodeFamily =
  'source' | 'failureReason' | 'reviewFlag' | 'phase' | 'outcome' | 'callbackReason' | 'refundSource' | 'refundFailure';

/** The word for one of the console's codes, or the code itself when the catalog has none. */
export function codeText(family: CodeFamily, code: string | undefined | null): string {
  if (!code) return translate('common.none');
  const key = `payment.words.${family}.${code}`;
  return hasMessage(key) ? translate(key) : code;
}

/** The tone of a status badge (of an order or of a refund). */
export function statusTone(status: string | undefined): 'ok' | 'bad' | 'warn' | 'info' {
  if (status === 'SUCCESS') return 'ok';
  if (status === 'FAILED') return 'bad';
  if (status === 'PAYING' || status === 'UNKNOWN' || status === 'PENDING') return 'warn';
  return 'info';
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

/** The payment page of an order on this site (same origin as the console, whatever the callback domain). */
export const payPageOf = (paymentId: string) => `/payment/${encodeURIComponent(paymentId)}`;

/** "CNY 0.05". */
export const amountText = (order: { currency?: string; amountText?: string }) => `${order.currency ?? ''} ${order.amountText ?? ''}`.trim();

/** "CNY 5.00" from a currency and a decimal amount (refunds, refunded and refundable amounts). */
export const moneyText = (currency: string | undefined, amount: string | undefined) => `${currency ?? ''} ${amount ?? ''}`.trim();

/** The browser's calendar day yyyy-mm-dd → the RFC 3339 instant of its start or its last second. */
export function localDayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const at = new Date(`${day}T${end ? '23:59:59' : '00:00:00'}`);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
