import { rawBodyText } from '../core/callback-request.js';
import { ChannelError } from '../core/errors.js';
import type { CallbackEvent, CallbackRequest } from '../core/types.js';
import { readAmount, readCapture, readOrder } from './paypal-order.js';
import { captureStatusOf } from './paypal-status.js';
import { refundResultOf } from './refund-calls.js';
import type { Transmission } from './webhook-signature.js';

type Json = Record<string, unknown>;

/** The part of every event the route needs: PayPal's event id (the same on every resend) and the send time. */
interface EventBase {
  eventId?: string;
  sentAt: string;
  raw: unknown;
}

/**
 * A verified webhook as a CallbackEvent. Captures (COMPLETED, PENDING, DENIED) report the capture's status
 * and amount; CHECKOUT.ORDER.APPROVED reports UNKNOWN (nothing is paid until we capture), so the route asks
 * the channel, whose query captures the order; PAYMENT.CAPTURE.REFUNDED reports the refund. Other event
 * types, and captures or refunds without our payment number, are UNSUPPORTED_EVENT (acknowledged, logged).
 */
export function webhookEvent(request: CallbackRequest, transmission: Transmission): CallbackEvent {
  const body = parseBody(rawBodyText(request));
  const resource = typeof body.resource === 'object' && body.resource !== null ? (body.resource as Json) : {};
  const base: EventBase = {
    eventId: typeof body.id === 'string' && body.id ? body.id : transmission.id,
    // transmissionOf has refused a transmission time that does not exist, so this cannot roll over.
    sentAt: new Date(Date.parse(transmission.time)).toISOString(),
    raw: { id: body.id, event_type: body.event_type, transmission_id: transmission.id, resource },
  };
  switch (body.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.PENDING':
    case 'PAYMENT.CAPTURE.DENIED':
      return captureEvent(resource, base);
    case 'CHECKOUT.ORDER.APPROVED':
      return approvedEvent(resource, base);
    case 'PAYMENT.CAPTURE.REFUNDED':
      return refundEvent(resource, base);
    default:
      throw new ChannelError('UNSUPPORTED_EVENT', `PayPal event_type ${String(body.event_type).slice(0, 64)} is not handled`);
  }
}

function captureEvent(resource: Json, base: EventBase): CallbackEvent {
  const capture = readCapture(resource);
  const orderRef = ours(capture.customId, 'capture');
  const amount = amountOf(resource);
  const status = captureStatusOf(capture.status);
  return {
    ...base,
    orderRef,
    status,
    amountMinor: amount.amountMinor,
    currency: amount.currency,
    channelTradeNo: capture.orderId,
    paidAt: status === 'SUCCESS' ? capture.time : undefined,
    vendorStatus: capture.status,
  };
}

function approvedEvent(resource: Json, base: EventBase): CallbackEvent {
  const order = readOrder(resource);
  const orderRef = ours(order.customId, 'order');
  const unit = Array.isArray(resource.purchase_units) ? (resource.purchase_units[0] as Json | undefined) : undefined;
  const amount = amountOf(unit ?? {});
  return {
    ...base,
    orderRef,
    status: 'UNKNOWN',
    amountMinor: amount.amountMinor,
    currency: amount.currency,
    channelTradeNo: order.id,
    vendorStatus: order.status,
  };
}

function refundEvent(resource: Json, base: EventBase): CallbackEvent {
  const orderRef = ours(typeof resource.custom_id === 'string' ? resource.custom_id : undefined, 'refund');
  const refund = refundResultOf(resource);
  const amount = amountOf(resource);
  const refundId = typeof resource.invoice_id === 'string' && resource.invoice_id ? resource.invoice_id : undefined;
  // The payment's own amount is not in a refund: the route's amount check must not compare the refund's with it.
  return {
    ...base,
    orderRef,
    status: 'UNKNOWN',
    currency: amount.currency,
    vendorStatus: refund.vendorStatus,
    refund: { ...refund, refundId },
  };
}

/** Captures and refunds made outside our orders (in PayPal's dashboard, another shop) carry no payment number of ours. */
function ours(customId: string | undefined, what: string): string {
  if (!customId) throw new ChannelError('UNSUPPORTED_EVENT', `PayPal ${what} without custom_id: not made through this service`);
  return customId;
}

function amountOf(holder: Json): { amountMinor: number; currency: string } {
  const amount = readAmount(holder.amount);
  if (typeof amount !== 'object') {
    throw new ChannelError('CALLBACK_MISMATCH', 'PayPal webhook amount is missing or not an amount of a known currency', {
      details: [{ field: 'amount', message: 'amount.value / amount.currency_code unreadable', reason: 'MISMATCH' }],
    });
  }
  return amount;
}

function parseBody(rawText: string): Json {
  try {
    const parsed: unknown = JSON.parse(rawText);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Json;
  } catch {
    // a signed body that is not JSON is nothing we handle
  }
  throw new ChannelError('UNSUPPORTED_EVENT', 'PayPal webhook body is not a JSON object');
}
