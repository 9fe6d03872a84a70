import { formatMinor } from '../../money/index.js';
import { channelRejected, ChannelError } from '../core/errors.js';
import type { ChannelOrder, CloseResult, InitiateContext, InitiateResult, QueryResult } from '../core/types.js';
import { issueOf, rejected } from './paypal-answer.js';
import { approveLink, readOrder, type OrderFacts } from './paypal-order.js';
import { captureStatusOf, paymentStatusOf } from './paypal-status.js';
import type { PayPalClient } from './rest-client.js';

/** PayPal's limit for `description`, `custom_id` and `invoice_id` is 127 characters. */
const MAX_TEXT = 127;
/** PayPal's answer to capturing an order that already has its capture. */
const ORDER_ALREADY_CAPTURED = 'ORDER_ALREADY_CAPTURED';

const orderPath = (id: string) => `/v2/checkout/orders/${encodeURIComponent(id)}`;

/** Our payment page: PayPal sends the payer back to it, and opening it queries (and so captures) the order. */
function paymentPage(order: ChannelOrder, ctx: InitiateContext): string {
  return `${ctx.baseUrl ?? ''}/payment/${encodeURIComponent(order.paymentId)}`;
}

/** The Orders v2 body: one purchase unit in the order's currency, our payment number as custom_id and invoice_id. */
export function orderBody(order: ChannelOrder, ctx: InitiateContext): Record<string, unknown> {
  const page = paymentPage(order, ctx);
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        custom_id: order.paymentId,
        invoice_id: order.paymentId,
        description: order.subject.slice(0, MAX_TEXT),
        amount: { currency_code: order.currency, value: formatMinor(order.amountMinor, order.currency) },
      },
    ],
    payment_source: {
      paypal: {
        experience_context: { return_url: page, cancel_url: page, user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING' },
      },
    },
  };
}

/** Creates the order (idempotent by `PayPal-Request-Id` = paymentId); the payer approves it at PayPal. */
export async function createOrder(client: PayPalClient, order: ChannelOrder, ctx: InitiateContext): Promise<InitiateResult> {
  const answer = await client.call('POST', '/v2/checkout/orders', {
    body: orderBody(order, ctx),
    requestId: order.paymentId,
    signal: ctx.signal,
  });
  if (answer.status !== 200 && answer.status !== 201) throw rejected('create order', answer);
  const facts = readOrder(answer.body);
  assertOurOrder(order, facts);
  const payUrl = approveLink(facts);
  if (!facts.id || !payUrl)
    throw new ChannelError('CHANNEL_BAD_RESPONSE', 'PayPal create order: no order id or approve link in the answer');
  return { status: 'PAYING', payUrl, channelTradeNo: facts.id, raw: { id: facts.id, status: facts.status } };
}

/**
 * The order's state at PayPal. An APPROVED order is captured here (the payer came back, or a webhook or the
 * sync job asks), so the answer is the capture's: SUCCESS only for a COMPLETED capture.
 */
export async function queryOrder(client: PayPalClient, order: ChannelOrder, signal?: AbortSignal): Promise<QueryResult> {
  const found = await getOrder(client, order, signal);
  if (!found) return { status: 'UNPAID', vendorStatus: 'NOT_FOUND', raw: {} };
  const facts = found.status === 'APPROVED' ? await captureOrder(client, order, found, signal) : found;
  return resultOf(facts);
}

/**
 * Nothing to close at PayPal: an order is paid only when we capture it, so an uncaptured one is closed by not
 * capturing it (PayPal lets it lapse). A captured (or capture-pending) order refuses, so the caller queries.
 */
export async function closeOrder(client: PayPalClient, order: ChannelOrder, signal?: AbortSignal): Promise<CloseResult> {
  const facts = await getOrder(client, order, signal);
  const captured = facts?.capture ? captureStatusOf(facts.capture.status) : undefined;
  if (captured === 'SUCCESS' || captured === 'PAYING') {
    throw channelRejected('PayPal close', { code: 'ORDER_CAPTURED', message: `the order's capture is ${facts!.capture!.status}` });
  }
  return { closedAtChannel: false, raw: { closedAt: 'local', status: facts?.status ?? 'NOT_FOUND' } };
}

/** GET the order; undefined when we never got an id or PayPal does not know it (never created, or lapsed). */
export async function getOrder(client: PayPalClient, order: ChannelOrder, signal?: AbortSignal): Promise<OrderFacts | undefined> {
  if (!order.channelTradeNo) return undefined;
  const answer = await client.call('GET', orderPath(order.channelTradeNo), { signal });
  if (answer.status === 404) return undefined;
  if (answer.status !== 200) throw rejected('get order', answer);
  const facts = readOrder(answer.body);
  assertOurOrder(order, facts);
  return facts;
}

/**
 * Captures an approved order, idempotently: the same `PayPal-Request-Id` for every attempt, and an order
 * captured meanwhile (ORDER_ALREADY_CAPTURED) is read again. Another 422 (INSTRUMENT_DECLINED, …) leaves it
 * unpaid: the payer can approve again with the same link.
 */
async function captureOrder(client: PayPalClient, order: ChannelOrder, approved: OrderFacts, signal?: AbortSignal): Promise<OrderFacts> {
  const path = `${orderPath(approved.id!)}/capture`;
  const answer = await client.call('POST', path, { body: {}, requestId: `capture-${approved.id}`, signal });
  if (answer.status === 200 || answer.status === 201) {
    const facts = readOrder(answer.body);
    assertOurOrder(order, facts);
    return facts;
  }
  const issue = issueOf(answer);
  if (answer.status === 422 && issue.code === ORDER_ALREADY_CAPTURED) return (await getOrder(client, order, signal)) ?? approved;
  if (answer.status === 422) return { ...approved, declinedIssue: issue.code };
  throw rejected('capture', answer);
}

function resultOf(facts: OrderFacts): QueryResult {
  const capture = facts.capture;
  const status = paymentStatusOf(facts.status, capture?.status);
  if (status === 'SUCCESS' && !capture?.amount) {
    throw new ChannelError('CHANNEL_BAD_RESPONSE', 'PayPal order: a completed capture without a readable amount');
  }
  return {
    status,
    amountMinor: capture?.amount?.amountMinor,
    currency: capture?.amount?.currency,
    channelTradeNo: facts.id,
    paidAt: status === 'SUCCESS' ? capture?.time : undefined,
    vendorStatus: facts.declinedIssue ?? capture?.status ?? facts.status,
    raw: { id: facts.id, status: facts.status, capture: capture && { id: capture.id, status: capture.status, amount: capture.amount } },
  };
}

/** An answer about an order that does not carry our payment number is not an answer about ours. */
function assertOurOrder(order: ChannelOrder, facts: OrderFacts): void {
  if (facts.customId !== undefined && facts.customId !== order.paymentId) {
    throw new ChannelError('CHANNEL_BAD_RESPONSE', 'PayPal answered about an order with another custom_id');
  }
  if (order.channelTradeNo && facts.id !== undefined && facts.id !== order.channelTradeNo) {
    throw new ChannelError('CHANNEL_BAD_RESPONSE', 'PayPal answered about another order');
  }
}
