import { ChannelError } from '../core/errors.js';
import type { CallbackEvent, PaymentStatus, RefundResult } from '../core/types.js';
import { fromStripeAmount } from './stripe-amount.js';
import { refundResult } from './refund-calls.js';
import { refundStatus } from './stripe-status.js';

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const obj = (v: unknown): Json | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : undefined);

/** The Checkout Session events and the payment status each one reports (completed: by its payment_status). */
const SESSION_EVENTS: Readonly<Record<string, (session: Json) => PaymentStatus>> = {
  'checkout.session.completed': (s) => (s.payment_status === 'paid' ? 'SUCCESS' : 'PAYING'),
  'checkout.session.async_payment_succeeded': () => 'SUCCESS',
  'checkout.session.async_payment_failed': () => 'FAILED',
  'checkout.session.expired': () => 'FAILED',
};

const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'refund.failed']);

/**
 * A verified webhook payload as a CallbackEvent. `eventId` is the event id (the same on every resend) and
 * `sentAt` its `created`. Session events report the payment; `charge.refunded` and `refund.*` report a refund
 * (`event.refund`). Events of other types, and objects that carry no payment id of ours (sessions created by
 * another integration on the same Stripe account), are UNSUPPORTED_EVENT: acknowledged and ignored.
 */
export function stripeEventToCallback(payload: Json, livemode: boolean): CallbackEvent {
  const type = str(payload.type) ?? '';
  const object = obj(obj(payload.data)?.object);
  const eventId = str(payload.id);
  if (!eventId || !object || typeof payload.created !== 'number') {
    throw new ChannelError('CALLBACK_MISMATCH', 'Stripe webhook without id, created or data.object');
  }
  if (payload.livemode !== livemode) {
    throw new ChannelError(
      'CALLBACK_MISMATCH',
      `a ${payload.livemode ? 'live' : 'test'}-mode event for a ${livemode ? 'live' : 'test'}-mode key`,
    );
  }
  const base = { eventId, sentAt: new Date(payload.created * 1000).toISOString(), vendorStatus: type };
  const status = SESSION_EVENTS[type];
  if (status) return { ...base, ...sessionEvent(type, object, status(object)) };
  if (type === 'charge.refunded') return { ...base, ...chargeRefundedEvent(object) };
  if (REFUND_EVENTS.has(type)) return { ...base, ...refundEvent(type, object) };
  throw new ChannelError('UNSUPPORTED_EVENT', `Stripe event ${type.slice(0, 64)} is not handled`);
}

function paymentIdOf(type: string, object: Json): string {
  const paymentId = str(obj(object.metadata)?.paymentId);
  if (!paymentId) throw new ChannelError('UNSUPPORTED_EVENT', `Stripe ${type} about an object without our paymentId`);
  return paymentId;
}

function sessionEvent(type: string, session: Json, status: PaymentStatus): Omit<CallbackEvent, 'eventId' | 'sentAt'> {
  const paymentId = paymentIdOf(type, session);
  if (session.client_reference_id !== undefined && session.client_reference_id !== null && session.client_reference_id !== paymentId) {
    throw new ChannelError('CALLBACK_MISMATCH', 'Checkout Session client_reference_id and metadata.paymentId differ');
  }
  const currency = str(session.currency)?.toUpperCase();
  const amountMinor = currency ? fromStripeAmount(session.amount_total, currency) : undefined;
  if (status === 'SUCCESS' && amountMinor === undefined) {
    throw new ChannelError('CALLBACK_MISMATCH', 'a paid Checkout Session without a readable amount_total and currency');
  }
  return { orderRef: paymentId, status, amountMinor, currency, channelTradeNo: str(session.id), raw: { type, session: session.id } };
}

/**
 * `charge.refunded` carries the Charge (the PaymentIntent's metadata is copied to it). Its `refunds` list is
 * present only in older API versions or when expanded: then the newest refund is reported; otherwise the
 * event says only that a refund of this order changed at Stripe (PENDING, no refund id): the refund
 * service asks about its pending refunds of the order.
 */
function chargeRefundedEvent(charge: Json): Omit<CallbackEvent, 'eventId' | 'sentAt'> {
  const paymentId = paymentIdOf('charge.refunded', charge);
  const currency = str(charge.currency)?.toUpperCase();
  const refunds = Array.isArray(obj(charge.refunds)?.data) ? (obj(charge.refunds)!.data as Json[]) : [];
  const newest = [...refunds].sort((a, b) => Number(b.created ?? 0) - Number(a.created ?? 0))[0];
  const raw = { type: 'charge.refunded', charge: charge.id, amount_refunded: charge.amount_refunded };
  const refund: RefundResult & { refundId?: string } =
    newest && currency ? { ...refundOf(newest, currency), raw } : { status: 'PENDING', vendorStatus: 'charge.refunded', raw };
  return { orderRef: paymentId, status: 'UNKNOWN', currency, refund, raw };
}

function refundEvent(type: string, refund: Json): Omit<CallbackEvent, 'eventId' | 'sentAt'> {
  const paymentId = paymentIdOf(type, refund);
  const currency = str(refund.currency)?.toUpperCase();
  if (!currency) throw new ChannelError('CALLBACK_MISMATCH', `Stripe ${type} without a currency`);
  return { orderRef: paymentId, status: 'UNKNOWN', currency, refund: refundOf(refund, currency), raw: { type, refund: refund.id } };
}

function refundOf(refund: Json, currency: string): RefundResult & { refundId?: string } {
  const refundId = str(obj(refund.metadata)?.refundId);
  if (refundId) return { ...refundResult(refund, currency, refundId), refundId };
  const status = refundStatus(refund.status);
  return {
    status,
    channelRefundNo: str(refund.id),
    amountMinor: fromStripeAmount(refund.amount, currency),
    vendorStatus: str(refund.status),
    raw: refund.id,
  };
}
