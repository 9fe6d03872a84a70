/**
 * The replay guarantee on the scale-out backend: two server replicas on one PostgreSQL schema receive the
 * same signed success callback 100 times concurrently (50 each) → one transition, one delivery chain,
 * one administrator message, one callback log counting 100 arrivals. And the simulated gateway's own refunds:
 * sent at once through both replicas, they stay within the trade's amount and none is lost (SandboxTrade CAS).
 */
import { eq } from '../../../../src/host/sdk/index.js';
import { SandboxChannel, SandboxTrade } from '../../../../src/payment/channels/sandbox/index.js';
import { toChannelOrder } from '../../../../src/payment/orders/order-view.js';
import { PaymentInfo } from '../../../../src/payment/orders/types.js';
import { api, configure, CONSOLE, PUBLIC, startPaymentServer, type PaymentServer, type PaymentView } from '../../support/payment-server.js';
import { PaymentNotifyDelivery } from '../../../../src/payment/notify/types.js';
import { PaymentCallbackLog } from '../../../../src/payment/callbacks/callback-log.js';

const BASE_URL = process.env.AUTHPAY_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `pay_replay_${process.pid}_${Date.now()}`;
const databaseUrl = `${BASE_URL}${BASE_URL.includes('?') ? '&' : '?'}schema=${schema}`;
let a: PaymentServer;
let b: PaymentServer;

beforeAll(async () => {
  a = await startPaymentServer({ AUTHPAY_DATABASE_URL: databaseUrl });
  b = await startPaymentServer({ AUTHPAY_DATABASE_URL: databaseUrl });
  await configure(a, { sandboxEnabled: true, notificationUsers: ['admin'] });
}, 90_000);
afterAll(async () => {
  await b?.stop();
  await a?.stop();
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: BASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
});

test('100 concurrent copies of a success callback across two replicas change the order once', async () => {
  const created = (
    await api<PaymentView>(a, 'POST', `${CONSOLE}/payments`, {
      orderId: 'pg-replay',
      subject: 'pg',
      paymentAmount: '5.00',
      paymentType: 'SANDBOX',
      paymentChannel: 'SIMULATED',
      notifyUrl: 'https://example.com/hook',
    })
  ).body.data;
  expect(created.status).toBe('PAYING');
  const sandbox = (await a.payment.deps.channels.instance('SANDBOX')) as SandboxChannel;
  const callback = await sandbox.simulateOutcome(
    toChannelOrder((await a.runtime.client.get(PaymentInfo, created.paymentId)).spec),
    'success',
  );
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      fetch(`${(i % 2 ? a : b).url}${PUBLIC}/asyncCallback/SANDBOX`, {
        method: 'POST',
        headers: callback.headers as Record<string, string>,
        body: String(callback.rawBody),
      }).then((r) => r.status),
    ),
  );
  expect(answers.every((s) => s === 200)).toBe(true);
  const order = await a.runtime.client.get(PaymentInfo, created.paymentId);
  expect(order.spec.status).toBe('SUCCESS');
  expect(order.status?.transitions?.filter((t) => t.to === 'SUCCESS')).toHaveLength(1);
  expect((await a.runtime.client.list(PaymentNotifyDelivery, { where: eq('spec.paymentId', created.paymentId) })).items).toHaveLength(1);
  // admin's messages: inbox ones (recipient admin) and, when admin has an address, inbox e-mail ones (username admin).
  const admin = {
    items: (await a.runtime.client.list('OutboxMessage')).items.filter((m) => (m.spec as { username?: string }).username === 'admin'),
  };
  expect(admin.items.filter((m) => String((m.spec as { text: string }).text).includes(created.paymentId))).toHaveLength(1);
  // One callback log for the notification, however many copies and replicas: every arrival counted on it.
  const logs = await a.runtime.client.list(PaymentCallbackLog, { where: eq('spec.paymentId', created.paymentId) });
  expect(logs.items).toHaveLength(1);
  expect(logs.items[0].spec).toMatchObject({ receivedCount: 100, outcome: 'ACCEPTED', transition: 'PAYING->SUCCESS' });
}, 60_000);

test('20 sandbox refunds of 1.00 sent at once through two replicas on a 12.30 trade: 12 made, none lost', async () => {
  const created = (
    await api<PaymentView>(a, 'POST', `${CONSOLE}/payments`, {
      orderId: 'pg-sandbox-refunds',
      subject: 'pg',
      paymentAmount: '12.30',
      paymentType: 'SANDBOX',
      paymentChannel: 'SIMULATED',
    })
  ).body.data;
  await api(a, 'POST', `${PUBLIC}/payments/${created.paymentId}/sandboxPay`, { outcome: 'success' });
  const order = toChannelOrder((await a.runtime.client.get(PaymentInfo, created.paymentId)).spec);
  const channels = (await Promise.all([a, b].map((s) => s.payment.deps.channels.instance('SANDBOX')))) as SandboxChannel[];
  const results = await Promise.allSettled(
    Array.from({ length: 20 }, (_, i) =>
      channels[i % 2].refund(order, { refundId: `pg-race-${i}`, amountMinor: 100, currency: 'CNY', paidAmountMinor: 1230 }),
    ),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(12);
  const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason.provider?.code);
  expect(refusals).toEqual(Array(8).fill('REFUND_AMOUNT_EXCEEDS'));
  const trade = await b.runtime.client.get(SandboxTrade, created.paymentId.toLowerCase());
  expect(new Set(trade.spec.refunds?.map((r) => r.refundId)).size).toBe(12);
}, 60_000);
