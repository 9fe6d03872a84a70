/**
 * CARD end to end: a real payment server (SQLite) configured through the settings API, the local Stripe API
 * sending webhooks signed by the official package to `asyncCallback/CUSTOM`, and a business system's
 * notifyUrl. Orders in JPY and EUR: createPayment → Checkout Session → paid → verified webhook → SUCCESS →
 * notifyUrl delivered; when the webhook is lost, the payment page's query and the sync job; delayed payments
 * that succeed or fail; expiry, close and the time-out job; refunds at the adapter; bad input changes nothing.
 */
import { eq } from '../../../../src/host/sdk/index.js';
import { PaymentCallbackLog } from '../../../../src/payment/callbacks/callback-log.js';
import type { CardChannel } from '../../../../src/payment/channels/card/index.js';
import { closeExpiredOrders } from '../../../../src/payment/jobs/close-expired.handler.js';
import { syncOpenOrders } from '../../../../src/payment/jobs/sync-payments.handler.js';
import { toChannelOrder } from '../../../../src/payment/orders/order-view.js';
import { PaymentInfo } from '../../../../src/payment/orders/types.js';
import { NotifyReceiver } from '../../support/notify-receiver.js';
import {
  api,
  configure,
  CONSOLE,
  eventually,
  PUBLIC,
  startPaymentServer,
  type InterfaceKey,
  type PaymentServer,
  type PaymentView,
} from '../../support/payment-server.js';
import { FakeStripeApi } from './fake-stripe-api.js';
import { SECRET_KEY, WEBHOOK_SECRET } from './test-keys.js';

let server: PaymentServer;
let stripe: FakeStripeApi;
let receiver: NotifyReceiver;
const jobContext = () => ({
  signal: new AbortController().signal,
  counts: {} as Record<string, number>,
  reportCounts(c: Record<string, number>) {
    for (const [k, v] of Object.entries(c)) this.counts[k] = (this.counts[k] ?? 0) + v;
  },
});

beforeAll(async () => {
  server = await startPaymentServer();
  stripe = await new FakeStripeApi({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }).start();
  receiver = await new NotifyReceiver().start();
  await configure(server, {
    allowLocalCallbackDomain: true,
    callbackDomain: server.url,
    allowPrivateNotifyTargets: true,
    supportedChannels: ['CARD:CHECKOUT'],
    cardEnabled: true,
    cardSecretKey: SECRET_KEY,
    cardWebhookSecret: WEBHOOK_SECRET,
    cardCurrency: 'EUR',
    cardApiBaseUrl: stripe.url,
  });
  // The endpoint an administrator registers in the Stripe Dashboard: one per account, shared with CUSTOM.
  stripe.webhookUrl = `${server.url}${PUBLIC}/asyncCallback/CUSTOM`;
  receiver.publicKeyPem = (await api<InterfaceKey>(server, 'GET', `${CONSOLE}/interface-keys/public`)).body.data.publicKey;
}, 60_000);
afterAll(async () => {
  await receiver?.stop();
  await stripe?.stop();
  await server?.stop();
});
afterEach(() => {
  stripe.faults = [];
});

const initiate = (orderId: string, paymentAmount: string, currency?: string, extra: Record<string, unknown> = {}) =>
  api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId,
    subject: 'Pro licence',
    paymentAmount,
    paymentType: 'STRIPE',
    paymentChannel: 'CHECKOUT',
    notifyUrl: receiver.url,
    ...(currency ? { currency } : {}),
    ...extra,
  });
const stored = (paymentId: string) => server.runtime.client.get(PaymentInfo, paymentId);
const logs = async (paymentId: string) =>
  (await server.runtime.client.list(PaymentCallbackLog, { where: eq('spec.paymentId', paymentId) })).items.map((l) => l.spec);
const sessionOf = (order: PaymentView) => stripe.session(order.channelTradeNo!);
const card = async () => (await server.payment.deps.channels.instance('CARD')) as CardChannel;

describe.each([
  ['JPY', '500', 500, '500'],
  ['EUR', '12.30', 1230, '12.30'],
])('CARD in %s end to end against the local Stripe API', (currency, amount, minor, amountText) => {
  test('createPayment → Checkout Session → paid → verified webhook at CUSTOM → SUCCESS → notifyUrl; a resend changes nothing', async () => {
    const created = await initiate(`card-${currency}-1`, amount, currency);
    expect(created.status).toBe(200);
    const order = created.body.data;
    expect(order).toMatchObject({ paymentType: 'CARD', paymentChannel: 'CHECKOUT', status: 'PAYING', amountMinor: minor, currency });
    const session = sessionOf(order);
    expect(order.payUrl).toBe(session.url);
    expect(session).toMatchObject({
      amount_total: minor,
      currency: currency.toLowerCase(),
      client_reference_id: order.paymentId,
      success_url: `${server.url}/payment/${order.paymentId}`,
    });

    expect(await stripe.pay(order.channelTradeNo!)).toEqual({ status: 200, body: '{"received":true}' });
    expect((await stored(order.paymentId)).spec).toMatchObject({
      status: 'SUCCESS',
      channelTradeNo: session.id,
      paidAt: expect.any(String),
    });
    const [delivered] = await eventually(() =>
      receiver.forPayment(order.paymentId).length ? receiver.forPayment(order.paymentId) : undefined,
    );
    expect(delivered.signatureValid).toBe(true);
    expect(delivered.body).toMatchObject({
      status: 'SUCCESS',
      amount: amountText,
      amountMinor: minor,
      currency,
      type: 'CARD',
      channel: 'CHECKOUT',
    });

    // Stripe resends an event it thinks undelivered with a fresh signature: acknowledged, applied once.
    const first = stripe.deliveries.at(-1)!.delivery;
    expect(await stripe.deliver(stripe.signed(first.body))).toEqual({ status: 200, body: '{"received":true}' });
    expect((await stored(order.paymentId)).status?.transitions?.filter((t) => t.to === 'SUCCESS')).toHaveLength(1);
    const [log] = await logs(order.paymentId);
    expect(log).toMatchObject({ paymentType: 'CUSTOM', reason: 'TRANSITIONED', receivedCount: 2, eventId: JSON.parse(first.body).id });
  });

  test('the webhook is lost: the payment page, opened by the returning payer, asks Stripe and shows the payment', async () => {
    const order = (await initiate(`card-${currency}-page`, amount, currency)).body.data;
    await stripe.pay(order.channelTradeNo!, { notify: false });
    expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
    const page = await fetch(`${server.url}/payment/${order.paymentId}`);
    expect(page.status).toBe(200);
    expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'SUCCESS' });
    expect((await stored(order.paymentId)).status?.transitions?.at(-1)).toMatchObject({ to: 'SUCCESS', source: 'PAGE_QUERY' });
    await eventually(() => receiver.forPayment(order.paymentId).length > 0);
  });

  test('the webhook is lost: the sync job asks Stripe and finds the payment', async () => {
    const order = (await initiate(`card-${currency}-sync`, amount, currency)).body.data;
    await stripe.pay(order.channelTradeNo!, { notify: false });
    const ctx = jobContext();
    await syncOpenOrders(server.payment.deps, ctx);
    expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'SUCCESS', paidAt: expect.any(String) });
    expect((await stored(order.paymentId)).status?.transitions?.at(-1)).toMatchObject({ source: 'SYNC' });
    await eventually(() => receiver.forPayment(order.paymentId).length > 0);
  });
});

describe('webhook event ids are keyed on the order', () => {
  const queriesOf = (order: PaymentView) => stripe.requests.filter((r) => r.path.includes(order.channelTradeNo!)).length;
  const received = { status: 200, body: '{"received":true}' };

  test('a verified webhook for another order reusing an event id is applied; a true resend of the first is a repeat', async () => {
    const first = (await initiate('card-key-a', '21.00')).body.data;
    expect(await stripe.pay(first.channelTradeNo!)).toEqual(received);
    const original = stripe.deliveries.at(-1)!.delivery;
    const reusedId = JSON.parse(original.body).id as string;

    const second = (await initiate('card-key-b', '22.00')).body.data;
    await stripe.pay(second.channelTradeNo!, { notify: false });
    const queried = queriesOf(second);
    expect(await stripe.sendEvent('checkout.session.completed', sessionOf(second), { id: reusedId })).toEqual(received);
    // Processed as a first arrival: Stripe was asked, and the second order moved on its own event.
    expect(queriesOf(second)).toBeGreaterThan(queried);
    expect((await stored(second.paymentId)).spec).toMatchObject({ status: 'SUCCESS' });
    expect(await logs(second.paymentId)).toEqual([
      expect.objectContaining({ eventId: reusedId, reason: 'TRANSITIONED', receivedCount: 1 }),
    ]);
    expect(await logs(first.paymentId)).toEqual([expect.objectContaining({ eventId: reusedId, receivedCount: 1 })]);

    // The first order's own event again (signed afresh): a repeat, nothing asked, nothing changed.
    const paid = await stored(first.paymentId);
    const askedFirst = queriesOf(first);
    expect(await stripe.deliver(stripe.signed(original.body))).toEqual(received);
    expect(await logs(first.paymentId)).toEqual([expect.objectContaining({ reason: 'TRANSITIONED', receivedCount: 2 })]);
    expect((await stored(first.paymentId)).metadata.resourceVersion).toBe(paid.metadata.resourceVersion);
    expect(queriesOf(first)).toBe(askedFirst);
  });
});

describe('delayed payments, expiry and closing', () => {
  test('completed but unpaid stays PAYING; async_payment_succeeded → SUCCESS', async () => {
    const order = (await initiate('card-async-ok', '40.00')).body.data;
    expect(order.currency).toBe('EUR'); // the configured default currency
    expect(await stripe.pay(order.channelTradeNo!, { delayed: true })).toMatchObject({ status: 200 });
    expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
    expect(await stripe.settleDelayed(order.channelTradeNo!, 'succeeded')).toMatchObject({ status: 200 });
    expect((await stored(order.paymentId)).spec.status).toBe('SUCCESS');
  });

  test('async_payment_failed → FAILED', async () => {
    const order = (await initiate('card-async-fail', '41.00')).body.data;
    await stripe.pay(order.channelTradeNo!, { delayed: true });
    expect(await stripe.settleDelayed(order.channelTradeNo!, 'failed')).toMatchObject({ status: 200 });
    expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'FAILED', failureReason: 'CHANNEL_PAYMENT_FAILED' });
  });

  test('checkout.session.expired → FAILED', async () => {
    const order = (await initiate('card-expired', '42.00')).body.data;
    expect(await stripe.expire(order.channelTradeNo!)).toMatchObject({ status: 200 });
    expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'FAILED', failureReason: 'CHANNEL_EXPIRED' });
  });

  test('closing the order expires the session at Stripe; closing a paid one says it is paid', async () => {
    const order = (await initiate('card-close', '43.00')).body.data;
    const closed = await api(server, 'POST', `${CONSOLE}/payments/${order.paymentId}/close`);
    expect(closed.body.data).toMatchObject({ status: 'FAILED', failureReason: 'CLOSED' });
    expect(sessionOf(order).status).toBe('expired');

    const paid = (await initiate('card-close-paid', '44.00')).body.data;
    await stripe.pay(paid.channelTradeNo!, { notify: false });
    const refused = await api(server, 'POST', `${CONSOLE}/payments/${paid.paymentId}/close`);
    expect(refused).toMatchObject({ status: 409, body: { code: 'ORDER_ALREADY_PAID' } });
    expect((await stored(paid.paymentId)).spec.status).toBe('SUCCESS');
  });

  test('the time-out job closes an expired order and its session', async () => {
    const order = (await initiate('card-timeout', '45.00')).body.data;
    const realClock = server.payment.deps.clock;
    server.payment.deps.clock = { ...realClock, now: () => realClock.now() + 31 * 60_000 };
    try {
      await closeExpiredOrders(server.payment.deps, jobContext());
    } finally {
      server.payment.deps.clock = realClock;
    }
    expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'FAILED', failureReason: 'TIMEOUT' });
    expect(sessionOf(order).status).toBe('expired');
  });
});

describe('refunds at the adapter (the refund service drives them)', () => {
  test('a partial and then a full refund of a paid EUR order; refund webhooks name the order', async () => {
    const order = (await initiate('card-refund', '50.00', 'EUR')).body.data;
    await stripe.pay(order.channelTradeNo!);
    const paid = toChannelOrder((await stored(order.paymentId)).spec);
    const adapter = await card();
    const partial = await adapter.refund(paid, { refundId: 'rf-card-e2e-1', amountMinor: 2000, currency: 'EUR', paidAmountMinor: 5000 });
    expect(partial).toMatchObject({ status: 'SUCCESS', amountMinor: 2000 });
    const full = await adapter.refund(paid, { refundId: 'rf-card-e2e-2', amountMinor: 3000, currency: 'EUR', paidAmountMinor: 5000 });
    expect(full).toMatchObject({ status: 'SUCCESS', amountMinor: 3000 });
    const over = await adapter
      .refund(paid, { refundId: 'rf-card-e2e-3', amountMinor: 1, currency: 'EUR', paidAmountMinor: 5000 })
      .catch((e: unknown) => e);
    expect(over).toMatchObject({ code: 'CHANNEL_REJECTED' });
    expect(await adapter.queryRefund(paid, { refundId: 'rf-card-e2e-1', channelRefundNo: partial.channelRefundNo })).toMatchObject({
      status: 'SUCCESS',
      amountMinor: 2000,
    });
    // Until the refund service applies them, refund webhooks are verified, acknowledged and leave the payment as it is.
    expect((await stripe.sendEvent('refund.updated', stripe.refunds.get(full.channelRefundNo!)!)).status).toBe(200);
    expect((await stored(order.paymentId)).spec.status).toBe('SUCCESS');
  });
});

describe('bad input changes nothing', () => {
  test('a currency Stripe does not take, or an amount it cannot charge, is refused before an order exists', async () => {
    const iqd = await initiate('card-iqd', '1.000', 'IQD');
    expect(iqd).toMatchObject({ status: 400, body: { success: false, code: 'UNKNOWN_CURRENCY' } });
    const kwd = await initiate('card-kwd', '5.125', 'KWD');
    expect(kwd).toMatchObject({ status: 400, body: { code: 'INVALID_AMOUNT' } });
    const jpy = await initiate('card-jpy-frac', '500.5', 'JPY');
    expect(jpy).toMatchObject({ status: 400, body: { code: 'INVALID_AMOUNT' } });
    for (const orderId of ['card-iqd', 'card-kwd', 'card-jpy-frac']) {
      const listed = await api<{ items: unknown[] }>(server, 'GET', `${CONSOLE}/payments?orderId=${orderId}`);
      expect(listed.body.data.items).toHaveLength(0);
    }
    // A three-decimal currency Stripe takes, at a precision it charges: KWD 5.120.
    expect((await initiate('card-kwd-ok', '5.12', 'KWD')).body.data).toMatchObject({
      status: 'PAYING',
      amountMinor: 5120,
      currency: 'KWD',
    });
  });

  test('a verified webhook for another amount, a bad signature, an unknown event: nothing changes; each answered and logged', async () => {
    const order = (await initiate('card-bad', '46.00')).body.data;
    await stripe.pay(order.channelTradeNo!, { notify: false });
    const wrongAmount = await stripe.sendEvent('checkout.session.completed', { ...sessionOf(order), amount_total: 4601 });
    expect(wrongAmount).toEqual({ status: 400, body: '{"received":false,"error":"CALLBACK_MISMATCH"}' });
    const good = stripe.signed(JSON.stringify(stripe.event('checkout.session.completed', sessionOf(order))));
    expect((await stripe.deliver({ ...good, body: good.body.replace('"paid"', '"PAID"') })).status).toBe(401);
    expect((await stripe.deliver(stripe.signed(good.body, { timestamp: stripe.nowSeconds() - 3600 }))).status).toBe(401);
    expect(await stripe.sendEvent('invoice.paid', { id: 'in_1', object: 'invoice' })).toEqual({ status: 200, body: '{"received":true}' });
    expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
    expect((await logs(order.paymentId)).map((l) => l.reason)).toEqual(['CALLBACK_MISMATCH']);
    expect((await stripe.deliver(good)).status).toBe(200);
    expect((await stored(order.paymentId)).spec.status).toBe('SUCCESS');
  });

  test('Stripe down at initiation: 503, the order stays UNPAID; a retry creates the session', async () => {
    stripe.faults = ['http500'];
    const refused = await initiate('card-down', '47.00');
    expect(refused).toMatchObject({ status: 503, body: { success: false, code: 'CHANNEL_UNAVAILABLE' } });
    expect(refused.text).not.toMatch(/at .*\.ts:\d+/);
    const listed = await api<{ items: PaymentView[] }>(server, 'GET', `${CONSOLE}/payments?orderId=card-down`);
    expect(listed.body.data.items[0].status).toBe('UNPAID');
    const retried = await initiate('card-down', '47.00');
    expect(retried.body.data).toMatchObject({ paymentId: listed.body.data.items[0].paymentId, status: 'PAYING' });
  });

  test('a webhook whose confirming query fails is answered 503; the order stays PAYING until Stripe resends', async () => {
    const order = (await initiate('card-query-down', '48.00')).body.data;
    await stripe.pay(order.channelTradeNo!, { notify: false });
    stripe.faults = ['http500'];
    const answer = await stripe.sendEvent('checkout.session.completed', sessionOf(order));
    expect(answer).toEqual({ status: 503, body: '{"received":false,"error":"CHANNEL_UNAVAILABLE"}' });
    expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
    expect((await stripe.deliver(stripe.signed(stripe.deliveries.at(-1)!.delivery.body))).status).toBe(200);
    expect((await stored(order.paymentId)).spec.status).toBe('SUCCESS');
  });
});

test('an order made while CARD was on still settles when its webhook arrives after the service was switched off', async () => {
  const order = (await initiate('card-switched-off', '9.90')).body.data;
  await configure(server, { cardEnabled: false });
  try {
    expect(await stripe.pay(order.channelTradeNo!)).toEqual({ status: 200, body: '{"received":true}' });
    expect((await stored(order.paymentId)).spec.status).toBe('SUCCESS');
  } finally {
    await configure(server, { cardEnabled: true });
  }
});

test('the settings view shows CARD enabled and ready', async () => {
  const view = await api<{ services: Array<{ paymentType: string }>; cardSecretKey: string }>(server, 'GET', `${CONSOLE}/settings`);
  expect(view.body.data.services.find((s) => s.paymentType === 'CARD')).toEqual({
    paymentType: 'CARD',
    enabled: true,
    ready: true,
    problems: [],
  });
  expect(view.body.data.cardSecretKey).toBe('******');
  expect(view.text).not.toContain(SECRET_KEY);
  expect(view.text).not.toContain(WEBHOOK_SECRET);
});
