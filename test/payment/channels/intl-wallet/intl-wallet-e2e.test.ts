/**
 * INTL_WALLET end to end: a real payment server (SQLite) configured through the settings API, the local PayPal
 * gateway and a business system's notifyUrl. An order in USD is paid: the payer approves at PayPal, the
 * signed CHECKOUT.ORDER.APPROVED webhook at asyncCallback/CUSTOM is verified, the order is captured and
 * becomes SUCCESS; when the webhook is lost, the payment page's query and the sync job capture it. Pending
 * captures wait; bad webhooks and bad input change nothing. Refunds at the adapter level against the gateway.
 */
import type { Logger } from 'pino';
import { eq } from '../../../../src/host/sdk/index.js';
import { PaymentCallbackLog } from '../../../../src/payment/callbacks/callback-log.js';
import type { ChannelOrder } from '../../../../src/payment/channels/core/types.js';
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
import { FakePayPalGateway } from './fake-paypal-gateway.js';
import { CLIENT_ID, CLIENT_SECRET, PAYPAL_SIGNER, WEBHOOK_ID } from './test-keys.js';

let server: PaymentServer;
let gateway: FakePayPalGateway;
let receiver: NotifyReceiver;
const CALLBACK_URL = () => `${server.url}${PUBLIC}/asyncCallback/CUSTOM`;
const jobContext = () => ({
  signal: new AbortController().signal,
  counts: {} as Record<string, number>,
  reportCounts(c: Record<string, number>) {
    for (const [k, v] of Object.entries(c)) this.counts[k] = (this.counts[k] ?? 0) + v;
  },
});

beforeAll(async () => {
  server = await startPaymentServer();
  gateway = await new FakePayPalGateway({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    webhookId: WEBHOOK_ID,
    signer: PAYPAL_SIGNER,
  }).start();
  receiver = await new NotifyReceiver().start();
  await configure(server, {
    allowLocalCallbackDomain: true,
    callbackDomain: server.url,
    allowPrivateNotifyTargets: true,
    supportedChannels: ['INTL_WALLET:CHECKOUT'],
    intlWalletEnabled: true,
    intlWalletClientId: CLIENT_ID,
    intlWalletClientSecret: CLIENT_SECRET,
    intlWalletWebhookId: WEBHOOK_ID,
    intlWalletCurrency: 'USD',
    // A local gateway: its own origin serves the webhook certificate (PayPal's hosts otherwise).
    intlWalletGateway: gateway.url,
  });
  receiver.publicKeyPem = (await api<InterfaceKey>(server, 'GET', `${CONSOLE}/interface-keys/public`)).body.data.publicKey;
}, 60_000);
afterAll(async () => {
  await receiver?.stop();
  await gateway?.stop();
  await server?.stop();
});
afterEach(() => {
  gateway.faults = [];
  gateway.captureOutcome = 'COMPLETED';
  gateway.captureAmountOverride = undefined;
});

const initiate = (orderId: string, extra: Record<string, unknown> = {}) =>
  api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId,
    subject: 'Plugin licence',
    paymentAmount: '12.30',
    currency: 'USD',
    paymentType: 'PAYPAL',
    paymentChannel: 'CHECKOUT',
    notifyUrl: receiver.url,
    returnUrl: 'https://shop.example.com/done',
    ...extra,
  });
const stored = (paymentId: string) => server.runtime.client.get(PaymentInfo, paymentId);
const logsOf = async (paymentId: string) =>
  (await server.runtime.client.list(PaymentCallbackLog, { where: eq('spec.paymentId', paymentId) })).items.map((l) => l.spec);
const approvedWebhook = (paymentId: string) => gateway.webhook('CHECKOUT.ORDER.APPROVED', gateway.orderJson(gateway.approve(paymentId)));
const captureWebhook = (paymentId: string, type = 'PAYMENT.CAPTURE.COMPLETED', resource: Record<string, unknown> = {}) =>
  gateway.webhook(type, { ...gateway.captureJson(gateway.captureOf(paymentId)!), ...resource });

/** Log lines of the payment service while `run` runs (observed, still written). */
async function logLines(run: () => Promise<void>): Promise<Array<Record<string, unknown>>> {
  const deps = server.payment.deps as { logger: Logger };
  const original = deps.logger;
  const lines: Array<Record<string, unknown>> = [];
  deps.logger = new Proxy(original, {
    get(target, prop) {
      if (prop === 'info' || prop === 'warn') {
        return (obj: Record<string, unknown>, msg?: string) => {
          lines.push({ ...obj, msg });
          target[prop](obj, msg);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  try {
    await run();
  } finally {
    deps.logger = original;
  }
  return lines;
}

describe('an order in USD paid end to end against the local PayPal gateway', () => {
  test('createPayment → approve link → approved webhook (verified) → captured → SUCCESS → notifyUrl; copies change nothing', async () => {
    const created = await initiate('pp-1');
    expect(created.status).toBe(200);
    const order = created.body.data;
    const paypal = gateway.orderOf(order.paymentId);
    expect(order).toMatchObject({
      paymentType: 'INTL_WALLET',
      paymentChannel: 'CHECKOUT',
      status: 'PAYING',
      amountMinor: 1230,
      currency: 'USD',
    });
    expect(order.payUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${paypal.id}`);
    expect(order.channelTradeNo).toBe(paypal.id);
    expect(paypal.unit).toMatchObject({
      custom_id: order.paymentId,
      invoice_id: order.paymentId,
      amount: { currency_code: 'USD', value: '12.30' },
    });
    expect(paypal.experience).toMatchObject({ return_url: `${server.url}/payment/${order.paymentId}` });

    const answer = await gateway.deliver(CALLBACK_URL(), approvedWebhook(order.paymentId));
    expect(answer).toEqual({ status: 200, body: '{"received":true}' });
    const paid = (await stored(order.paymentId)).spec;
    expect(paid).toMatchObject({ status: 'SUCCESS', channelTradeNo: paypal.id, paidAt: gateway.captureOf(order.paymentId)!.time });
    const [delivered] = await eventually(() =>
      receiver.forPayment(order.paymentId).length ? receiver.forPayment(order.paymentId) : undefined,
    );
    expect(delivered.signatureValid).toBe(true);
    expect(delivered.body).toMatchObject({
      status: 'SUCCESS',
      amount: '12.30',
      amountMinor: 1230,
      currency: 'USD',
      type: 'INTL_WALLET',
      channel: 'CHECKOUT',
    });

    // PayPal also announces the capture, and resends events (a new transmission of the same event id).
    const completed = captureWebhook(order.paymentId);
    expect((await gateway.deliver(CALLBACK_URL(), completed)).status).toBe(200);
    const resend = { body: completed.body, headers: gateway.sign(completed.body) };
    expect((await gateway.deliver(CALLBACK_URL(), resend)).status).toBe(200);
    expect((await stored(order.paymentId)).status?.transitions?.filter((t) => t.to === 'SUCCESS')).toHaveLength(1);
    const logs = await logsOf(order.paymentId);
    expect(logs.map((l) => [l.reason, l.receivedCount])).toEqual(
      expect.arrayContaining([
        ['TRANSITIONED', 1],
        ['NO_CHANGE', 2],
      ]),
    );
    expect(logs.find((l) => l.reason === 'NO_CHANGE')!.eventId).toBe(JSON.parse(completed.body).id);
    expect([...gateway.captures.values()].filter((c) => c.customId === order.paymentId)).toHaveLength(1);
  });

  test('the webhook is lost: the payer comes back to the payment page, whose query captures the order', async () => {
    const order = (await initiate('pp-page')).body.data;
    gateway.approve(order.paymentId);
    const html = await (await fetch(`${server.url}/payment/${order.paymentId}?token=${order.channelTradeNo}&PayerID=PAYER1`)).text();
    const spec = (await stored(order.paymentId)).spec;
    expect(spec.status).toBe('SUCCESS');
    expect(html).toContain('https://shop.example.com/done');
    expect((await stored(order.paymentId)).status?.transitions?.at(-1)).toMatchObject({ to: 'SUCCESS', source: 'PAGE_QUERY' });
  });

  test('the webhook is lost: the sync job captures an approved order', async () => {
    const order = (await initiate('pp-sync')).body.data;
    gateway.approve(order.paymentId);
    const ctx = jobContext();
    await syncOpenOrders(server.payment.deps, ctx);
    expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'SUCCESS', paidAt: expect.any(String) });
    expect(ctx.counts.changed).toBeGreaterThanOrEqual(1);
    await eventually(() => receiver.forPayment(order.paymentId).length > 0);
  });

  test('a PENDING capture is not paid: the order waits, and becomes SUCCESS when PayPal announces the completed capture', async () => {
    const order = (await initiate('pp-pending')).body.data;
    gateway.captureOutcome = 'PENDING';
    expect((await gateway.deliver(CALLBACK_URL(), approvedWebhook(order.paymentId))).status).toBe(200);
    expect(gateway.orderOf(order.paymentId).status).toBe('COMPLETED');
    expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
    expect((await gateway.deliver(CALLBACK_URL(), captureWebhook(order.paymentId, 'PAYMENT.CAPTURE.PENDING'))).status).toBe(200);
    expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
    gateway.settleCapture(order.paymentId, 'COMPLETED');
    expect((await gateway.deliver(CALLBACK_URL(), captureWebhook(order.paymentId))).status).toBe(200);
    expect((await stored(order.paymentId)).spec.status).toBe('SUCCESS');
  });

  test('a denied capture ends the order FAILED (reason from PayPal)', async () => {
    const order = (await initiate('pp-denied')).body.data;
    gateway.captureOutcome = 'PENDING';
    await gateway.deliver(CALLBACK_URL(), approvedWebhook(order.paymentId));
    gateway.settleCapture(order.paymentId, 'DECLINED');
    expect((await gateway.deliver(CALLBACK_URL(), captureWebhook(order.paymentId, 'PAYMENT.CAPTURE.DENIED'))).status).toBe(200);
    expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'FAILED', failureReason: 'CHANNEL_DECLINED' });
  });
});

describe('webhook event ids are keyed on the order', () => {
  const queriesOf = (order: PaymentView) => gateway.requests.filter((r) => r.path.includes(order.channelTradeNo!)).length;
  const received = { status: 200, body: '{"received":true}' };

  test('a verified webhook for another order reusing an event id is applied; a true resend of the first is a repeat', async () => {
    const first = (await initiate('pp-key-a')).body.data;
    const original = approvedWebhook(first.paymentId);
    expect(await gateway.deliver(CALLBACK_URL(), original)).toEqual(received);
    expect((await stored(first.paymentId)).spec.status).toBe('SUCCESS');
    const reusedId = JSON.parse(original.body).id as string;

    const second = (await initiate('pp-key-b')).body.data;
    const reused = gateway.webhook('CHECKOUT.ORDER.APPROVED', gateway.orderJson(gateway.approve(second.paymentId)), {}, reusedId);
    const queried = queriesOf(second);
    expect(await gateway.deliver(CALLBACK_URL(), reused)).toEqual(received);
    // Processed as a first arrival: PayPal was asked (and captured), and the second order moved on its own event.
    expect(queriesOf(second)).toBeGreaterThan(queried);
    expect((await stored(second.paymentId)).spec).toMatchObject({ status: 'SUCCESS' });
    expect(gateway.captureOf(second.paymentId)).toBeDefined();
    expect(await logsOf(second.paymentId)).toEqual([
      expect.objectContaining({ eventId: reusedId, reason: 'TRANSITIONED', receivedCount: 1 }),
    ]);
    expect(await logsOf(first.paymentId)).toEqual([expect.objectContaining({ eventId: reusedId, receivedCount: 1 })]);

    // The first order's own event again (a new transmission): a repeat, nothing asked, nothing changed.
    const paid = await stored(first.paymentId);
    const askedFirst = queriesOf(first);
    expect(await gateway.deliver(CALLBACK_URL(), { body: original.body, headers: gateway.sign(original.body) })).toEqual(received);
    expect(await logsOf(first.paymentId)).toEqual([expect.objectContaining({ reason: 'TRANSITIONED', receivedCount: 2 })]);
    expect((await stored(first.paymentId)).metadata.resourceVersion).toBe(paid.metadata.resourceVersion);
    expect(queriesOf(first)).toBe(askedFirst);
  });
});

describe('bad input changes nothing: a clear answer and a log line', () => {
  test('a foreign certificate host, a tampered body, another webhook id: 401, the order stays PAYING, logged', async () => {
    const order = (await initiate('pp-forged')).body.data;
    const good = approvedWebhook(order.paymentId);
    const forged = [
      { ...good, headers: gateway.sign(good.body, { certUrl: 'https://evil.example/v1/notifications/certs/CERT-1' }) },
      { ...good, body: good.body.replace('"12.30"', '"1.30"') },
      { ...good, headers: gateway.sign(good.body, { webhookId: '1JE4291016473214C' }) },
    ];
    const lines = await logLines(async () => {
      for (const delivery of forged)
        expect(await gateway.deliver(CALLBACK_URL(), delivery)).toMatchObject({
          status: 401,
          body: '{"received":false,"code":"BAD_SIGNATURE"}',
        });
    });
    expect(lines.filter((l) => l.msg === 'payment callback').map((l) => [l.outcome, l.reason])).toEqual([
      ['REFUSED', 'BAD_SIGNATURE'],
      ['REFUSED', 'BAD_SIGNATURE'],
      ['REFUSED', 'BAD_SIGNATURE'],
    ]);
    expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
    expect(gateway.captureOf(order.paymentId)).toBeUndefined();
  });

  test('an unknown event type is answered 2xx, ignored and logged', async () => {
    const lines = await logLines(async () => {
      const dispute = gateway.webhook('CUSTOMER.DISPUTE.CREATED', { dispute_id: 'PP-D-27803' });
      expect(await gateway.deliver(CALLBACK_URL(), dispute)).toEqual({ status: 200, body: '{"received":true}' });
    });
    expect(lines.find((l) => l.msg === 'payment callback')).toMatchObject({ outcome: 'IGNORED', reason: 'UNSUPPORTED_EVENT' });
  });

  test('a capture webhook for another amount or currency is refused (CALLBACK_MISMATCH); a query finding one gives UNKNOWN', async () => {
    const order = (await initiate('pp-mismatch')).body.data;
    gateway.captureAmountOverride = { currency_code: 'USD', value: '1.23' };
    gateway.approve(order.paymentId);
    const channel = await server.payment.deps.channels.instance('INTL_WALLET');
    const spec = (await stored(order.paymentId)).spec;
    await channel.query(toChannelOrder(spec)).catch(() => undefined);
    const other = captureWebhook(order.paymentId);
    const eur = captureWebhook(order.paymentId, 'PAYMENT.CAPTURE.COMPLETED', { amount: { currency_code: 'EUR', value: '12.30' } });
    expect((await gateway.deliver(CALLBACK_URL(), other)).status).toBe(400);
    expect((await gateway.deliver(CALLBACK_URL(), eur)).status).toBe(400);
    expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
    expect((await logsOf(order.paymentId)).map((l) => l.reason)).toEqual(['CALLBACK_MISMATCH', 'CALLBACK_MISMATCH']);
    await syncOpenOrders(server.payment.deps, jobContext());
    expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'UNKNOWN' });
  });

  test('a currency the service does not take (EUR, CNY here) is refused before an order exists; none given means USD', async () => {
    for (const currency of ['EUR', 'CNY']) {
      const refused = await initiate('pp-eur', { currency });
      expect(refused).toMatchObject({ status: 400, body: { success: false, code: 'UNKNOWN_CURRENCY' } });
    }
    const listed = await api<{ items: unknown[] }>(server, 'GET', `${CONSOLE}/payments?orderId=pp-eur`);
    expect(listed.body.data.items).toHaveLength(0);
    const usd = await initiate('pp-default-currency', { currency: undefined });
    expect(usd.body.data).toMatchObject({ currency: 'USD', amountMinor: 1230, status: 'PAYING' });
    const krw = await api(server, 'PUT', `${CONSOLE}/settings`, { intlWalletCurrency: 'USD, KRW' });
    expect(krw).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', details: [{ field: 'intlWalletCurrency' }] } });
  });

  test('PayPal down while confirming a webhook: 503 so PayPal resends; the order stays PAYING until then', async () => {
    const order = (await initiate('pp-down')).body.data;
    const delivery = approvedWebhook(order.paymentId);
    gateway.faults = ['http500'];
    expect((await gateway.deliver(CALLBACK_URL(), delivery)).status).toBe(503);
    expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
    const resend = { body: delivery.body, headers: gateway.sign(delivery.body) };
    expect((await gateway.deliver(CALLBACK_URL(), resend)).status).toBe(200);
    expect((await stored(order.paymentId)).spec.status).toBe('SUCCESS');
  });
});

describe('close and time-out', () => {
  test('closing an unpaid order closes it here (PayPal has nothing to close); the time-out job does the same', async () => {
    const order = (await initiate('pp-close')).body.data;
    const before = gateway.requests.length;
    const closed = await api(server, 'POST', `${CONSOLE}/payments/${order.paymentId}/close`);
    expect(closed.body.data).toMatchObject({ status: 'FAILED', failureReason: 'CLOSED' });
    expect(gateway.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v2/checkout/orders/${order.channelTradeNo}`]);

    const expiring = (await initiate('pp-expire')).body.data;
    const realClock = server.payment.deps.clock;
    server.payment.deps.clock = { ...realClock, now: () => realClock.now() + 31 * 60_000 };
    try {
      await closeExpiredOrders(server.payment.deps, jobContext());
    } finally {
      server.payment.deps.clock = realClock;
    }
    expect((await stored(expiring.paymentId)).spec).toMatchObject({ status: 'FAILED', failureReason: 'TIMEOUT' });
  });

  test('a payer who approves a closed order after all is captured when the approval arrives, flagged for review', async () => {
    const order = (await initiate('pp-close-late')).body.data;
    await api(server, 'POST', `${CONSOLE}/payments/${order.paymentId}/close`);
    expect((await gateway.deliver(CALLBACK_URL(), approvedWebhook(order.paymentId))).status).toBe(200);
    expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'SUCCESS', reviewFlag: 'PAID_AFTER_FAILED' });
  });

  test('closing a captured order is refused as already paid, and the order is synchronised', async () => {
    const order = (await initiate('pp-close-paid')).body.data;
    gateway.approve(order.paymentId);
    await (await server.payment.deps.channels.instance('INTL_WALLET')).query(toChannelOrder((await stored(order.paymentId)).spec));
    const closed = await api(server, 'POST', `${CONSOLE}/payments/${order.paymentId}/close`);
    expect(closed).toMatchObject({ status: 409, body: { code: 'ORDER_ALREADY_PAID' } });
    expect((await stored(order.paymentId)).spec.status).toBe('SUCCESS');
  });
});

describe('refunds at the adapter level (the refund service drives them)', () => {
  test('a partial then a full refund of a paid USD order, confirmed by queryRefund and announced by a signed webhook', async () => {
    const order = (await initiate('pp-refund')).body.data;
    await gateway.deliver(CALLBACK_URL(), approvedWebhook(order.paymentId));
    const spec = (await stored(order.paymentId)).spec;
    expect(spec.status).toBe('SUCCESS');
    const channel = await server.payment.deps.channels.instance('INTL_WALLET');
    const paid: ChannelOrder = toChannelOrder(spec);
    const refund = (refundId: string, amountMinor: number) =>
      channel.refund!(paid, { refundId, amountMinor, currency: 'USD', paidAmountMinor: 1230, reason: 'partial return' });

    const partial = await refund('rf-pp-1', 230);
    expect(partial).toMatchObject({ status: 'SUCCESS', amountMinor: 230 });
    expect(gateway.captureOf(order.paymentId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedMinor: 230 });
    await expect(refund('rf-pp-over', 1001)).rejects.toMatchObject({
      code: 'CHANNEL_REJECTED',
      provider: { code: 'REFUND_AMOUNT_EXCEEDED' },
    });
    const full = await refund('rf-pp-2', 1000);
    expect(full).toMatchObject({ status: 'SUCCESS', amountMinor: 1000 });
    expect(gateway.captureOf(order.paymentId)).toMatchObject({ status: 'REFUNDED', refundedMinor: 1230 });
    expect(await channel.queryRefund!(paid, { refundId: 'rf-pp-2', channelRefundNo: full.channelRefundNo })).toMatchObject({
      status: 'SUCCESS',
      amountMinor: 1000,
    });

    const announced = gateway.webhook('PAYMENT.CAPTURE.REFUNDED', gateway.refundJson(gateway.refunds.get(full.channelRefundNo!)!));
    const event = await channel.verifyCallback({
      method: 'POST',
      headers: announced.headers,
      query: {},
      rawBody: Buffer.from(announced.body),
    });
    expect(event).toMatchObject({ orderRef: order.paymentId, refund: { refundId: 'rf-pp-2', status: 'SUCCESS', amountMinor: 1000 } });
    // Delivered to the route, it is verified and acknowledged (the refund service applies it).
    expect((await gateway.deliver(CALLBACK_URL(), announced)).status).toBe(200);
  });
});
