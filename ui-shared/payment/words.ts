/**
 * Payment values as words, shared by the console and the user center's merchant pages: statuses and services
 * through the shared enum words (one word per value in both apps), amounts, and the payment page of an order.
 */
import { formatMoney, localToIso } from '../format.js';
import { enumText } from '../i18n/words.js';

export const STATUSES = ['UNPAID', 'PAYING', 'SUCCESS', 'FAILED', 'UNKNOWN', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof STATUSES)[number];

/** Orders that can still be paid or looked up at the channel: they can be synced and closed. */
export const isOpen = (status: string | undefined) => status === 'UNPAID' || status === 'PAYING' || status === 'UNKNOWN';

export const statusText = (status: string | undefined) => enumText('paymentStatus', status);
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

/** The tone of a status badge (of an order or of a refund). */
export function statusTone(status: string | undefined): 'ok' | 'bad' | 'warn' | 'info' {
  if (status === 'SUCCESS') return 'ok';
  if (status === 'FAILED') return 'bad';
  if (status === 'PAYING' || status === 'UNKNOWN' || status === 'PENDING') return 'warn';
  return 'info';
}

/** The payment page of an order on this site (same origin as the apps, whatever the callback domain). */
export const payPageOf = (paymentId: string) => `/payment/${encodeURIComponent(paymentId)}`;

/** An order's amount in the page's language ("¥0.05"): formatMoney of its decimal `amountText`. */
export const amountText = (order: { currency?: string; amountText?: string }) => formatMoney(order.amountText, order.currency);

/** formatMoney with the currency first (refunds, refunded and refundable amounts). */
export const moneyText = (currency: string | undefined, amount: string | undefined) => formatMoney(amount, currency);

/** A calendar day yyyy-mm-dd of the site's time zone → the RFC 3339 instant of its start or its last second. */
export function localDayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const at = localToIso(`${day}T${end ? '23:59' : '00:00'}`);
  return at && end ? at.replace(/:00Z$/, ':59Z') : at;
}

/**
 * Orders whose record may be deleted from a list: closed or failed ones. An open order is closed first; a
 * paid (or partly or wholly refunded) order is the record of money that moved, so the lists offer no Delete.
 */
export const isDeletable = (status: string | undefined) =>
  !isOpen(status) && status !== 'SUCCESS' && status !== 'PARTIALLY_REFUNDED' && status !== 'REFUNDED';
