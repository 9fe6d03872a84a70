import { createHash } from 'node:crypto';
import { ChannelError, channelRejected } from '../core/errors.js';
import type { ChannelOrder, CloseResult, InitiateContext, InitiateResult, QueryResult } from '../core/types.js';
import { fromStripeAmount, toStripeAmount } from './stripe-amount.js';
import { isMissing, stripeFault, type StripeApiClient } from './stripe-client.js';
import { encodeStripeForm, type FormValue } from './stripe-form.js';
import { sessionState } from './stripe-status.js';

const SESSIONS = '/v1/checkout/sessions';
/** Stripe: a session expires at least 30 minutes and at most 24 hours after it is created. */
const MIN_LIFETIME_SECONDS = 30 * 60;
const MAX_LIFETIME_SECONDS = 24 * 3600;
/** Room for the clocks of Stripe and this server to differ, and for the request's own travel. */
const CLOCK_MARGIN_SECONDS = 120;
/** Stripe's limits on a product name and on a metadata value. */
const MAX_NAME = 250;
const MAX_METADATA_VALUE = 500;

const sessionPath = (order: ChannelOrder) => `${SESSIONS}/${encodeURIComponent(order.channelTradeNo ?? '')}`;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * `expires_at` from the order's time-out, within Stripe's bounds: no earlier than 30 minutes from now (a
 * shorter time-out still closes the order here, and closing expires the session) and no later than 24 hours.
 * The lower bound is rounded up to the minute, so a retry within the minute sends the same request.
 */
export function sessionExpiry(expiresAt: string | undefined, nowMs: number): number | undefined {
  if (!expiresAt) return undefined;
  const now = Math.floor(nowMs / 1000);
  const earliest = Math.ceil((now + MIN_LIFETIME_SECONDS + CLOCK_MARGIN_SECONDS) / 60) * 60;
  const latest = now + MAX_LIFETIME_SECONDS - CLOCK_MARGIN_SECONDS;
  const wanted = Math.floor(Date.parse(expiresAt) / 1000);
  if (!Number.isFinite(wanted)) return undefined;
  return Math.min(Math.max(wanted, earliest), latest);
}

/** The form of `POST /v1/checkout/sessions`: one line item for the order, our payment id in three places. */
export function sessionParams(order: ChannelOrder, ctx: InitiateContext, nowMs: number): Record<string, FormValue> {
  const page = pageUrl(order, ctx);
  const ours = { paymentId: order.paymentId, orderId: order.orderId.slice(0, MAX_METADATA_VALUE) };
  const description = order.body?.trim() ? order.body.trim().slice(0, MAX_METADATA_VALUE) : undefined;
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: order.currency.toLowerCase(),
          unit_amount: toStripeAmount(order.amountMinor, order.currency, 'paymentAmount'),
          product_data: { name: order.subject.slice(0, MAX_NAME), description },
        },
      },
    ],
    client_reference_id: order.paymentId,
    metadata: ours,
    // Copied to the PaymentIntent, and from it to the Charge: refund events name the order through it.
    payment_intent_data: { metadata: ours },
    success_url: page,
    cancel_url: page,
    expires_at: sessionExpiry(order.expiresAt, nowMs),
  };
}

/** The payer comes back to our payment page, which asks Stripe for the session once when opened. */
function pageUrl(order: ChannelOrder, ctx: InitiateContext): string {
  if (ctx.baseUrl) return `${ctx.baseUrl}/payment/${encodeURIComponent(order.paymentId)}`;
  if (ctx.returnUrl) return ctx.returnUrl;
  throw new ChannelError('CHANNEL_MISCONFIGURED', 'CARD needs the public base URL of the payment pages for its return URLs');
}

/**
 * Creates the Checkout Session; `payUrl` is Stripe's hosted page and `channelTradeNo` the session id (the key
 * of query, close and refund). The Idempotency-Key names the order and the exact request, so a retry after a
 * lost answer returns the same session, and a changed request (another expiry) is a new one instead of
 * Stripe's idempotency error.
 */
export async function createSession(
  client: StripeApiClient,
  order: ChannelOrder,
  ctx: InitiateContext,
  nowMs: number,
): Promise<InitiateResult> {
  const params = sessionParams(order, ctx, nowMs);
  const digest = createHash('sha256').update(encodeStripeForm(params)).digest('hex').slice(0, 24);
  const answer = await client.post(SESSIONS, params, { idempotencyKey: `checkout-${order.paymentId}-${digest}`, signal: ctx.signal });
  if (answer.status !== 200) throw stripeFault('create Checkout Session', answer);
  const session = answer.body;
  const id = str(session.id);
  const url = str(session.url);
  if (!id || !url || (session.client_reference_id !== undefined && session.client_reference_id !== order.paymentId)) {
    throw new ChannelError(
      'CHANNEL_BAD_RESPONSE',
      'Stripe answered the session creation without our session (id, url, client_reference_id)',
    );
  }
  return { status: 'PAYING', payUrl: url, channelTradeNo: id, raw: sessionSummary(session) };
}

/**
 * Retrieves the session with its PaymentIntent and latest Charge. No session id yet (the creation never
 * answered) or a session Stripe does not know: UNPAID, nothing was paid.
 */
export async function querySession(client: StripeApiClient, order: ChannelOrder, signal?: AbortSignal): Promise<QueryResult> {
  if (!order.channelTradeNo) return { status: 'UNPAID', vendorStatus: 'NO_SESSION', raw: {} };
  const answer = await client.get(sessionPath(order), { expand: ['payment_intent.latest_charge'] }, signal);
  if (answer.status !== 200 && isMissing(answer)) return { status: 'UNPAID', vendorStatus: 'NOT_FOUND', raw: answer.body };
  if (answer.status !== 200) throw stripeFault('retrieve Checkout Session', answer);
  const session = answer.body;
  if (session.client_reference_id !== order.paymentId) {
    throw new ChannelError('CHANNEL_BAD_RESPONSE', 'Stripe answered about a Checkout Session of another order');
  }
  const state = sessionState(session);
  const currency = str(session.currency)?.toUpperCase();
  const amountMinor = currency ? fromStripeAmount(session.amount_total, currency) : undefined;
  if (state.status === 'SUCCESS' && amountMinor === undefined) {
    throw new ChannelError('CHANNEL_BAD_RESPONSE', 'Stripe reports a paid session without a readable amount_total');
  }
  return {
    status: state.status,
    amountMinor,
    currency,
    channelTradeNo: order.channelTradeNo,
    paidAt: state.status === 'SUCCESS' ? chargeTime(session) : undefined,
    vendorStatus: state.vendorStatus,
    raw: sessionSummary(session),
  };
}

/**
 * Expires the session so it can no longer be paid. One already expired counts as closed; a complete one
 * (paid, or a delayed payment settling) is CHANNEL_REJECTED, on which the caller queries.
 */
export async function expireSession(client: StripeApiClient, order: ChannelOrder, signal?: AbortSignal): Promise<CloseResult> {
  if (!order.channelTradeNo) return { closedAtChannel: false, raw: { session: null } };
  const answer = await client.post(`${sessionPath(order)}/expire`, {}, { signal });
  if (answer.status === 200) return { closedAtChannel: true, raw: sessionSummary(answer.body) };
  if (isMissing(answer)) return { closedAtChannel: false, raw: answer.body };
  // Stripe expires only open sessions; ask which state refused it.
  const current = await client.get(sessionPath(order), {}, signal);
  if (current.status === 200 && current.body.status === 'expired') return { closedAtChannel: true, raw: sessionSummary(current.body) };
  if (current.status === 200 && current.body.status === 'complete') {
    throw channelRejected('close', {
      code: 'session_complete',
      message: 'the Checkout Session is complete (paid or a payment is settling)',
    });
  }
  throw stripeFault('expire Checkout Session', answer);
}

/** When the payment's charge succeeded (RFC 3339), from the expanded PaymentIntent's latest Charge. */
function chargeTime(session: Record<string, unknown>): string | undefined {
  const intent = session.payment_intent as Record<string, unknown> | null | undefined;
  const charge = intent && typeof intent === 'object' ? (intent.latest_charge as Record<string, unknown> | null | undefined) : undefined;
  const created = charge && typeof charge === 'object' && charge.status === 'succeeded' ? charge.created : undefined;
  return typeof created === 'number' && Number.isSafeInteger(created) ? new Date(created * 1000).toISOString() : undefined;
}

/** What the order keeps of a session: no payer details. */
export function sessionSummary(session: Record<string, unknown>): Record<string, unknown> {
  const intent = session.payment_intent;
  return {
    id: session.id,
    status: session.status,
    payment_status: session.payment_status,
    amount_total: session.amount_total,
    currency: session.currency,
    expires_at: session.expires_at,
    payment_intent: typeof intent === 'object' && intent !== null ? (intent as Record<string, unknown>).id : intent,
    livemode: session.livemode,
  };
}
