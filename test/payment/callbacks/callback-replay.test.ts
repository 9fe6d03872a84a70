import { eq, systemClock } from '../../../src/host/sdk/index.js';
import { PaymentCallbackLog, type CallbackLogSpec } from '../../../src/payment/callbacks/callback-log.js';
import { deleteExpiredCallbackLogs } from '../../../src/payment/jobs/callback-log-retention.handler.js';
import { PaymentInfo } from '../../../src/payment/orders/types.js';
import { FakeAlipayGateway } from '../channels/wallet-a/fake-alipay-gateway.js';
import { ALIPAY, APP, APP_ID } from '../channels/wallet-a/test-keys.js';
import { NotifyReceiver } from '../support/notify-receiver.js';
import {
  api,
  configure,
  CONSOLE,
  eventually,
  startPaymentServer,
  type PaymentServer,
  type PaymentView,
} from '../support/payment-server.js';

let server: PaymentServer;
let gateway: FakeAlipayGateway;
let receiver: NotifyReceiver;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  server = await startPaymentServer();
  gateway = await new FakeAlipayGateway({ appId: APP_ID, appPublicKey: APP.publicKey, gatewayPrivateKey: ALIPAY.privateKey }).start();
  receiver = await new NotifyReceiver().start();
  await configure(server, {
    allowLocalCallbackDomain: true,
    callbackDomain: server.url,
    allowPrivateNotifyTargets: true,
    supportedChannels: ['WALLET_A:FACE_TO_FACE_PAYMENT'],
    walletAEnabled: true,
    walletAAppId: APP_ID,
    walletAPrivateKey: APP.privatePkcs8Pem,
    walletAPublicKey: ALIPAY.publicSpkiBase64,
    walletAGateway: gateway.url,
  });
}, 60_000);
afterEach(() => {
  server.payment.deps.clock = systemClock;
});
afterAll(async () => {
  await receiver?.stop();
  await gateway?.stop();
  await server?.stop();
});

/** A WALLET_A order the buyer has scanned (PAYING) and paid at the gateway, whose notification is not sent yet. */
async function paidAtGateway(orderId: string): Promise<string> {
  const created = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId,
    subject: 'replay',
    paymentAmount: 0.01,
    paymentType: 'WALLET_A',
    paymentChannel: 'FACE_TO_FACE_PAYMENT',
    notifyUrl: receiver.url,
  });
  expect(created.status).toBe(200);
  const paymentId = created.body.data.paymentId;
  gateway.scan(paymentId);
  gateway.trades.get(paymentId)!.status = 'TRADE_SUCCESS';
  return paymentId;
}

async function logsOf(paymentId: string): Promise<CallbackLogSpec[]> {
  const page = await server.runtime.client.list(PaymentCallbackLog, { where: eq('spec.paymentId', paymentId) });
  return page.items.map((log) => log.spec);
}

const stored = (paymentId: string) => server.runtime.client.get(PaymentInfo, paymentId);

describe('signed callbacks are de-duplicated by the notification id', () => {
  test('200 replays of one signed WALLET_A notification leave one log with count 200 and change the order once', async () => {
    const paymentId = await paidAtGateway('replay-200');
    const params = gateway.notifyParams(paymentId);
    expect(await gateway.notify(paymentId, params)).toMatchObject({ status: 200, body: 'success' });
    const paid = await stored(paymentId);
    expect(paid.spec.status).toBe('SUCCESS');
    const gatewayCalls = gateway.calls.length;

    for (let sent = 1; sent < 200; sent += 10) {
      const copies = Array.from({ length: Math.min(10, 200 - sent) }, () => gateway.notify(paymentId, params));
      for (const answer of await Promise.all(copies)) expect(answer).toMatchObject({ status: 200, body: 'success' });
    }

    const logs = await logsOf(paymentId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      eventId: params.notify_id,
      receivedCount: 200,
      outcome: 'ACCEPTED',
      reason: 'TRANSITIONED',
      transition: 'PAYING->SUCCESS',
    });
    const after = await stored(paymentId);
    expect(after.metadata.resourceVersion).toBe(paid.metadata.resourceVersion);
    expect(after.status?.transitions?.filter((t) => t.to === 'SUCCESS')).toHaveLength(1);
    // A replay asks the gateway nothing, and the business system hears of the payment once.
    expect(gateway.calls.length).toBe(gatewayCalls);
    await eventually(() => receiver.forPayment(paymentId).length === 1);
  });

  test('a verified notification for another order carrying an earlier notify_id is applied, not taken for a replay', async () => {
    const first = await paidAtGateway('replay-key-a');
    const params = gateway.notifyParams(first);
    expect(await gateway.notify(first, params)).toMatchObject({ status: 200, body: 'success' });
    const second = await paidAtGateway('replay-key-b');
    const reused = gateway.notifyParams(second, { notify_id: params.notify_id });
    expect(await gateway.notify(second, reused)).toMatchObject({ status: 200, body: 'success' });
    expect((await stored(second)).spec.status).toBe('SUCCESS');
    expect(await logsOf(second)).toEqual([
      expect.objectContaining({ eventId: params.notify_id, reason: 'TRANSITIONED', receivedCount: 1 }),
    ]);
    expect(await logsOf(first)).toEqual([expect.objectContaining({ receivedCount: 1 })]);
  });

  test('a notification whose notify_time is in 2020 is refused as stale, acknowledged, and changes nothing', async () => {
    const paymentId = await paidAtGateway('replay-stale');
    const params = gateway.notifyParams(paymentId, { notify_time: '2020-03-01 12:00:00' });
    for (let i = 0; i < 3; i++) expect(await gateway.notify(paymentId, params)).toMatchObject({ status: 200, body: 'success' });
    expect((await stored(paymentId)).spec.status).toBe('PAYING');
    const logs = await logsOf(paymentId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ outcome: 'REFUSED', reason: 'STALE_CALLBACK', receivedCount: 3 });
    expect(logs[0].transition).toBeUndefined();
    // A fresh notification of the same payment still applies.
    expect(await gateway.notify(paymentId)).toMatchObject({ status: 200, body: 'success' });
    expect((await stored(paymentId)).spec.status).toBe('SUCCESS');
  });
});

describe('callback log retention', () => {
  test('callbackLogRetentionDays is a payment setting: 180 by default, 7 to 3650 days', async () => {
    const settings = await api<{ callbackLogRetentionDays: number }>(server, 'GET', `${CONSOLE}/settings`);
    expect(settings.body.data.callbackLogRetentionDays).toBe(180);
    for (const days of [0, 6, 3651])
      expect((await api(server, 'PUT', `${CONSOLE}/settings`, { callbackLogRetentionDays: days })).status).toBe(400);
    expect((await server.payment.deps.settings.read()).callbackLogRetentionDays).toBe(180);
  });

  test('logs older than callbackLogRetentionDays go, except those of orders still open', async () => {
    const closedId = await paidAtGateway('retention-closed');
    expect(await gateway.notify(closedId)).toMatchObject({ status: 200, body: 'success' });
    const openId = await paidAtGateway('retention-open');
    // A verified notification with the wrong amount is refused and logged; the order stays PAYING.
    const wrong = gateway.notifyParams(openId, { total_amount: '0.02' });
    expect(await gateway.notify(openId, wrong)).toMatchObject({ status: 400, body: 'fail' });
    expect((await stored(openId)).spec.status).toBe('PAYING');
    expect(await logsOf(closedId)).toHaveLength(1);
    expect(await logsOf(openId)).toHaveLength(1);

    const runAt = async (offsetMs: number): Promise<number> => {
      server.payment.deps.clock = { ...systemClock, now: () => Date.now() + offsetMs };
      return deleteExpiredCallbackLogs(server.payment.deps, { signal: new AbortController().signal, reportCounts: () => undefined });
    };
    // Default 180 days: at 179 days nothing is old enough.
    await runAt(179 * DAY_MS);
    expect(await logsOf(closedId)).toHaveLength(1);
    await configure(server, { callbackLogRetentionDays: 30 });
    try {
      expect(await runAt(31 * DAY_MS)).toBeGreaterThanOrEqual(1);
      expect(await logsOf(closedId)).toHaveLength(0);
      expect(await logsOf(openId)).toHaveLength(1);
    } finally {
      await configure(server, { callbackLogRetentionDays: 180 });
    }
  });
});
