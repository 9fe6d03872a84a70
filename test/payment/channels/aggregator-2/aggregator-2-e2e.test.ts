/**
 * AGGREGATOR_2 (xunhupay) end to end: a real server on SQLite, the fake xunhupay gateway (initiation and
 * query on two hosts), and a business system's notifyUrl. Both channels are paid through their signed
 * notification; a lost notification is found by the sync job; bad notifications change nothing; gateway
 * faults never answer 500; closing is local after a query.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { eq } from '../../../../src/host/sdk/index.js';
import { PaymentCallbackLog } from '../../../../src/payment/callbacks/callback-log.js';
import { closeExpiredOrders } from '../../../../src/payment/jobs/close-expired.handler.js';
import { syncOpenOrders } from '../../../../src/payment/jobs/sync-payments.handler.js';
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
import { FakeXunhupayGateway } from './fake-xunhupay-gateway.js';

const APP_ID = '201906181261';
const APP_SECRET = 'e3b0c44298fc1c149afbf4c8996fb924';
let server: PaymentServer;
let gateway: FakeXunhupayGateway;
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
  gateway = await new FakeXunhupayGateway({ appId: APP_ID, appSecret: APP_SECRET }).start();
  receiver = await new NotifyReceiver().start();
  await configure(server, {
    allowLocalCallbackDomain: true,
    callbackDomain: server.url,
    allowPrivateNotifyTargets: true,
    supportedChannels: ['AGGREGATOR_2:WALLET_A', 'AGGREGATOR_2:WALLET_B'],
    aggregator2Enabled: true,
    aggregator2Url: gateway.url,
    aggregator2QueryUrl: gateway.queryUrl,
    aggregator2MerchantId: APP_ID,
    aggregator2Key: APP_SECRET,
  });
  receiver.publicKeyPem = (await api<InterfaceKey>(server, 'GET', `${CONSOLE}/interface-keys/public`)).body.data.publicKey;
}, 60_000);
afterAll(async () => {
  await receiver?.stop();
  await gateway?.stop();
  await server?.stop();
});
beforeEach(() => {
  gateway.faults = [];
});

const initiate = (orderId: string, paymentChannel = 'WALLET_A', extra: Record<string, unknown> = {}) =>
  api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId,
    subject: '插件授权 Pro Gallery',
    paymentAmount: '0.10',
    paymentType: 'AGGREGATOR_2',
    paymentChannel,
    notifyUrl: receiver.url,
    ...extra,
  });
const stored = (paymentId: string) => server.runtime.client.get(PaymentInfo, paymentId);
const logsOf = async (paymentId: string) =>
  (await server.runtime.client.list(PaymentCallbackLog, { where: eq('spec.paymentId', paymentId) })).items.map(
    (l) => l.spec as { reason: string; outcome: string; receivedCount?: number },
  );

describe('AGGREGATOR_2 end to end against a local xunhupay gateway', () => {
  test.each([
    ['WALLET_A', 'alipay'],
    ['WALLET_B', 'wechat'],
  ])(
    '%s: createPayment → paid at xunhupay → signed notification answered "success" → SUCCESS → notifyUrl delivered',
    async (channel, payment) => {
      const created = await initiate(`xh-${channel}`, channel);
      expect(created.status).toBe(200);
      const order = created.body.data;
      expect(order).toMatchObject({ paymentType: 'AGGREGATOR_2', paymentChannel: channel, status: 'PAYING', amountMinor: 10 });
      const trade = gateway.trades.get(order.paymentId)!;
      expect(trade).toMatchObject({ payment, total_fee: '0.10', notify_url: `${server.url}${PUBLIC}/asyncCallback/AGGREGATOR_2` });
      expect(gateway.calls.at(-1)!.hashValid).toBe(true);
      expect(order.payUrl).toContain(`/${payment}/pay/index.html?id=${trade.open_order_id}`);
      const page = await (await fetch(`${server.url}/payment/${order.paymentId}`)).text();
      expect(page).toContain('<svg');

      const answer = await gateway.pay(order.paymentId);
      expect(answer).toMatchObject({ status: 200, body: 'success' });
      expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'SUCCESS', channelTradeNo: trade.open_order_id });
      const [delivered] = await eventually(() =>
        receiver.forPayment(order.paymentId).length ? receiver.forPayment(order.paymentId) : undefined,
      );
      expect(delivered.signatureValid).toBe(true);
      expect(delivered.body).toMatchObject({ status: 'SUCCESS', amount: '0.10', type: 'AGGREGATOR_2', channel });

      // xunhupay resends (new time and nonce_str): acknowledged, one transition, one log counting both.
      expect(await gateway.notify(order.paymentId)).toMatchObject({ status: 200, body: 'success' });
      expect((await stored(order.paymentId)).status?.transitions?.filter((t) => t.to === 'SUCCESS')).toHaveLength(1);
      expect(await logsOf(order.paymentId)).toEqual([expect.objectContaining({ outcome: 'ACCEPTED', receivedCount: 2 })]);

      // xunhupay has no published refund protocol: a refund is refused before anything is written.
      const refund = await api(server, 'POST', `${CONSOLE}/payments/${order.paymentId}/refunds`, { reason: 'r' });
      expect({ status: refund.status, code: refund.body.code }).toEqual({ status: 409, code: 'REFUND_NOT_SUPPORTED' });
      expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'SUCCESS' });
      expect((await stored(order.paymentId)).spec.refundPendingAmount ?? 0).toBe(0);
    },
  );

  test("another order's notification reusing an open_order_id is applied; a true resend of the first is a repeat", async () => {
    // xunhupay gives a notification no id: ours is trade_order_id:status:open_order_id, so it names the order by
    // construction, and a reused open_order_id (or transaction_id) never made a repeat, before or after #28 item 8.
    const queriesOf = (paymentId: string) => gateway.calls.filter((c) => c.params.out_trade_order === paymentId).length;
    const first = (await initiate('xh-key-a')).body.data;
    expect(await gateway.pay(first.paymentId)).toMatchObject({ status: 200, body: 'success' });
    const original = gateway.notifications.at(-1)!.params;
    const { open_order_id: reused, transaction_id: reusedTransaction } = gateway.trades.get(first.paymentId)!;

    const second = (await initiate('xh-key-b')).body.data;
    Object.assign(gateway.trades.get(second.paymentId)!, { open_order_id: reused, transaction_id: reusedTransaction, status: 'OD' });
    const params = gateway.notifyParams(second.paymentId);
    expect(params).toMatchObject({ open_order_id: reused, transaction_id: reusedTransaction });
    const queried = queriesOf(second.paymentId);
    expect(await gateway.notify(second.paymentId, params)).toMatchObject({ status: 200, body: 'success' });
    // Processed as a first arrival: xunhupay was asked, and the second order moved on its own notification.
    expect(queriesOf(second.paymentId)).toBeGreaterThan(queried);
    expect((await stored(second.paymentId)).spec).toMatchObject({ status: 'SUCCESS', channelTradeNo: reused });
    expect(await logsOf(second.paymentId)).toEqual([
      expect.objectContaining({ eventId: `${second.paymentId}:OD:${reused}`, reason: 'TRANSITIONED', receivedCount: 1 }),
    ]);
    expect(await logsOf(first.paymentId)).toEqual([expect.objectContaining({ receivedCount: 1 })]);

    // The first order's notification again (xunhupay re-signs with a new time and nonce_str): a repeat.
    const paid = await stored(first.paymentId);
    const askedFirst = queriesOf(first.paymentId);
    const resend = gateway.notifyParams(first.paymentId);
    expect(resend).toMatchObject({ open_order_id: original.open_order_id, status: original.status });
    expect(await gateway.notify(first.paymentId, resend)).toMatchObject({ status: 200, body: 'success' });
    expect(await logsOf(first.paymentId)).toEqual([expect.objectContaining({ reason: 'TRANSITIONED', receivedCount: 2 })]);
    expect((await stored(first.paymentId)).metadata.resourceVersion).toBe(paid.metadata.resourceVersion);
    expect(queriesOf(first.paymentId)).toBe(askedFirst);
  });

  test('a wrong amount, a tampered form, the wrong secret or an unknown order is answered "fail" and changes nothing', async () => {
    const order = (await initiate('xh-bad')).body.data;
    const trade = gateway.trades.get(order.paymentId)!;
    trade.status = 'OD';
    trade.transaction_id = '4200000000000001';
    const wrongAmount = await gateway.notify(order.paymentId, gateway.notifyParams(order.paymentId, { total_fee: '0.01' }));
    expect(wrongAmount).toMatchObject({ status: 400, body: 'fail' });
    const tampered = { ...gateway.notifyParams(order.paymentId), total_fee: '0.01' };
    expect(await gateway.notify(order.paymentId, tampered)).toMatchObject({ status: 401, body: 'fail' });
    const foreign = gateway.notifyParams(order.paymentId, {}, 'ffffffffffffffffffffffffffffffff');
    expect(await gateway.notify(order.paymentId, foreign)).toMatchObject({ status: 401, body: 'fail' });
    const unknown = gateway.notifyParams(order.paymentId, { trade_order_id: 'p20990101aaaaaaaaaaaaaaaaaaaa' });
    expect(await gateway.notify(order.paymentId, unknown)).toMatchObject({ status: 400, body: 'fail' });
    expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
    expect((await logsOf(order.paymentId)).map((l) => l.reason)).toContain('CALLBACK_MISMATCH');
  });

  test('a notification sent long ago is acknowledged and changes nothing (stale window)', async () => {
    const order = (await initiate('xh-stale')).body.data;
    gateway.trades.get(order.paymentId)!.status = 'OD';
    const old = gateway.notifyParams(order.paymentId, { time: String(Math.floor(Date.now() / 1000) - 3 * 86_400) });
    expect(await gateway.notify(order.paymentId, old)).toMatchObject({ status: 200, body: 'success' });
    expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
    expect((await logsOf(order.paymentId)).map((l) => l.reason)).toEqual(['STALE_CALLBACK']);
  });

  test('the sync job finds a payment whose notification was lost; broken query answers leave the order PAYING', async () => {
    const order = (await initiate('xh-lost', 'WALLET_B')).body.data;
    gateway.trades.get(order.paymentId)!.status = 'OD';
    for (const fault of ['notJson', 'http500', 'noData'] as const) {
      // Every query of the run meets the fault (other tests' orders are open too).
      gateway.faults = Array.from({ length: 50 }, () => fault);
      const ctx = jobContext();
      await syncOpenOrders(server.payment.deps, ctx);
      expect(ctx.counts.failed).toBeGreaterThanOrEqual(1);
      expect(ctx.counts.changed).toBeUndefined();
      expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
    }
    gateway.faults = [];
    await syncOpenOrders(server.payment.deps, jobContext());
    expect((await stored(order.paymentId)).spec.status).toBe('SUCCESS');
    await eventually(() => receiver.forPayment(order.paymentId).length > 0);
  });

  test('a notification whose confirming query fails is answered 503 "fail" (xunhupay resends) and the order stays PAYING', async () => {
    const order = (await initiate('xh-retry')).body.data;
    gateway.trades.get(order.paymentId)!.status = 'OD';
    gateway.faults = ['http500'];
    expect(await gateway.notify(order.paymentId)).toMatchObject({ status: 503, body: 'fail' });
    expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
    expect(await gateway.notify(order.paymentId)).toMatchObject({ status: 200, body: 'success' });
    expect((await stored(order.paymentId)).spec.status).toBe('SUCCESS');
  });

  test('gateway faults at initiation answer the envelope, never 500: an outage leaves the order UNPAID, a refusal fails it', async () => {
    gateway.faults = ['http500'];
    const outage = await initiate('xh-outage');
    expect(outage).toMatchObject({ status: 503, body: { success: false, code: 'CHANNEL_UNAVAILABLE' } });
    const [unpaid] = (await server.runtime.client.list(PaymentInfo, { where: eq('spec.orderId', 'xh-outage') })).items;
    expect(unpaid.spec.status).toBe('UNPAID');
    expect((await initiate('xh-outage')).body.data.status).toBe('PAYING');

    gateway.faults = ['refuse'];
    const refused = await initiate('xh-refused');
    expect(refused).toMatchObject({ status: 502, body: { success: false, code: 'CHANNEL_REJECTED' } });
    gateway.faults = ['badHash'];
    expect(await initiate('xh-badhash')).toMatchObject({ status: 502, body: { success: false, code: 'CHANNEL_BAD_RESPONSE' } });
  });

  test('close is local after a query (no close call at xunhupay); closing a paid trade is refused; expired orders time out', async () => {
    const closing = (await initiate('xh-close')).body.data;
    const closed = await api(server, 'POST', `${CONSOLE}/payments/${closing.paymentId}/close`);
    expect(closed.body.data).toMatchObject({ status: 'FAILED', failureReason: 'CLOSED' });
    expect(gateway.calls.at(-1)).toMatchObject({ path: '/v2/payment/query.html', params: { out_trade_order: closing.paymentId } });

    const paid = (await initiate('xh-close-paid', 'WALLET_B')).body.data;
    gateway.trades.get(paid.paymentId)!.status = 'OD';
    const refused = await api(server, 'POST', `${CONSOLE}/payments/${paid.paymentId}/close`);
    expect(refused).toMatchObject({ status: 409, body: { code: 'ORDER_ALREADY_PAID' } });
    expect((await stored(paid.paymentId)).spec.status).toBe('SUCCESS');

    const expiring = (await initiate('xh-expire')).body.data;
    const realClock = server.payment.deps.clock;
    server.payment.deps.clock = { ...realClock, now: () => realClock.now() + 31 * 60_000 };
    try {
      await closeExpiredOrders(server.payment.deps, jobContext());
    } finally {
      server.payment.deps.clock = realClock;
    }
    expect((await stored(expiring.paymentId)).spec).toMatchObject({ status: 'FAILED', failureReason: 'TIMEOUT' });
  });
});
