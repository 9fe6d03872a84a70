/**
 * CARD webhooks through a stand-in of the callback route (raw bytes over HTTP): each Checkout Session and
 * refund event the adapter handles, as sent by the local Stripe API and signed by the official package;
 * events we do not handle and objects of other integrations acknowledged and ignored; bad signatures,
 * stale or foreign-mode events refused; CUSTOM routing by Stripe-Signature.
 */
import { cardDefinition, type CardChannel } from '../../../../src/payment/channels/card/index.js';
import { routeCustomCallback, type CallbackEvent, type ChannelOrder } from '../../../../src/payment/channels/index.js';
import { startCallbackReceiver, type CallbackReceiver } from '../callback-receiver.js';
import { FakeStripeApi } from './fake-stripe-api.js';
import { OTHER_WEBHOOK_SECRET, SECRET_KEY, WEBHOOK_SECRET } from './test-keys.js';

let stripe: FakeStripeApi;
let channel: CardChannel;
let receiver: CallbackReceiver;
let seq = 0;

beforeAll(async () => {
  stripe = await new FakeStripeApi({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }).start();
  channel = cardDefinition.create(
    cardDefinition.validateOptions({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBaseUrl: stripe.url }),
  ) as CardChannel;
  receiver = await startCallbackReceiver(() => channel);
  stripe.webhookUrl = receiver.url;
});
afterAll(async () => {
  await receiver.stop();
  await stripe.stop();
});

async function session(currency = 'EUR', amountMinor = 1230): Promise<{ order: ChannelOrder; id: string }> {
  seq += 1;
  const order: ChannelOrder = {
    paymentId: `p20260101hook${String(seq).padStart(4, '0')}${Date.now() % 100000}`,
    orderId: `o-${seq}`,
    paymentType: 'CARD',
    paymentChannel: 'CHECKOUT',
    subject: 'Pro licence',
    amountMinor,
    currency,
  };
  const result = await channel.initiate(order, { callbackUrl: receiver.url, baseUrl: 'https://pay.example.com' });
  return { order: { ...order, channelTradeNo: result.channelTradeNo }, id: result.channelTradeNo! };
}

const lastEvent = (): CallbackEvent => receiver.events.at(-1)!;
const lastError = () => receiver.errors.at(-1) as { code: string };
const ACK = { status: 200, body: '{"received":true}' };

describe('Checkout Session events', () => {
  test('completed and paid → SUCCESS with the amount, currency, session id, event id and its created time', async () => {
    const { order, id } = await session('JPY', 500);
    expect(await stripe.pay(id)).toEqual(ACK);
    const sent = JSON.parse(stripe.deliveries.at(-1)!.delivery.body) as { id: string; created: number };
    expect(lastEvent()).toMatchObject({
      orderRef: order.paymentId,
      status: 'SUCCESS',
      amountMinor: 500,
      currency: 'JPY',
      channelTradeNo: id,
      eventId: sent.id,
      sentAt: new Date(sent.created * 1000).toISOString(),
      vendorStatus: 'checkout.session.completed',
    });
  });

  test('completed but unpaid (a delayed method) → PAYING; then async_payment_succeeded → SUCCESS', async () => {
    const { order, id } = await session('EUR', 4200);
    expect(await stripe.pay(id, { delayed: true })).toEqual(ACK);
    expect(lastEvent()).toMatchObject({ orderRef: order.paymentId, status: 'PAYING' });
    expect(await stripe.settleDelayed(id, 'succeeded')).toEqual(ACK);
    expect(lastEvent()).toMatchObject({ status: 'SUCCESS', amountMinor: 4200, vendorStatus: 'checkout.session.async_payment_succeeded' });
  });

  test('async_payment_failed → FAILED; expired → FAILED', async () => {
    const failed = await session('USD', 700);
    await stripe.pay(failed.id, { delayed: true });
    expect(await stripe.settleDelayed(failed.id, 'failed')).toEqual(ACK);
    expect(lastEvent()).toMatchObject({ orderRef: failed.order.paymentId, status: 'FAILED' });
    const expired = await session('USD', 800);
    expect(await stripe.expire(expired.id)).toEqual(ACK);
    expect(lastEvent()).toMatchObject({ orderRef: expired.order.paymentId, status: 'FAILED', vendorStatus: 'checkout.session.expired' });
  });

  test('ISK and KWD amounts in a paid session are read back in our minor units', async () => {
    const isk = await session('ISK', 5);
    await stripe.pay(isk.id);
    expect(lastEvent()).toMatchObject({ amountMinor: 5, currency: 'ISK' });
    const kwd = await session('KWD', 5120);
    await stripe.pay(kwd.id);
    expect(lastEvent()).toMatchObject({ amountMinor: 5120, currency: 'KWD' });
  });
});

describe('refund events', () => {
  async function paid() {
    const s = await session('EUR', 5000);
    await stripe.pay(s.id, { notify: false });
    return s;
  }

  test('refund.created / refund.updated → event.refund with our refund id, Stripe id, amount and status', async () => {
    const { order } = await paid();
    stripe.refundStatus = 'pending';
    const result = await channel.refund(order, { refundId: 'r-hook-1', amountMinor: 2000, currency: 'EUR', paidAmountMinor: 5000 });
    stripe.refundStatus = 'succeeded';
    expect(await stripe.sendEvent('refund.created', stripe.refunds.get(result.channelRefundNo!)!)).toEqual(ACK);
    expect(lastEvent()).toMatchObject({
      orderRef: order.paymentId,
      status: 'UNKNOWN',
      currency: 'EUR',
      refund: { refundId: 'r-hook-1', channelRefundNo: result.channelRefundNo, amountMinor: 2000, status: 'PENDING' },
    });
    expect(await stripe.settleRefund(result.channelRefundNo!, 'succeeded')).toEqual(ACK);
    expect(lastEvent().refund).toMatchObject({ refundId: 'r-hook-1', status: 'SUCCESS', refundedAt: expect.any(String) });
  });

  test('charge.refunded names the order by the Charge metadata; with a refunds list the newest refund, else a PENDING hint', async () => {
    const { order, id } = await paid();
    const refund = await channel.refund(order, { refundId: 'r-hook-2', amountMinor: 1000, currency: 'EUR', paidAmountMinor: 5000 });
    const charge = stripe.charges.get(String(stripe.intents.get(String(stripe.session(id).payment_intent))!.latest_charge))!;
    expect(await stripe.sendEvent('charge.refunded', charge)).toEqual(ACK);
    expect(lastEvent()).toMatchObject({
      orderRef: order.paymentId,
      status: 'UNKNOWN',
      refund: { status: 'PENDING', vendorStatus: 'charge.refunded' },
    });
    expect(lastEvent().refund).not.toHaveProperty('refundId');
    const older = { ...stripe.refunds.get(refund.channelRefundNo!)!, id: 're_test_older', created: 1, metadata: {} };
    const withList = { ...charge, refunds: { object: 'list', data: [older, stripe.refunds.get(refund.channelRefundNo!)!] } };
    expect(await stripe.sendEvent('charge.refunded', withList)).toEqual(ACK);
    expect(lastEvent().refund).toMatchObject({
      refundId: 'r-hook-2',
      channelRefundNo: refund.channelRefundNo,
      amountMinor: 1000,
      status: 'SUCCESS',
    });
  });
});

describe('acknowledged and ignored', () => {
  test('an event type we do not handle: 200, UNSUPPORTED_EVENT', async () => {
    expect(await stripe.sendEvent('customer.created', { id: 'cus_1', object: 'customer' })).toEqual({
      status: 200,
      body: '{"received":true}',
    });
    expect(lastError().code).toBe('UNSUPPORTED_EVENT');
  });

  test('a session of another integration on the same account (no paymentId of ours): 200, ignored', async () => {
    const foreign = {
      id: 'cs_test_foreign',
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 100,
      currency: 'usd',
      metadata: {},
    };
    expect((await stripe.sendEvent('checkout.session.completed', foreign)).status).toBe(200);
    expect(lastError().code).toBe('UNSUPPORTED_EVENT');
    expect((await stripe.sendEvent('refund.updated', { id: 're_x', object: 'refund', currency: 'usd', metadata: {} })).status).toBe(200);
    expect(lastError().code).toBe('UNSUPPORTED_EVENT');
  });
});

describe('refused', () => {
  test('a bad, stale or foreign signature is 401; no signature 400; nothing is read from such a body', async () => {
    const { id } = await session();
    await stripe.pay(id, { notify: false });
    const good = stripe.signed(JSON.stringify(stripe.event('checkout.session.completed', stripe.session(id))));
    const before = receiver.events.length;
    const tampered = { ...good, body: good.body.replace('"paid"', '"unpaid"') };
    expect((await stripe.deliver(tampered)).status).toBe(401);
    expect(lastError().code).toBe('BAD_SIGNATURE');
    const stale = stripe.signed(good.body, { timestamp: stripe.nowSeconds() - 301 });
    expect(await stripe.deliver(stale)).toEqual({ status: 401, body: '{"received":false,"error":"BAD_SIGNATURE"}' });
    expect((await stripe.deliver(stripe.signed(good.body, { secret: OTHER_WEBHOOK_SECRET }))).status).toBe(401);
    const { 'stripe-signature': _dropped, ...unsigned } = good.headers;
    expect(await stripe.deliver({ body: good.body, headers: unsigned })).toEqual({
      status: 400,
      body: '{"received":false,"error":"MISSING_SIGNATURE"}',
    });
    expect(receiver.events.length).toBe(before);
    expect((await stripe.deliver(good)).status).toBe(200);
  });

  test('a live-mode event for a test key, a signed non-JSON body, a paid session without amount: 400 CALLBACK_MISMATCH', async () => {
    const { id } = await session();
    await stripe.pay(id, { notify: false });
    expect((await stripe.sendEvent('checkout.session.completed', stripe.session(id), { livemode: true })).status).toBe(400);
    expect(lastError().code).toBe('CALLBACK_MISMATCH');
    expect((await stripe.deliver(stripe.signed('not json'))).status).toBe(400);
    const noAmount = { ...stripe.session(id), amount_total: null };
    expect((await stripe.sendEvent('checkout.session.completed', noAmount)).status).toBe(400);
    const mixed = { ...stripe.session(id), client_reference_id: 'p-someone-else' };
    expect((await stripe.sendEvent('checkout.session.completed', mixed)).status).toBe(400);
  });
});

test('at asyncCallback/CUSTOM, Stripe-Signature routes to CARD ahead of the wallet-compatible gateways', () => {
  const request = { method: 'POST', headers: { 'Stripe-Signature': 't=1,v1=00' }, query: {}, rawBody: '{}' };
  const routes = [
    { sub: 'WALLET_B_COMPATIBLE' as const, channel: { matchesCallback: () => true } },
    { sub: 'CARD' as const, channel },
  ];
  expect(routeCustomCallback(request, routes).sub).toBe('CARD');
  expect(channel.matchesCallback({ ...request, headers: {} })).toBe(false);
});
