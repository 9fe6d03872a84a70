/**
 * The end-to-end cases both epay services pass (AGGREGATOR_1 with a V1 site, AGGREGATOR_3 with a V2 site):
 * a real payment server with its settings written through the console API, a local epay site, and a
 * business system receiving the notifyUrl deliveries. Called from each service's e2e test file.
 */
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
import type { FakeEpayGateway } from './fake-epay-gateway.js';

export interface EpayEndToEndSetup {
  type: 'AGGREGATOR_1' | 'AGGREGATOR_3';
  startGateway(): Promise<FakeEpayGateway>;
  /** The service's settings (flat keys) for a gateway. */
  settings(gateway: FakeEpayGateway): Record<string, unknown>;
  /** V2 closes at the site; V1 has no close. */
  closesAtGateway: boolean;
}

const jobContext = () => ({
  signal: new AbortController().signal,
  counts: {} as Record<string, number>,
  reportCounts(c: Record<string, number>) {
    for (const [k, v] of Object.entries(c)) this.counts[k] = (this.counts[k] ?? 0) + v;
  },
});

export function describeEpayEndToEnd(setup: EpayEndToEndSetup): void {
  const { type } = setup;
  let server: PaymentServer;
  let gateway: FakeEpayGateway;
  let receiver: NotifyReceiver;
  const channels = [`${type}:WALLET_A`, `${type}:WALLET_B`];

  beforeAll(async () => {
    server = await startPaymentServer();
    gateway = await setup.startGateway();
    receiver = await new NotifyReceiver().start();
    await configure(server, {
      allowLocalCallbackDomain: true,
      callbackDomain: server.url,
      allowPrivateNotifyTargets: true,
      supportedChannels: channels,
      ...setup.settings(gateway),
    });
    receiver.publicKeyPem = (await api<InterfaceKey>(server, 'GET', `${CONSOLE}/interface-keys/public`)).body.data.publicKey;
  }, 60_000);

  afterAll(async () => {
    await receiver?.stop();
    await gateway?.stop();
    await server?.stop();
  });

  const initiate = (orderId: string, paymentChannel = 'WALLET_A', extra: Record<string, unknown> = {}) =>
    api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
      orderId,
      subject: '插件授权 Pro & <1 年> = 100% +tax',
      paymentAmount: '12.30',
      paymentType: type,
      paymentChannel,
      notifyUrl: receiver.url,
      ...extra,
    });
  const stored = (paymentId: string) => server.runtime.client.get(PaymentInfo, paymentId);
  const delivered = (paymentId: string) =>
    eventually(() => (receiver.forPayment(paymentId).length ? receiver.forPayment(paymentId) : undefined));
  const logsOf = async (paymentId: string) =>
    (await server.runtime.client.list(PaymentCallbackLog, { where: eq('spec.paymentId', paymentId) })).items.map((l) => l.spec);
  const callbackUrl = () => `${server.url}${PUBLIC}/asyncCallback/${type}`;

  describe(`${type} end to end against a local epay site`, () => {
    test.each([
      ['WALLET_A', 'GET'],
      ['WALLET_B', 'POST'],
    ] as const)(
      '%s: QR code, paid at the site, signed %s notification → SUCCESS, notifyUrl delivered, a replay changes nothing',
      async (channel, method) => {
        const created = await initiate(`${type}-${channel}`, channel);
        expect(created.status).toBe(200);
        const order = created.body.data;
        expect(order).toMatchObject({ paymentType: type, paymentChannel: channel, status: 'PAYING', amountMinor: 1230 });
        expect(order.qrCode).toEqual(expect.any(String));
        const trade = gateway.trades.get(order.paymentId)!;
        expect(trade).toMatchObject({ notify_url: callbackUrl(), money: '12.30', type: channel === 'WALLET_A' ? 'alipay' : 'wxpay' });
        expect(gateway.calls.at(-1)!.signatureValid).toBe(true);

        expect(await gateway.pay(order.paymentId, method)).toMatchObject({ status: 200, body: 'success' });
        expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'SUCCESS', channelTradeNo: trade.trade_no });
        const [delivery] = await delivered(order.paymentId);
        expect(delivery.signatureValid).toBe(true);
        expect(delivery.body).toMatchObject({ status: 'SUCCESS', amount: '12.30', type, channel });

        const replay = await gateway.notify(order.paymentId, gateway.notifications.at(-1)!.params, method);
        expect(replay).toMatchObject({ status: 200, body: 'success' });
        const after = await stored(order.paymentId);
        expect(after.status?.transitions?.filter((t) => t.to === 'SUCCESS')).toHaveLength(1);
        const logs = await logsOf(order.paymentId);
        expect(logs).toEqual([expect.objectContaining({ outcome: 'ACCEPTED', reason: 'TRANSITIONED', receivedCount: 2 })]);
      },
    );

    test('a verified notification for another order that reuses a trade_no is checked and applied, not taken for a repeat', async () => {
      const first = (await initiate(`${type}-trade-no-a`)).body.data;
      expect(await gateway.pay(first.paymentId)).toMatchObject({ status: 200, body: 'success' });
      const reused = gateway.trades.get(first.paymentId)!.trade_no;
      const second = (await initiate(`${type}-trade-no-b`)).body.data;
      const trade = gateway.trades.get(second.paymentId)!;
      trade.trade_no = reused;
      trade.status = 1;
      trade.endtime = '2026-11-25 14:31:02';
      const callsBefore = gateway.calls.length;
      const params = gateway.notifyParams(second.paymentId);
      expect(params.trade_no).toBe(reused);
      expect(await gateway.notify(second.paymentId, params)).toMatchObject({ status: 200, body: 'success' });
      // Processed: the site was asked for the truth, and the second order moved on its own notification.
      expect(gateway.calls.length).toBeGreaterThan(callsBefore);
      expect((await stored(second.paymentId)).spec).toMatchObject({ status: 'SUCCESS', channelTradeNo: reused });
      expect(await logsOf(second.paymentId)).toEqual([expect.objectContaining({ outcome: 'ACCEPTED', reason: 'TRANSITIONED' })]);
      expect(await logsOf(first.paymentId)).toEqual([expect.objectContaining({ receivedCount: 1 })]);
    });

    test('a console test payment is started at the site with the administrator as the payer (clientip, device)', async () => {
      const tested = await api<PaymentView>(server, 'POST', `${CONSOLE}/test-payment`, { paymentType: type, paymentChannel: 'WALLET_B' });
      expect(tested.body.data).toMatchObject({ status: 'PAYING', qrCode: expect.any(String) });
      expect(gateway.calls.at(-1)!.params).toMatchObject({ clientip: '127.0.0.1', device: 'pc', money: '0.01' });
    });

    test('the sync job finds a payment whose notification was lost, and the business system is notified', async () => {
      const order = (await initiate(`${type}-lost`, 'WALLET_B')).body.data;
      const trade = gateway.trades.get(order.paymentId)!;
      trade.status = 1;
      trade.endtime = '2026-11-25 14:31:02';
      const ctx = jobContext();
      await syncOpenOrders(server.payment.deps, ctx);
      expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'SUCCESS', paidAt: '2026-11-25T06:31:02.000Z' });
      expect(ctx.counts.changed).toBeGreaterThanOrEqual(1);
      expect((await delivered(order.paymentId))[0].body).toMatchObject({ status: 'SUCCESS' });
    });

    test('closing an order: FAILED CLOSED here and, where the protocol can, closed at the site', async () => {
      const order = (await initiate(`${type}-close`)).body.data;
      const closed = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments/${order.paymentId}/close`);
      expect(closed.body.data).toMatchObject({ status: 'FAILED', failureReason: 'CLOSED' });
      expect(gateway.trades.get(order.paymentId)!.closed).toBe(setup.closesAtGateway);
      if (setup.closesAtGateway) {
        await expect(gateway.pay(order.paymentId)).rejects.toThrow(/closed/);
        return;
      }
      // V1 cannot close at the site: a payer who still pays there is recorded (the money arrived) and flagged.
      expect(await gateway.pay(order.paymentId)).toMatchObject({ status: 200, body: 'success' });
      expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'SUCCESS', reviewFlag: 'PAID_AFTER_FAILED' });
    });

    test('the time-out job closes an expired order; a paid one cannot be closed (409) and ends SUCCESS', async () => {
      const expiring = (await initiate(`${type}-expire`)).body.data;
      const paid = (await initiate(`${type}-paid-close`)).body.data;
      const trade = gateway.trades.get(paid.paymentId)!;
      trade.status = 1;
      const refused = await api(server, 'POST', `${CONSOLE}/payments/${paid.paymentId}/close`);
      expect(refused).toMatchObject({ status: 409, body: { code: 'ORDER_ALREADY_PAID' } });
      expect((await stored(paid.paymentId)).spec.status).toBe('SUCCESS');
      const realClock = server.payment.deps.clock;
      server.payment.deps.clock = { ...realClock, now: () => realClock.now() + 31 * 60_000 };
      try {
        await closeExpiredOrders(server.payment.deps, jobContext());
      } finally {
        server.payment.deps.clock = realClock;
      }
      expect((await stored(expiring.paymentId)).spec).toMatchObject({ status: 'FAILED', failureReason: 'TIMEOUT' });
    });

    test('wrong amount, tampered signature, unknown order: answered "fail", nothing changes, logged with the reason', async () => {
      const order = (await initiate(`${type}-bad`)).body.data;
      gateway.trades.get(order.paymentId)!.status = 1;
      const wrongAmount = await gateway.notify(order.paymentId, gateway.notifyParams(order.paymentId, { money: '12.31' }));
      expect(wrongAmount).toMatchObject({ status: 400, body: 'fail' });
      const tampered = { ...gateway.notifyParams(order.paymentId), money: '0.01' };
      expect(await gateway.notify(order.paymentId, tampered, 'POST')).toMatchObject({ status: 401, body: 'fail' });
      const unknown = gateway.notifyParams(order.paymentId, { out_trade_no: 'p20990101aaaaaaaaaaaaaaaaaaaa', trade_no: '1' });
      expect(await gateway.notify(order.paymentId, unknown)).toMatchObject({ status: 400, body: 'fail' });
      expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
      expect((await logsOf(order.paymentId)).map((l) => l.reason)).toEqual(['CALLBACK_MISMATCH']);
      const unknownLogs = await logsOf('p20990101aaaaaaaaaaaaaaaaaaaa');
      expect(unknownLogs.map((l) => [l.outcome, l.reason])).toEqual([['REFUSED', 'UNKNOWN_ORDER']]);
    });

    test('the site down while confirming a callback: answered "fail" (503) for a resend, the order stays PAYING', async () => {
      const order = (await initiate(`${type}-down`)).body.data;
      gateway.trades.get(order.paymentId)!.status = 1;
      gateway.faults = ['http500'];
      expect(await gateway.notify(order.paymentId, gateway.notifyParams(order.paymentId))).toMatchObject({ status: 503, body: 'fail' });
      expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
      expect(await gateway.notify(order.paymentId, gateway.notifyParams(order.paymentId))).toMatchObject({ status: 200, body: 'success' });
      expect((await stored(order.paymentId)).spec.status).toBe('SUCCESS');
    });

    test('the site down or answering garbage at initiation: an error envelope (never 500), the order is not paid', async () => {
      gateway.faults = ['http500'];
      const down = await initiate(`${type}-init-down`);
      expect(down).toMatchObject({ status: 503, body: { success: false, code: 'CHANNEL_UNAVAILABLE' } });
      gateway.faults = ['notJson'];
      const garbage = await initiate(`${type}-init-garbage`);
      expect(garbage).toMatchObject({ status: 502, body: { success: false, code: 'CHANNEL_BAD_RESPONSE' } });
      const retried = await initiate(`${type}-init-down`);
      expect(retried.body.data).toMatchObject({ status: 'PAYING' });
    });
  });
}
