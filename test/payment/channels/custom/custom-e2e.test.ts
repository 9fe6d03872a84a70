/**
 * CUSTOM end to end: a payment server with both custom sub-providers configured through the settings API,
 * an Alipay-compatible gateway (the fake Alipay gateway with its own app id and keys) and a
 * WeChat-Pay-compatible one (the fake WeChat Pay gateway under a path prefix), each at its own URL. Per
 * channel: createPayment → paid → signed callback to asyncCallback/CUSTOM, routed by its headers → SUCCESS
 * → notifyUrl delivered; the sync job when the callback is lost; close.
 */
import { eq } from '../../../../src/host/sdk/index.js';
import { PaymentCallbackLog } from '../../../../src/payment/callbacks/callback-log.js';
import { closeExpiredOrders } from '../../../../src/payment/jobs/close-expired.handler.js';
import { syncOpenOrders } from '../../../../src/payment/jobs/sync-payments.handler.js';
import { PaymentInfo } from '../../../../src/payment/orders/types.js';
import { NotifyReceiver } from '../../support/notify-receiver.js';
import {
  anonymous,
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
import { FakeAlipayGateway } from '../wallet-a/fake-alipay-gateway.js';
import { rsaPair } from '../wallet-a/test-keys.js';
import { FakeWechatPayGateway } from '../wallet-b/fake-wechat-gateway.js';
import { API_V3_KEY, APP_ID, MCH_ID, MERCHANT, MERCHANT_SERIAL, PLATFORM_CERT } from '../wallet-b/test-keys.js';

const COMPAT_APP = rsaPair();
const COMPAT_GATEWAY_KEY = rsaPair();
const COMPAT_APP_ID = '2099000000000002';

let server: PaymentServer;
let alipay: FakeAlipayGateway;
let wechat: FakeWechatPayGateway;
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
  alipay = await new FakeAlipayGateway({
    appId: COMPAT_APP_ID,
    appPublicKey: COMPAT_APP.publicKey,
    gatewayPrivateKey: COMPAT_GATEWAY_KEY.privateKey,
  }).start();
  wechat = await new FakeWechatPayGateway({
    appId: APP_ID,
    mchId: MCH_ID,
    apiV3Key: API_V3_KEY,
    merchantSerial: MERCHANT_SERIAL,
    merchantPublicKey: MERCHANT.publicKey,
    signer: PLATFORM_CERT,
    basePath: '/wechatpay-compatible',
  }).start();
  receiver = await new NotifyReceiver().start();
  await configure(server, {
    allowLocalCallbackDomain: true,
    callbackDomain: server.url,
    allowPrivateNotifyTargets: true,
    supportedChannels: ['CUSTOM:WALLET_A_COMPATIBLE', 'CUSTOM:WALLET_B_COMPATIBLE'],
    customEnabled: true,
    customWalletAGateway: alipay.url,
    customWalletAAppId: COMPAT_APP_ID,
    customWalletAPrivateKey: COMPAT_APP.privatePkcs8Pem,
    customWalletAPublicKey: COMPAT_GATEWAY_KEY.publicSpkiPem,
    customWalletBGateway: wechat.url,
    customWalletBAppId: APP_ID,
    customWalletBMchId: MCH_ID,
    customWalletBApiV3Key: API_V3_KEY,
    customWalletBSerialNo: MERCHANT_SERIAL,
    customWalletBPrivateKey: MERCHANT.privatePkcs8Pem,
    customWalletBPlatformCertificates: PLATFORM_CERT.certificatePem,
  });
  receiver.publicKeyPem = (await api<InterfaceKey>(server, 'GET', `${CONSOLE}/interface-keys/public`)).body.data.publicKey;
}, 60_000);
afterAll(async () => {
  await receiver?.stop();
  await alipay?.stop();
  await wechat?.stop();
  await server?.stop();
});

const CALLBACK_URL = () => `${server.url}${PUBLIC}/asyncCallback/CUSTOM`;
const initiate = (orderId: string, paymentChannel: string) =>
  api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId,
    subject: '自定义网关',
    paymentAmount: '3.21',
    paymentType: 'CUSTOM',
    paymentChannel,
    notifyUrl: receiver.url,
  });
const stored = (paymentId: string) => server.runtime.client.get(PaymentInfo, paymentId);

/** Each sub-provider's gateway: how to pay a trade (with its signed callback), or settle it silently. */
const providers = {
  WALLET_A_COMPATIBLE: {
    pay: async (id: string) => {
      const answer = await alipay.pay(id);
      return { status: answer.status, body: answer.body };
    },
    settle: (id: string) => {
      alipay.scan(id).status = 'TRADE_SUCCESS';
    },
    acknowledged: { status: 200, body: 'success' },
    tradeNo: (id: string) => alipay.trades.get(id)!.trade_no,
    closed: (id: string) => alipay.trades.get(id)!.status === 'TRADE_CLOSED',
    notifyUrl: (id: string) => alipay.trades.get(id)!.notify_url,
    touch: (id: string) => void alipay.scan(id),
  },
  WALLET_B_COMPATIBLE: {
    pay: (id: string) => wechat.pay(id),
    settle: (id: string) => void wechat.settle(id),
    acknowledged: { status: 204, body: '' },
    tradeNo: (id: string) => wechat.trades.get(id)!.transaction_id,
    closed: (id: string) => wechat.trades.get(id)!.trade_state === 'CLOSED',
    notifyUrl: (id: string) => wechat.trades.get(id)!.notify_url,
    touch: () => undefined,
  },
} as const;

describe.each(['WALLET_A_COMPATIBLE', 'WALLET_B_COMPATIBLE'] as const)('CUSTOM %s end to end', (paymentChannel) => {
  const provider = providers[paymentChannel];

  test('createPayment → paid → callback to asyncCallback/CUSTOM → SUCCESS → notifyUrl delivered', async () => {
    const created = await initiate(`custom-${paymentChannel}-1`, paymentChannel);
    expect(created.status).toBe(200);
    const order = created.body.data;
    expect(order).toMatchObject({ paymentType: 'CUSTOM', paymentChannel, status: 'PAYING', amountMinor: 321, qrCode: expect.any(String) });
    expect(provider.notifyUrl(order.paymentId)).toBe(CALLBACK_URL());
    // The page of a CUSTOM order asks the channel once when opened; the QR code is on it.
    expect(await (await fetch(`${server.url}/payment/${order.paymentId}`)).text()).toContain('<svg');

    expect(await provider.pay(order.paymentId)).toEqual(provider.acknowledged);
    expect((await stored(order.paymentId)).spec).toMatchObject({ status: 'SUCCESS', channelTradeNo: provider.tradeNo(order.paymentId) });
    const [delivered] = await eventually(() =>
      receiver.forPayment(order.paymentId).length ? receiver.forPayment(order.paymentId) : undefined,
    );
    expect(delivered.signatureValid).toBe(true);
    expect(delivered.body).toMatchObject({ status: 'SUCCESS', amount: '3.21', type: 'CUSTOM', channel: paymentChannel });
  });

  test('the sync job finds a payment whose callback was lost', async () => {
    const order = (await initiate(`custom-${paymentChannel}-lost`, paymentChannel)).body.data;
    provider.settle(order.paymentId);
    await syncOpenOrders(server.payment.deps, jobContext());
    expect((await stored(order.paymentId)).spec.status).toBe('SUCCESS');
  });

  test('closing the order closes the trade at its gateway; the time-out job too', async () => {
    const order = (await initiate(`custom-${paymentChannel}-close`, paymentChannel)).body.data;
    provider.touch(order.paymentId);
    const closed = await api(server, 'POST', `${CONSOLE}/payments/${order.paymentId}/close`);
    expect(closed.body.data).toMatchObject({ status: 'FAILED', failureReason: 'CLOSED' });
    expect(provider.closed(order.paymentId)).toBe(true);

    const expiring = (await initiate(`custom-${paymentChannel}-expire`, paymentChannel)).body.data;
    provider.touch(expiring.paymentId);
    const realClock = server.payment.deps.clock;
    server.payment.deps.clock = { ...realClock, now: () => realClock.now() + 31 * 60_000 };
    try {
      await closeExpiredOrders(server.payment.deps, jobContext());
    } finally {
      server.payment.deps.clock = realClock;
    }
    expect((await stored(expiring.paymentId)).spec).toMatchObject({ status: 'FAILED', failureReason: 'TIMEOUT' });
    expect(provider.closed(expiring.paymentId)).toBe(true);
  });
});

describe('CUSTOM notification ids are keyed on the order, for each sub-provider', () => {
  const logsOf = async (paymentId: string) =>
    (await server.runtime.client.list(PaymentCallbackLog, { where: eq('spec.paymentId', paymentId) })).items.map((l) => l.spec);
  /** Each protocol's signed notification: the original of a paid trade, one for another trade carrying its id, a resend. */
  const protocols = {
    WALLET_A_COMPATIBLE: {
      acknowledged: { status: 200, body: 'success' },
      async payAndCapture(id: string) {
        expect(await alipay.pay(id)).toMatchObject({ status: 200, body: 'success' });
        const params = alipay.notifications.at(-1)!.params;
        return { eventId: params.notify_id, resend: async () => pick(await alipay.notify(id, params)) };
      },
      async notifyReusing(id: string, eventId: string) {
        alipay.scan(id).status = 'TRADE_SUCCESS';
        return pick(await alipay.notify(id, alipay.notifyParams(id, { notify_id: eventId })));
      },
      queriesOf: (id: string) => alipay.calls.filter((c) => (c.params.biz_content ?? '').includes(id)).length,
    },
    WALLET_B_COMPATIBLE: {
      acknowledged: { status: 204, body: '' },
      async payAndCapture(id: string) {
        expect(await wechat.pay(id)).toEqual({ status: 204, body: '' });
        const { body } = wechat.notifications.at(-1)!.delivery;
        return { eventId: JSON.parse(body).id as string, resend: () => wechat.notify(id, { body, headers: wechat.signedHeaders(body) }) };
      },
      async notifyReusing(id: string, eventId: string) {
        wechat.settle(id);
        return wechat.notify(id, wechat.notification(id, { event: { id: eventId } }));
      },
      queriesOf: (id: string) => wechat.requests.filter((r) => r.path.includes(id)).length,
    },
  } as const;
  const pick = ({ status, body }: { status: number; body: string }) => ({ status, body });

  test.each(['WALLET_A_COMPATIBLE', 'WALLET_B_COMPATIBLE'] as const)(
    '%s: a verified notification for another order reusing an id is applied; a true resend of the first is a repeat',
    async (paymentChannel) => {
      const protocol = protocols[paymentChannel];
      const first = (await initiate(`custom-key-a-${paymentChannel}`, paymentChannel)).body.data;
      const original = await protocol.payAndCapture(first.paymentId);
      expect((await stored(first.paymentId)).spec.status).toBe('SUCCESS');

      const second = (await initiate(`custom-key-b-${paymentChannel}`, paymentChannel)).body.data;
      const queried = protocol.queriesOf(second.paymentId);
      expect(await protocol.notifyReusing(second.paymentId, original.eventId)).toEqual(protocol.acknowledged);
      // Processed as a first arrival: the gateway was asked, and the second order moved on its own notification.
      expect(protocol.queriesOf(second.paymentId)).toBeGreaterThan(queried);
      expect((await stored(second.paymentId)).spec.status).toBe('SUCCESS');
      expect(await logsOf(second.paymentId)).toEqual([
        expect.objectContaining({ eventId: original.eventId, reason: 'TRANSITIONED', receivedCount: 1 }),
      ]);
      expect(await logsOf(first.paymentId)).toEqual([expect.objectContaining({ eventId: original.eventId, receivedCount: 1 })]);

      // The first order's own notification again: a repeat, nothing asked, nothing changed.
      const paid = await stored(first.paymentId);
      const askedFirst = protocol.queriesOf(first.paymentId);
      expect(await original.resend()).toEqual(protocol.acknowledged);
      expect(await logsOf(first.paymentId)).toEqual([expect.objectContaining({ reason: 'TRANSITIONED', receivedCount: 2 })]);
      expect((await stored(first.paymentId)).metadata.resourceVersion).toBe(paid.metadata.resourceVersion);
      expect(protocol.queriesOf(first.paymentId)).toBe(askedFirst);
    },
  );
});

describe('CUSTOM callbacks that are not ours', () => {
  test('a forged WeChat-style callback goes to the WeChat-compatible provider, refused in its format; others: 400', async () => {
    const order = (await initiate('custom-forged', 'WALLET_B_COMPATIBLE')).body.data;
    wechat.settle(order.paymentId);
    const genuine = wechat.notification(order.paymentId);
    const forged = await fetch(CALLBACK_URL(), {
      method: 'POST',
      headers: { ...genuine.headers, 'wechatpay-serial': 'PUB_KEY_ID_0000000000000000000000000000000000' },
      body: genuine.body,
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ code: 'FAIL', message: 'BAD_SIGNATURE' });
    const nobody = await api(server, 'POST', `${PUBLIC}/asyncCallback/CUSTOM`, { a: 1 }, anonymous);
    expect(nobody.status).toBe(400);
    expect((await stored(order.paymentId)).spec.status).toBe('PAYING');
  });
});
