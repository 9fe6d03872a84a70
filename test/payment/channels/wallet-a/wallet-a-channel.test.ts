import { walletADefinition, WalletAChannel } from '../../../../src/payment/channels/wallet-a/index.js';
import { systemClock } from '../../../../src/host/sdk/index.js';
import type { ChannelOrder } from '../../../../src/payment/channels/core/types.js';
import { startCallbackReceiver, type CallbackReceiver } from '../callback-receiver.js';
import { FakeAlipayGateway } from './fake-alipay-gateway.js';
import { ALIPAY, APP, APP_ID } from './test-keys.js';

const fixedNow = new Date('2024-05-01T04:00:00Z'); // 12:00:00 in Beijing
let gateway: FakeAlipayGateway;
let receiver: CallbackReceiver;
let channel: WalletAChannel;
let seq = 0;

function order(overrides: Partial<ChannelOrder> = {}): ChannelOrder {
  seq += 1;
  return {
    paymentId: `P2024050100000${seq}`,
    orderId: `ORD-${seq}`,
    paymentType: 'WALLET_A',
    paymentChannel: 'FACE_TO_FACE_PAYMENT',
    subject: 'Plugin licence & support = 1 年',
    amountMinor: 1999,
    currency: 'CNY',
    ...overrides,
  };
}

function makeChannel(options: Record<string, unknown> = {}, timeoutMs = 2000): WalletAChannel {
  const validated = walletADefinition.validateOptions({
    appId: APP_ID,
    privateKey: APP.privatePkcs1Pem,
    alipayPublicKey: ALIPAY.publicSpkiPem,
    gateway: gateway.url,
    ...options,
  });
  return walletADefinition.create(validated, { clock: { ...systemClock, now: () => fixedNow.getTime() }, timeoutMs }) as WalletAChannel;
}

beforeAll(async () => {
  gateway = await new FakeAlipayGateway({
    appId: APP_ID,
    appPublicKey: APP.publicKey,
    gatewayPrivateKey: ALIPAY.privateKey,
    now: () => fixedNow,
  }).start();
  channel = makeChannel();
  receiver = await startCallbackReceiver(() => channel);
});

afterAll(async () => {
  await receiver.stop();
  await gateway.stop();
});

const ctx = () => ({ callbackUrl: receiver.url, returnUrl: 'https://shop.example.com/return' });

describe('WALLET_A against a local Alipay gateway', () => {
  test('FACE_TO_FACE_PAYMENT precreates a trade and returns its QR code', async () => {
    const o = order();
    const result = await channel.initiate(o, ctx());
    expect(result.status).toBe('PAYING');
    expect(result.qrCode).toMatch(/^https:\/\/qr\.alipay\.com\//);
    const call = gateway.calls.at(-1)!;
    expect(call.signatureValid).toBe(true);
    expect(call.params).toMatchObject({ method: 'alipay.trade.precreate', timestamp: '2024-05-01 12:00:00', notify_url: receiver.url });
    expect(JSON.parse(call.params.biz_content)).toEqual({
      out_trade_no: o.paymentId,
      total_amount: '19.99',
      subject: o.subject,
      product_code: 'FACE_TO_FACE_PAYMENT',
    });
  });

  test('ORDER_CODE precreates with product QR_CODE_OFFLINE, and productCodes override the defaults', async () => {
    await channel.initiate(order({ paymentChannel: 'ORDER_CODE' }), ctx());
    expect(JSON.parse(gateway.calls.at(-1)!.params.biz_content).product_code).toBe('QR_CODE_OFFLINE');
    const custom = makeChannel({ productCodes: { FACE_TO_FACE_PAYMENT: 'OFFLINE_PAYMENT' } });
    await custom.initiate(order(), ctx());
    expect(JSON.parse(gateway.calls.at(-1)!.params.biz_content).product_code).toBe('OFFLINE_PAYMENT');
  });

  test('PC_WEBSITE builds a signed GET URL to the gateway that the gateway accepts (FAST_INSTANT_TRADE_PAY)', async () => {
    const o = order({ paymentChannel: 'PC_WEBSITE', expiresAt: '2024-05-01T04:30:00Z' });
    const result = await channel.initiate(o, ctx());
    expect(result.status).toBe('PAYING');
    const url = new URL(result.payUrl!);
    expect(url.origin + url.pathname).toBe(gateway.url);
    expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(url.searchParams.get('return_url')).toBe('https://shop.example.com/return');
    const biz = JSON.parse(url.searchParams.get('biz_content')!);
    expect(biz).toMatchObject({ product_code: 'FAST_INSTANT_TRADE_PAY', total_amount: '19.99', time_expire: '2024-05-01 12:30:00' });
    const page = await fetch(result.payUrl!);
    expect(page.status).toBe(200);
    expect(gateway.calls.at(-1)!.signatureValid).toBe(true);
    expect(gateway.trades.get(o.paymentId)?.status).toBe('WAIT_BUYER_PAY');
  });

  test('MOBILE_WEBSITE builds a wap.pay URL with QUICK_WAP_WAY and quit_url', async () => {
    const result = await channel.initiate(order({ paymentChannel: 'MOBILE_WEBSITE' }), ctx());
    const url = new URL(result.payUrl!);
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({
      product_code: 'QUICK_WAP_WAY',
      quit_url: 'https://shop.example.com/return',
    });
    expect((await fetch(result.payUrl!)).status).toBe(200);
  });

  test('query follows the trade: not yet scanned → UNPAID, scanned → PAYING, paid → SUCCESS with amount and time', async () => {
    const o = order();
    await channel.initiate(o, ctx());
    expect((await channel.query(o)).status).toBe('UNPAID');
    gateway.scan(o.paymentId);
    expect(await channel.query(o)).toMatchObject({ status: 'PAYING', vendorStatus: 'WAIT_BUYER_PAY', amountMinor: 1999 });
    const trade = gateway.trades.get(o.paymentId)!;
    trade.status = 'TRADE_SUCCESS';
    trade.gmt_payment = '2024-05-01 12:01:02';
    expect(await channel.query(o)).toMatchObject({
      status: 'SUCCESS',
      amountMinor: 1999,
      currency: 'CNY',
      channelTradeNo: trade.trade_no,
      paidAt: '2024-05-01T04:01:02.000Z',
    });
  });

  test('close: unseen trade → closedAtChannel false; waiting trade → closed and then FAILED; paid trade → CHANNEL_REJECTED', async () => {
    const unseen = order();
    await channel.initiate(unseen, ctx());
    expect((await channel.close(unseen)).closedAtChannel).toBe(false);

    const waiting = order();
    await channel.initiate(waiting, ctx());
    gateway.scan(waiting.paymentId);
    expect((await channel.close(waiting)).closedAtChannel).toBe(true);
    expect(await channel.query(waiting)).toMatchObject({ status: 'FAILED', vendorStatus: 'TRADE_CLOSED' });

    const paid = order();
    await channel.initiate(paid, ctx());
    gateway.scan(paid.paymentId).status = 'TRADE_SUCCESS';
    await expect(channel.close(paid)).rejects.toMatchObject({
      code: 'CHANNEL_REJECTED',
      status: 502,
      provider: { code: '40004', subCode: 'ACQ.TRADE_STATUS_ERROR' },
    });
  });

  test('a business refusal carries the provider code and sub_code', async () => {
    const o = order();
    await channel.initiate(o, ctx());
    await expect(channel.initiate({ ...o, amountMinor: 2000 }, ctx())).rejects.toMatchObject({
      code: 'CHANNEL_REJECTED',
      provider: { code: '40004', message: 'Business Failed', subCode: 'ACQ.CONTEXT_INCONSISTENT' },
    });
  });

  test('a request signed with the wrong application key is refused by the gateway', async () => {
    const wrong = makeChannel({ privateKey: ALIPAY.privatePkcs8Pem });
    await expect(wrong.initiate(order(), ctx())).rejects.toMatchObject({
      code: 'CHANNEL_REJECTED',
      provider: { subCode: 'isv.invalid-signature' },
    });
    expect(gateway.calls.at(-1)!.signatureValid).toBe(false);
  });

  test('gateway trouble becomes CHANNEL_UNAVAILABLE: HTTP 500, dropped connection, stalled answer past the time-out', async () => {
    const quick = makeChannel({}, 300);
    for (const fault of ['http500', 'drop', 'stall'] as const) {
      gateway.faults = [fault];
      await expect(quick.initiate(order(), ctx())).rejects.toMatchObject({ code: 'CHANNEL_UNAVAILABLE', status: 503 });
    }
  });

  test('an answer whose signature does not verify, that is unsigned, or not JSON is CHANNEL_BAD_RESPONSE', async () => {
    for (const fault of ['badSign', 'unsigned', 'notJson'] as const) {
      gateway.faults = [fault];
      await expect(channel.initiate(order(), ctx())).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE' });
    }
    const trustsWrongKey = makeChannel({ alipayPublicKey: APP.publicSpkiPem });
    await expect(trustsWrongKey.initiate(order(), ctx())).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE' });
  });

  test('refuses channels and currencies Alipay does not offer', async () => {
    await expect(channel.initiate(order({ paymentChannel: 'NATIVE' }), ctx())).rejects.toMatchObject({
      code: 'UNSUPPORTED_PAYMENT_CHANNEL',
    });
    await expect(channel.initiate(order({ currency: 'USD' }), ctx())).rejects.toMatchObject({ code: 'UNKNOWN_CURRENCY', status: 400 });
  });

  test('end to end: pay at the gateway, the signed notification verifies and is answered exactly "success"', async () => {
    const o = order();
    await channel.initiate(o, ctx());
    const delivery = await gateway.pay(o.paymentId);
    expect(delivery).toMatchObject({ status: 200, body: 'success' });
    const event = receiver.events.at(-1)!;
    expect(event).toMatchObject({
      orderRef: o.paymentId,
      status: 'SUCCESS',
      amountMinor: 1999,
      currency: 'CNY',
      vendorStatus: 'TRADE_SUCCESS',
    });
    expect(event.channelTradeNo).toBe(gateway.trades.get(o.paymentId)!.trade_no);
    expect(event.paidAt).toBe('2024-05-01T04:00:00.000Z');
  });

  test('end to end: a notification with a tampered amount is answered "fail" with 401 and produces no event', async () => {
    const o = order();
    await channel.initiate(o, ctx());
    gateway.scan(o.paymentId).status = 'TRADE_SUCCESS';
    const params = { ...gateway.notifyParams(o.paymentId), total_amount: '0.01' };
    const before = receiver.events.length;
    expect(await gateway.notify(o.paymentId, params)).toMatchObject({ status: 401, body: 'fail' });
    expect(receiver.events.length).toBe(before);
    expect(receiver.errors.at(-1)).toMatchObject({ code: 'BAD_SIGNATURE' });
  });
});
