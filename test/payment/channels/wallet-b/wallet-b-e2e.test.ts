/**
 * WALLET_B end to end: a real payment server (SQLite) configured through the settings API, the fake
 * WeChat Pay gateway, and a business system's notifyUrl. Per channel (NATIVE, H5, JSAPI): createPayment →
 * paid at the gateway → signed, encrypted notification → SUCCESS → notifyUrl delivered; the same through
 * the sync job when the notification is lost; close. Bad notifications and a failing gateway change nothing.
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
import { FakeWechatPayGateway } from './fake-wechat-gateway.js';
import { API_V3_KEY, APP_ID, MCH_ID, MERCHANT, MERCHANT_SERIAL, PLATFORM_CERT, PLATFORM_PUBKEY } from './test-keys.js';

let server: PaymentServer;
let gateway: FakeWechatPayGateway;
let receiver: NotifyReceiver;
const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
const CHANNELS = ['WALLET_B:NATIVE', 'WALLET_B:H5', 'WALLET_B:JSAPI'];
const jobContext = () => ({
  signal: new AbortController().signal,
  counts: {} as Record<string, number>,
  reportCounts(c: Record<string, number>) {
    for (const [k, v] of Object.entries(c)) this.counts[k] = (this.counts[k] ?? 0) + v;
  },
});

beforeAll(async () => {
  server = await startPaymentServer();
  gateway = await new FakeWechatPayGateway({
    appId: APP_ID,
    mchId: MCH_ID,
    apiV3Key: API_V3_KEY,
    merchantSerial: MERCHANT_SERIAL,
    merchantPublicKey: MERCHANT.publicKey,
    signer: PLATFORM_PUBKEY,
  }).start();
  receiver = await new NotifyReceiver().start();
  await configure(server, {
    allowLocalCallbackDomain: true,
    callbackDomain: server.url,
    allowPrivateNotifyTargets: true,
    supportedChannels: CHANNELS,
    walletBEnabled: true,
    walletBAppId: APP_ID,
    walletBMchId: MCH_ID,
    walletBApiV3Key: API_V3_KEY,
    walletBSerialNo: MERCHANT_SERIAL,
    walletBPrivateKey: MERCHANT.privatePkcs8Pem,
    walletBPublicKeyId: PLATFORM_PUBKEY.serial,
    walletBPublicKey: PLATFORM_PUBKEY.pair.publicSpkiPem,
    walletBPlatformCertificates: PLATFORM_CERT.certificatePem,
    walletBGateway: gateway.url,
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
});

const initiate = (orderId: string, paymentChannel: string, extra: Record<string, unknown> = {}) =>
  api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId,
    subject: '插件授权',
    paymentAmount: '12.30',
    paymentType: 'WECHAT',
    paymentChannel,
    notifyUrl: receiver.url,
    ...(paymentChannel === 'JSAPI' ? { additionalData: { openid: OPENID } } : {}),
    ...extra,
  });
const stored = (paymentId: string) => server.runtime.client.get(PaymentInfo, paymentId);
const logsOf = async (paymentId: string) =>
  (await server.runtime.client.list(PaymentCallbackLog, { where: eq('spec.paymentId', paymentId) })).items.map((l) => l.spec);
const reasons = async (paymentId: string) => (await logsOf(paymentId)).map((l) => l.reason);
const page = async (paymentId: string) => (await fetch(`${server.url}/payment/${paymentId}`)).text();

describe.each(['NATIVE', 'H5', 'JSAPI'])('WALLET_B %s end to end against a local WeChat Pay gateway', (paymentChannel) => {
  test('createPayment → paid → signed notification → SUCCESS (204) → notifyUrl delivered; a replay changes nothing', async () => {
    const created = await initiate(`wx-${paymentChannel}-1`, paymentChannel);
    expect(created.status).toBe(200);
    const order = created.body.data;
    expect(order).toMatchObject({ paymentType: 'WALLET_B', paymentChannel, status: 'PAYING', amountMinor: 1230 });
    const trade = gateway.trades.get(order.paymentId)!;
    expect(trade).toMatchObject({ amount: { total: 1230, currency: 'CNY' }, notify_url: `${server.url}${PUBLIC}/asyncCallback/WALLET_B` });
    expect(gateway.requests.at(-1)!.signatureValid).toBe(true);
    const html = await page(order.paymentId);
    if (paymentChannel === 'NATIVE') {
      expect(order.qrCode).toMatch(/^weixin:\/\//);
      expect(html).toContain('<svg');
    } else if (paymentChannel === 'H5') {
      expect(order.payUrl).toMatch(/^https:\/\/wx\.tenpay\.com\//);
      expect(trade.scene_info).toMatchObject({ payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } });
      expect(html).toMatch(/id="pay-link" href="https:\/\/wx\.tenpay\.com\/[^"]*" rel="noopener" referrerpolicy="origin"/);
    } else {
      expect(trade.payer).toEqual({ openid: OPENID });
      expect(order.payUrl).toBe(`${server.url}/payment/${order.paymentId}`);
      expect(order.additionalData).toMatchObject({
        invokeParams: { appId: APP_ID, package: `prepay_id=${trade.prepay_id}`, signType: 'RSA' },
      });
      expect(html).toContain('id="jsapi-pay"');
      expect(html).not.toContain('id="pay-link"');
    }

    const answer = await gateway.pay(order.paymentId);
    expect(answer).toEqual({ status: 204, body: '' });
    expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'SUCCESS', channelTradeNo: trade.transaction_id });
    const [delivered] = await eventually(() =>
      receiver.forPayment(order.paymentId).length ? receiver.forPayment(order.paymentId) : undefined,
    );
    expect(delivered.signatureValid).toBe(true);
    expect(delivered.body).toMatchObject({
      status: 'SUCCESS',
      amount: '12.30',
      amountMinor: 1230,
      type: 'WALLET_B',
      channel: paymentChannel,
    });

    // WeChat Pay resends the same notification (same id, signed afresh): acknowledged, nothing moves twice.
    const first = gateway.notifications.at(-1)!.delivery;
    const resend = { body: first.body, headers: gateway.signedHeaders(first.body) };
    expect(await gateway.notify(order.paymentId, resend)).toEqual({ status: 204, body: '' });
    expect((await stored(order.paymentId)).status?.transitions?.filter((t) => t.to === 'SUCCESS')).toHaveLength(1);
    expect(await reasons(order.paymentId)).toEqual(['TRANSITIONED']);
    const [log] = (await server.runtime.client.list(PaymentCallbackLog, { where: eq('spec.paymentId', order.paymentId) })).items;
    expect(log.spec).toMatchObject({ receivedCount: 2, eventId: JSON.parse(first.body).id });
  });

  test('the sync job finds a payment whose notification was lost', async () => {
    const order = (await initiate(`wx-${paymentChannel}-lost`, paymentChannel)).body.data;
    gateway.settle(order.paymentId);
    const ctx = jobContext();
    await syncOpenOrders(server.payment.deps, ctx);
    expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'SUCCESS', paidAt: expect.any(String) });
    expect(ctx.counts.changed).toBeGreaterThanOrEqual(1);
    await eventually(() => receiver.forPayment(order.paymentId).length > 0);
  });

  test('closing the order closes the trade at WeChat Pay (204)', async () => {
    const order = (await initiate(`wx-${paymentChannel}-close`, paymentChannel)).body.data;
    const closed = await api(server, 'POST', `${CONSOLE}/payments/${order.paymentId}/close`);
    expect(closed.body.data).toMatchObject({ status: 'FAILED', failureReason: 'CLOSED' });
    expect(gateway.trades.get(order.paymentId)!.trade_state).toBe('CLOSED');
    expect(gateway.requests.at(-1)).toMatchObject({
      path: `/v3/pay/transactions/out-trade-no/${order.paymentId}/close`,
      signatureValid: true,
    });
  });
});

describe('WALLET_B notification ids are keyed on the order', () => {
  const queriesOf = (paymentId: string) => gateway.requests.filter((r) => r.path.includes(paymentId)).length;

  test('a verified notification for another order reusing an id is applied; a true resend of the first is a repeat', async () => {
    const first = (await initiate('wx-key-a', 'NATIVE')).body.data;
    expect(await gateway.pay(first.paymentId)).toEqual({ status: 204, body: '' });
    const original = gateway.notifications.at(-1)!.delivery;
    const reusedId = JSON.parse(original.body).id as string;

    const second = (await initiate('wx-key-b', 'NATIVE')).body.data;
    gateway.settle(second.paymentId);
    const reused = gateway.notification(second.paymentId, { event: { id: reusedId } });
    const queried = queriesOf(second.paymentId);
    expect(await gateway.notify(second.paymentId, reused)).toEqual({ status: 204, body: '' });
    // Processed as a first arrival: WeChat Pay was asked, and the second order moved on its own notification.
    expect(queriesOf(second.paymentId)).toBeGreaterThan(queried);
    expect((await stored(second.paymentId)).spec).toMatchObject({ status: 'SUCCESS' });
    expect(await logsOf(second.paymentId)).toEqual([
      expect.objectContaining({ eventId: reusedId, reason: 'TRANSITIONED', receivedCount: 1 }),
    ]);
    expect(await logsOf(first.paymentId)).toEqual([expect.objectContaining({ eventId: reusedId, receivedCount: 1 })]);

    // The first order's own notification again (signed afresh): a repeat, nothing asked, nothing changed.
    const paid = await stored(first.paymentId);
    const askedFirst = queriesOf(first.paymentId);
    const resend = { body: original.body, headers: gateway.signedHeaders(original.body) };
    expect(await gateway.notify(first.paymentId, resend)).toEqual({ status: 204, body: '' });
    expect(await logsOf(first.paymentId)).toEqual([expect.objectContaining({ reason: 'TRANSITIONED', receivedCount: 2 })]);
    expect((await stored(first.paymentId)).metadata.resourceVersion).toBe(paid.metadata.resourceVersion);
    expect(queriesOf(first.paymentId)).toBe(askedFirst);
  });
});

describe('WALLET_B bad input and a failing gateway', () => {
  test('JSAPI without additionalData.openid is refused before an order exists; a malformed openid fails validation', async () => {
    const missing = await api(server, 'POST', `${CONSOLE}/payments`, {
      orderId: 'wx-no-openid',
      subject: 'x',
      paymentAmount: '1.00',
      paymentType: 'WALLET_B',
      paymentChannel: 'JSAPI',
    });
    expect(missing).toMatchObject({ status: 400, body: { success: false, code: 'PAYER_DETAILS_REQUIRED' } });
    const bad = await initiate('wx-bad-openid', 'JSAPI', { additionalData: { openid: '<script>' } });
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const listed = await api<{ items: unknown[] }>(server, 'GET', `${CONSOLE}/payments?orderId=wx-no-openid`);
    expect(listed.body.data.items).toHaveLength(0);
  });

  test("testPayment passes the administrator's IP for H5; JSAPI, which needs a payer openid, is refused", async () => {
    const h5 = await api<PaymentView>(server, 'POST', `${CONSOLE}/test-payment`, { paymentType: 'WALLET_B', paymentChannel: 'H5' });
    expect(h5.body.data).toMatchObject({ status: 'PAYING', amountMinor: 1 });
    expect(gateway.trades.get(h5.body.data.paymentId)!.scene_info).toMatchObject({ payer_client_ip: '127.0.0.1' });
    const jsapi = await api(server, 'POST', `${CONSOLE}/test-payment`, { paymentType: 'WALLET_B', paymentChannel: 'JSAPI' });
    expect(jsapi).toMatchObject({ status: 400, body: { code: 'PAYER_DETAILS_REQUIRED' } });
  });

  test('wrong amount, bad signature, wrong serial, stale timestamp, unknown order: refused (FAIL), nothing changes, logged', async () => {
    const order = (await initiate('wx-bad', 'NATIVE')).body.data;
    gateway.settle(order.paymentId);
    const wrongAmount = gateway.notification(order.paymentId, { transaction: { amount: { total: 1231, currency: 'CNY' } } });
    expect(await gateway.notify(order.paymentId, wrongAmount)).toEqual({
      status: 400,
      body: '{"code":"FAIL","message":"CALLBACK_MISMATCH"}',
    });
    const good = gateway.notification(order.paymentId);
    const tampered = { ...good, body: good.body.replace('"summary":"支付成功"', '"summary":"支付成功 "') };
    expect((await gateway.notify(order.paymentId, tampered)).status).toBe(401);
    const wrongSerial = { ...good, headers: { ...good.headers, 'wechatpay-serial': 'PUB_KEY_ID_0000000000000000000000000000000000' } };
    expect((await gateway.notify(order.paymentId, wrongSerial)).status).toBe(401);
    const stale = { ...good, headers: gateway.signedHeaders(good.body, { timestamp: Math.floor(Date.now() / 1000) - 3600 }) };
    expect((await gateway.notify(order.paymentId, stale)).status).toBe(401);
    const unknown = gateway.notification(order.paymentId, { transaction: { out_trade_no: 'p20990101aaaaaaaaaaaaaaaaaaaa' } });
    expect(await gateway.notify(order.paymentId, unknown)).toEqual({ status: 400, body: '{"code":"FAIL","message":"REFUSED"}' });
    expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
    // Verified ones are logged with the order; unverified ones only as log lines (forged traffic cannot fill the store).
    expect(await reasons(order.paymentId)).toEqual(['CALLBACK_MISMATCH']);
  });

  test('a notification whose confirming query times out is answered 503 FAIL; the order stays PAYING for the sync job', async () => {
    const order = (await initiate('wx-query-down', 'NATIVE')).body.data;
    gateway.settle(order.paymentId);
    gateway.faults = ['http500'];
    const answer = await gateway.notify(order.paymentId);
    expect(answer).toEqual({ status: 503, body: '{"code":"FAIL","message":"CHANNEL_UNAVAILABLE"}' });
    expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
    for (const fault of ['http500', 'badSign', 'notJson', 'drop'] as const) {
      // Every query of the run fails this way (other tests leave open orders the job also queries).
      gateway.faults = Array.from({ length: 100 }, () => fault);
      await syncOpenOrders(server.payment.deps, jobContext());
      expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
    }
    // WeChat Pay resends; now the query answers and the order moves.
    gateway.faults = [];
    expect((await gateway.notify(order.paymentId)).status).toBe(204);
    expect((await stored(order.paymentId)).spec.status).toBe('SUCCESS');
  });

  test('a gateway that is down or answers something unreadable at initiation: 503/502 to the caller, the order stays UNPAID', async () => {
    for (const [fault, status] of [
      ['http500', 503],
      ['badSign', 502],
      ['notJson', 502],
    ] as const) {
      gateway.faults = [fault];
      const refused = await initiate(`wx-init-${fault}`, 'NATIVE');
      expect(refused).toMatchObject({ status, body: { success: false } });
      expect(refused.text).not.toMatch(/at .*\.ts:\d+/);
      const listed = await api<{ items: PaymentView[] }>(server, 'GET', `${CONSOLE}/payments?orderId=wx-init-${fault}`);
      expect(listed.body.data.items[0].status).toBe('UNPAID');
      const retried = await initiate(`wx-init-${fault}`, 'NATIVE');
      expect(retried.body.data).toMatchObject({ paymentId: listed.body.data.items[0].paymentId, status: 'PAYING' });
    }
  });

  test('the time-out job closes an expired WALLET_B order at the gateway', async () => {
    const order = (await initiate('wx-expire', 'NATIVE')).body.data;
    const realClock = server.payment.deps.clock;
    server.payment.deps.clock = { ...realClock, now: () => realClock.now() + 31 * 60_000 };
    try {
      await closeExpiredOrders(server.payment.deps, jobContext());
    } finally {
      server.payment.deps.clock = realClock;
    }
    expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'FAILED', failureReason: 'TIMEOUT' });
    expect(gateway.trades.get(order.paymentId)!.trade_state).toBe('CLOSED');
  });
});
