import { eq } from '../../../../src/host/sdk/index.js';
import { closeExpiredOrders } from '../../../../src/payment/jobs/close-expired.handler.js';
import { syncOpenOrders } from '../../../../src/payment/jobs/sync-payments.handler.js';
import { PaymentInfo } from '../../../../src/payment/orders/types.js';
import { FakeAlipayGateway } from './fake-alipay-gateway.js';
import { ALIPAY, APP, APP_ID } from './test-keys.js';
import { NotifyReceiver } from '../../support/notify-receiver.js';
import {
  api,
  configure,
  CONSOLE,
  eventually,
  PUBLIC,
  startPaymentServer,
  type PaymentServer,
  type PaymentView,
  type InterfaceKey,
} from '../../support/payment-server.js';
import { PaymentCallbackLog } from '../../../../src/payment/callbacks/callback-log.js';

let server: PaymentServer;
let gateway: FakeAlipayGateway;
let receiver: NotifyReceiver;
const ALL_WALLET_A = [
  'WALLET_A:FACE_TO_FACE_PAYMENT',
  'WALLET_A:PC_WEBSITE',
  'WALLET_A:MOBILE_WEBSITE',
  'WALLET_A:ORDER_CODE',
  'SANDBOX:SIMULATED',
];
const jobContext = () => ({
  signal: new AbortController().signal,
  counts: {} as Record<string, number>,
  reportCounts(c: Record<string, number>) {
    for (const [k, v] of Object.entries(c)) this.counts[k] = (this.counts[k] ?? 0) + v;
  },
});

beforeAll(async () => {
  server = await startPaymentServer();
  gateway = await new FakeAlipayGateway({ appId: APP_ID, appPublicKey: APP.publicKey, gatewayPrivateKey: ALIPAY.privateKey }).start();
  receiver = await new NotifyReceiver().start();
  await configure(server, {
    allowLocalCallbackDomain: true,
    callbackDomain: server.url,
    allowPrivateNotifyTargets: true,
    supportedChannels: ALL_WALLET_A,
    walletAEnabled: true,
    walletAAppId: APP_ID,
    walletAPrivateKey: APP.privatePkcs8Pem,
    walletAPublicKey: ALIPAY.publicSpkiBase64,
    walletAGateway: gateway.url,
  });
  receiver.publicKeyPem = (await api<InterfaceKey>(server, 'GET', `${CONSOLE}/interface-keys/public`)).body.data.publicKey;
}, 60_000);
afterAll(async () => {
  await receiver?.stop();
  await gateway?.stop();
  await server?.stop();
});

const initiate = (orderId: string, extra: Record<string, unknown> = {}) =>
  api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId,
    subject: '插件授权',
    paymentAmount: 0.01,
    paymentType: 'ALIPAY',
    paymentChannel: 'FACE_TO_FACE_PAYMENT',
    notifyUrl: receiver.url,
    ...extra,
  });
const stored = (paymentId: string) => server.runtime.client.get(PaymentInfo, paymentId);

describe('WALLET_A end to end against a local Alipay gateway', () => {
  test('face-to-face: QR code on the page, signed notify → SUCCESS answered "success", business system notified', async () => {
    const created = await initiate('ali-1');
    expect(created.status).toBe(200);
    const order = created.body.data;
    expect(order).toMatchObject({ paymentType: 'WALLET_A', status: 'PAYING', amountMinor: 1 });
    expect(order.qrCode).toEqual(expect.any(String));
    expect(gateway.trades.has(order.paymentId)).toBe(true);
    expect(gateway.calls.at(-1)!.signatureValid).toBe(true);

    const page = await (await fetch(`${server.url}/payment/${order.paymentId}`)).text();
    expect(page).toContain('<svg');

    const answer = await gateway.pay(order.paymentId);
    expect(answer).toMatchObject({ status: 200, body: 'success' });
    const after = await stored(order.paymentId);
    expect(after.spec).toMatchObject({ status: 'SUCCESS', channelTradeNo: gateway.trades.get(order.paymentId)!.trade_no });
    const [delivered] = await eventually(() =>
      receiver.forPayment(order.paymentId).length ? receiver.forPayment(order.paymentId) : undefined,
    );
    expect(delivered.signatureValid).toBe(true);
    expect(delivered.body).toMatchObject({ status: 'SUCCESS', amount: '0.01', type: 'WALLET_A', channel: 'FACE_TO_FACE_PAYMENT' });

    const replay = await gateway.notify(order.paymentId);
    expect(replay).toMatchObject({ status: 200, body: 'success' });
    expect((await stored(order.paymentId)).status?.transitions?.filter((t) => t.to === 'SUCCESS')).toHaveLength(1);
  });

  test('PC website and mobile website answer a signed gateway redirect', async () => {
    for (const channel of ['PC_WEBSITE', 'MOBILE_WEBSITE']) {
      const created = await initiate(`ali-page-${channel}`, { paymentChannel: channel, returnUrl: 'https://shop.example.com/done' });
      expect(created.body.data.status).toBe('PAYING');
      const payUrl = new URL(created.body.data.payUrl!);
      expect(`${payUrl.origin}${payUrl.pathname}`).toBe(gateway.url);
      expect(payUrl.searchParams.get('method')).toBe(channel === 'PC_WEBSITE' ? 'alipay.trade.page.pay' : 'alipay.trade.wap.pay');
      expect(payUrl.searchParams.get('notify_url')).toBe(`${server.url}${PUBLIC}/asyncCallback/WALLET_A`);
    }
  });

  test('a callback with the wrong amount, a bad signature or an unknown order is answered "fail" and changes nothing', async () => {
    const order = (await initiate('ali-bad')).body.data;
    gateway.scan(order.paymentId);
    gateway.trades.get(order.paymentId)!.status = 'TRADE_SUCCESS';
    const wrongAmount = await gateway.notify(order.paymentId, gateway.notifyParams(order.paymentId, { total_amount: '0.02' }));
    expect(wrongAmount).toMatchObject({ status: 400, body: 'fail' });
    const tampered = { ...gateway.notifyParams(order.paymentId), total_amount: '0.02' };
    expect(await gateway.notify(order.paymentId, tampered)).toMatchObject({ status: 401, body: 'fail' });
    const unknown = await gateway.notify(
      order.paymentId,
      gateway.notifyParams(order.paymentId, { out_trade_no: 'p20990101aaaaaaaaaaaaaaaaaaaa' }),
    );
    expect(unknown).toMatchObject({ status: 400, body: 'fail' });
    expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
    const logs = await server.runtime.client.list(PaymentCallbackLog, { where: eq('spec.paymentId', order.paymentId) });
    expect(logs.items.map((l) => (l.spec as { reason: string }).reason)).toContain('CALLBACK_MISMATCH');
  });

  test('the sync job finds a payment whose notification was lost', async () => {
    const order = (await initiate('ali-lost')).body.data;
    gateway.scan(order.paymentId);
    gateway.trades.get(order.paymentId)!.status = 'TRADE_SUCCESS';
    const ctx = jobContext();
    await syncOpenOrders(server.payment.deps, ctx);
    expect((await stored(order.paymentId)).spec.status).toBe('SUCCESS');
    expect(ctx.counts.changed).toBeGreaterThanOrEqual(1);
  });

  test('closing an order closes the trade at the channel; the time-out job closes expired ones', async () => {
    const closing = (await initiate('ali-close')).body.data;
    gateway.scan(closing.paymentId);
    const closed = await api(server, 'POST', `${CONSOLE}/payments/${closing.paymentId}/close`);
    expect(closed.body.data).toMatchObject({ status: 'FAILED', failureReason: 'CLOSED' });
    expect(gateway.trades.get(closing.paymentId)!.status).toBe('TRADE_CLOSED');

    const expiring = (await initiate('ali-expire')).body.data;
    gateway.scan(expiring.paymentId);
    const realClock = server.payment.deps.clock;
    server.payment.deps.clock = { ...realClock, now: () => realClock.now() + 31 * 60_000 };
    try {
      await closeExpiredOrders(server.payment.deps, jobContext());
    } finally {
      server.payment.deps.clock = realClock;
    }
    expect((await stored(expiring.paymentId)).spec).toMatchObject({ status: 'FAILED', failureReason: 'TIMEOUT' });
    expect(gateway.trades.get(expiring.paymentId)!.status).toBe('TRADE_CLOSED');
  });

  test('an enabled service whose channel is not whitelisted answers 当前支付渠道未启用', async () => {
    await configure(server, { supportedChannels: ['WALLET_A:PC_WEBSITE'] });
    try {
      const refused = await initiate('ali-whitelist');
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: 'PAYMENT_CHANNEL_DISABLED', message: '当前支付渠道未启用' });
    } finally {
      await configure(server, { supportedChannels: ALL_WALLET_A });
    }
  });
});
