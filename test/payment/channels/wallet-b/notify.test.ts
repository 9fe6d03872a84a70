/**
 * WALLET_B notification verification: the fake gateway POSTs encrypted, signed notifications to a stand-in
 * of the callback route, which answers what WeChat Pay expects (2xx received; 4xx/5xx {"code":"FAIL"} resend).
 */
import { walletBDefinition, type WalletBChannel } from '../../../../src/payment/channels/wallet-b/index.js';
import type { CallbackRequest, ChannelOrder } from '../../../../src/payment/channels/core/types.js';
import { ChannelError } from '../../../../src/payment/channels/core/errors.js';
import { startCallbackReceiver, type CallbackReceiver } from '../callback-receiver.js';
import { FakeWechatPayGateway, type NotificationDelivery } from './fake-wechat-gateway.js';
import { API_V3_KEY, APP_ID, MCH_ID, MERCHANT, MERCHANT_SERIAL, PLATFORM_CERT, PLATFORM_PUBKEY, walletBOptions } from './test-keys.js';

let gateway: FakeWechatPayGateway;
let channel: WalletBChannel;
let receiver: CallbackReceiver;
let order: ChannelOrder;

beforeAll(async () => {
  gateway = await new FakeWechatPayGateway({
    appId: APP_ID,
    mchId: MCH_ID,
    apiV3Key: API_V3_KEY,
    merchantSerial: MERCHANT_SERIAL,
    merchantPublicKey: MERCHANT.publicKey,
    signer: PLATFORM_CERT,
  }).start();
  // Both modes configured, as during WeChat Pay's migration from platform certificates to the public key.
  channel = walletBDefinition.create(
    walletBDefinition.validateOptions(walletBOptions(gateway.url, { cert: PLATFORM_CERT, pubkey: PLATFORM_PUBKEY })),
  ) as WalletBChannel;
  receiver = await startCallbackReceiver(() => channel);
  order = {
    paymentId: `p20260101notify${Date.now() % 1_000_000}`,
    orderId: 'n1',
    paymentType: 'WALLET_B',
    paymentChannel: 'NATIVE',
    subject: 'notify',
    amountMinor: 880,
    currency: 'CNY',
  };
  await channel.initiate(order, { callbackUrl: receiver.url });
  gateway.settle(order.paymentId);
});
afterAll(async () => {
  await receiver.stop();
  await gateway.stop();
});
afterEach(() => {
  receiver.events.length = 0;
  receiver.errors.length = 0;
});

const post = (delivery: NotificationDelivery) => gateway.notify(order.paymentId, delivery);
const lastError = () => receiver.errors.at(-1) as ChannelError;

describe('accepted notifications', () => {
  test('a signed, encrypted TRANSACTION.SUCCESS is normalised and answered 204', async () => {
    const delivery = gateway.notification(order.paymentId);
    const answer = await post(delivery);
    expect(answer).toEqual({ status: 204, body: '' });
    const trade = gateway.trades.get(order.paymentId)!;
    const [event] = receiver.events;
    expect(event).toMatchObject({
      orderRef: order.paymentId,
      status: 'SUCCESS',
      amountMinor: 880,
      currency: 'CNY',
      channelTradeNo: trade.transaction_id,
      eventId: JSON.parse(delivery.body).id,
      sentAt: new Date(Number(delivery.headers['wechatpay-timestamp']) * 1000).toISOString(),
      vendorStatus: 'SUCCESS',
    });
    expect(Date.parse(event.paidAt!)).toBe(Date.parse(trade.success_time!));
  });

  test('both key modes verify when both are configured: platform certificate serial and PUB_KEY_ID', async () => {
    gateway.options.signer = PLATFORM_PUBKEY;
    try {
      expect((await post(gateway.notification(order.paymentId))).status).toBe(204);
    } finally {
      gateway.options.signer = PLATFORM_CERT;
    }
    expect(receiver.events).toHaveLength(1);
  });

  test("events other than a payment's or a refund's, and a refund event without a refund, are acknowledged and ignored", async () => {
    const other = gateway.notification(order.paymentId, { event: { event_type: 'MCHTRANSFER.BILL.FINISHED' } });
    expect((await post(other)).status).toBe(204);
    expect(lastError()).toMatchObject({ code: 'UNSUPPORTED_EVENT' });
    const refundWithTransaction = gateway.notification(order.paymentId, { event: { event_type: 'REFUND.SUCCESS' } });
    expect((await post(refundWithTransaction)).status).toBe(204);
    expect(lastError()).toMatchObject({ code: 'UNSUPPORTED_EVENT' });
    expect(receiver.events).toHaveLength(0);
  });
});

describe('refused notifications (WeChat Pay resends on 4xx/5xx)', () => {
  const refusedWith = async (delivery: NotificationDelivery, status: number, code: string) => {
    const answer = await post(delivery);
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toEqual({ code: 'FAIL', message: code });
    expect(lastError()).toMatchObject({ code });
    expect(receiver.events).toHaveLength(0);
  };

  test('a body changed after signing fails the signature', async () => {
    const delivery = gateway.notification(order.paymentId);
    const body = JSON.parse(delivery.body) as { summary: string };
    body.summary = '支付成功!';
    await refusedWith({ ...delivery, body: JSON.stringify(body) }, 401, 'BAD_SIGNATURE');
  });

  test('re-ordered or whitespace-changed JSON is not the signed body', async () => {
    const delivery = gateway.notification(order.paymentId);
    const parsed = JSON.parse(delivery.body) as Record<string, unknown>;
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(parsed).reverse()));
    await refusedWith({ ...delivery, body: reordered }, 401, 'BAD_SIGNATURE');
    await refusedWith({ ...delivery, body: JSON.stringify(parsed, null, 1) }, 401, 'BAD_SIGNATURE');
    await refusedWith({ ...delivery, body: `${delivery.body}\n` }, 401, 'BAD_SIGNATURE');
  });

  test('a serial we do not know, a key that is not the one the serial names, a stale or future timestamp', async () => {
    const delivery = gateway.notification(order.paymentId);
    await refusedWith({ ...delivery, headers: { ...delivery.headers, 'wechatpay-serial': 'ABCDEF0123456789' } }, 401, 'BAD_SIGNATURE');
    await refusedWith({ ...delivery, headers: { ...delivery.headers, 'wechatpay-serial': PLATFORM_PUBKEY.serial } }, 401, 'BAD_SIGNATURE');
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now - 301, now + 301]) {
      await refusedWith({ ...delivery, headers: gateway.signedHeaders(delivery.body, { timestamp }) }, 401, 'BAD_SIGNATURE');
    }
  });

  test('a WeChat Pay probe signature (WECHATPAY/SIGNTEST/…) and another signature type are refused', async () => {
    const delivery = gateway.notification(order.paymentId);
    const probe = { ...delivery.headers, 'wechatpay-signature': `WECHATPAY/SIGNTEST/${delivery.headers['wechatpay-signature']}` };
    await refusedWith({ ...delivery, headers: probe }, 401, 'BAD_SIGNATURE');
    await refusedWith(
      { ...delivery, headers: { ...delivery.headers, 'wechatpay-signature-type': 'WECHATPAY2-SM2-WITH-SM3' } },
      401,
      'BAD_SIGNATURE',
    );
  });

  test('missing Wechatpay-* headers is MISSING_SIGNATURE (400)', async () => {
    const delivery = gateway.notification(order.paymentId);
    const { 'wechatpay-signature': _s, ...unsigned } = delivery.headers;
    await refusedWith({ ...delivery, headers: unsigned }, 400, 'MISSING_SIGNATURE');
  });

  test('a resource encrypted with another APIv3 key is refused so WeChat Pay resends once the key is fixed', async () => {
    await refusedWith(gateway.notification(order.paymentId, { apiV3Key: 'Z'.repeat(32) }), 401, 'BAD_SIGNATURE');
  });

  test('a verified notification for another merchant or application is CALLBACK_MISMATCH (400)', async () => {
    await refusedWith(gateway.notification(order.paymentId, { transaction: { mchid: '1900000999' } }), 400, 'CALLBACK_MISMATCH');
    await refusedWith(gateway.notification(order.paymentId, { transaction: { appid: 'wx0000000000000000' } }), 400, 'CALLBACK_MISMATCH');
    await refusedWith(
      gateway.notification(order.paymentId, { transaction: { amount: { total: '8.80', currency: 'CNY' } } }),
      400,
      'CALLBACK_MISMATCH',
    );
  });
});

describe('answers', () => {
  test('accepted → 204; refused → the error status with {"code":"FAIL"}; our own failure → 503 so WeChat Pay resends', () => {
    expect(channel.answerCallback({ outcome: 'accepted' })).toMatchObject({ status: 204, body: '' });
    const refused = channel.answerCallback({ outcome: 'refused', error: new ChannelError('CALLBACK_MISMATCH', 'amount differs') });
    expect(refused).toEqual({ status: 400, contentType: 'application/json', body: '{"code":"FAIL","message":"CALLBACK_MISMATCH"}' });
    const retry = channel.answerCallback({ outcome: 'retry', error: new Error('database is down at 10.0.0.5') });
    expect(retry).toEqual({ status: 503, contentType: 'application/json', body: '{"code":"FAIL","message":"RETRY_LATER"}' });
    expect(channel.answerCallback({ outcome: 'refused', error: new ChannelError('STALE_CALLBACK', 'old') }).status).toBe(204);
  });

  test('matchesCallback recognises WeChat Pay notifications by their headers', () => {
    const delivery = gateway.notification(order.paymentId);
    const request = (headers: Record<string, string>): CallbackRequest => ({ method: 'POST', headers, query: {}, rawBody: delivery.body });
    expect(channel.matchesCallback(request(delivery.headers))).toBe(true);
    expect(channel.matchesCallback(request({ 'content-type': 'application/json' }))).toBe(false);
  });
});
