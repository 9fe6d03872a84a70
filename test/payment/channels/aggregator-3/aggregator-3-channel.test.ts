import { systemClock } from '../../../../src/host/sdk/index.js';
import { aggregator3Definition, type Aggregator3Channel } from '../../../../src/payment/channels/aggregator-3/index.js';
import type { ChannelOrder, InitiateContext } from '../../../../src/payment/channels/core/types.js';
import { startCallbackReceiver, type CallbackReceiver } from '../callback-receiver.js';
import { FakeEpayGateway } from '../epay/fake-epay-gateway.js';
import { MERCHANT, PID, PLATFORM } from '../epay/test-keys.js';

let gateway: FakeEpayGateway;
let receiver: CallbackReceiver;
let channel: Aggregator3Channel;
/** Moves the fake site's clock against ours (stale answers and notifications). */
let gatewaySkewMs = 0;
let seq = 0;

function order(overrides: Partial<ChannelOrder> = {}): ChannelOrder {
  seq += 1;
  return {
    paymentId: `p20261125aggthree${String(seq).padStart(3, '0')}`,
    orderId: `ORD-${seq}`,
    paymentType: 'AGGREGATOR_3',
    paymentChannel: 'WALLET_B',
    subject: '插件授权 Pro',
    amountMinor: 12_345,
    currency: 'CNY',
    ...overrides,
  };
}

function makeChannel(options: Record<string, unknown> = {}, timeoutMs = 2000): Aggregator3Channel {
  const validated = aggregator3Definition.validateOptions({
    gateway: gateway.url,
    pid: PID,
    merchantPrivateKey: MERCHANT.privatePkcs8Base64,
    platformPublicKey: PLATFORM.publicSpkiPem,
    ...options,
  });
  return aggregator3Definition.create(validated, { timeoutMs, clock: systemClock }) as Aggregator3Channel;
}

beforeAll(async () => {
  gateway = await new FakeEpayGateway({
    version: 'v2',
    pid: PID,
    merchantPublicKey: MERCHANT.publicKey,
    platformPrivateKey: PLATFORM.privateKey,
    now: () => new Date(Date.now() + gatewaySkewMs),
  }).start();
  channel = makeChannel();
  receiver = await startCallbackReceiver(() => channel);
});

afterAll(async () => {
  await receiver.stop();
  await gateway.stop();
});

afterEach(() => {
  gatewaySkewMs = 0;
  gateway.answerKind = 'qrcode';
});

const ctx = (extra: Partial<InitiateContext> = {}): InitiateContext => ({
  callbackUrl: receiver.url,
  returnUrl: 'https://shop.example.com/return',
  clientIp: '198.51.100.20',
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)',
  ...extra,
});

describe('AGGREGATOR_3 initiation against a local epay V2 site', () => {
  test('api/pay/create is signed with the merchant key and a timestamp; the verified qrcode answer becomes the QR code', async () => {
    const o = order();
    const result = await channel.initiate(o, ctx());
    expect(result).toMatchObject({ status: 'PAYING', qrCode: expect.stringMatching(/^weixin:\/\//) });
    const call = gateway.calls.at(-1)!;
    expect(call).toMatchObject({ path: 'api/pay/create', method: 'POST', signatureValid: true });
    expect(call.params).toMatchObject({
      pid: PID,
      method: 'web',
      device: 'pc',
      type: 'wxpay',
      money: '123.45',
      clientip: '198.51.100.20',
      sign_type: 'RSA',
      timestamp: expect.stringMatching(/^\d{10}$/),
    });
    expect(Math.abs(Number(call.params.timestamp) - Date.now() / 1000)).toBeLessThan(60);
  });

  test('pay_type jump and urlscheme become the payer link; html (a form we cannot show) is CHANNEL_BAD_RESPONSE', async () => {
    gateway.answerKind = 'payurl';
    expect((await channel.initiate(order(), ctx())).payUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\//);
    gateway.answerKind = 'urlscheme';
    expect((await channel.initiate(order(), ctx())).payUrl).toMatch(/^alipays:\/\//);
    gateway.answerKind = 'html';
    await expect(channel.initiate(order(), ctx())).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE' });
  });

  test('a successful answer that is unsigned, mis-signed, signed by another platform key or stale is CHANNEL_BAD_RESPONSE', async () => {
    for (const fault of ['unsigned', 'badSign', 'staleAnswer'] as const) {
      gateway.faults = [fault];
      await expect(channel.initiate(order(), ctx())).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE' });
    }
    const trustsMerchantKey = makeChannel({ platformPublicKey: MERCHANT.publicSpkiPem });
    await expect(trustsMerchantKey.initiate(order(), ctx())).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE' });
  });

  test('requests signed with another key, or whose timestamp the site finds stale, are refused by the site', async () => {
    const wrongKey = makeChannel({ merchantPrivateKey: PLATFORM.privatePkcs8Pem });
    await expect(wrongKey.initiate(order(), ctx())).rejects.toMatchObject({ code: 'CHANNEL_REJECTED', provider: { code: '-1' } });
    gatewaySkewMs = 10 * 60_000;
    await expect(channel.initiate(order(), ctx())).rejects.toMatchObject({ code: 'CHANNEL_REJECTED' });
    expect(gateway.calls.at(-1)!.signatureValid).toBe(false);
  });

  test('redirect mode hands out a signed api/pay/submit link the site accepts', async () => {
    const o = order();
    const result = await makeChannel({ initiation: 'redirect' }).initiate(o, ctx());
    const url = new URL(result.payUrl!);
    expect(url.pathname).toBe('/api/pay/submit');
    expect(url.searchParams.get('sign_type')).toBe('RSA');
    expect((await fetch(result.payUrl!)).status).toBe(200);
    expect(gateway.calls.at(-1)).toMatchObject({ path: 'api/pay/submit', signatureValid: true });
    expect(gateway.trades.has(o.paymentId)).toBe(true);
  });

  test('time-outs and broken answers: CHANNEL_UNAVAILABLE or CHANNEL_BAD_RESPONSE, never a success', async () => {
    const quick = makeChannel({}, 300);
    for (const fault of ['stall', 'drop', 'http500'] as const) {
      gateway.faults = [fault];
      await expect(quick.query(order())).rejects.toMatchObject({ code: 'CHANNEL_UNAVAILABLE' });
    }
    gateway.faults = ['notJson'];
    await expect(channel.initiate(order(), ctx())).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE' });
  });
});

describe('AGGREGATOR_3 query and close', () => {
  test('query (signed POST api/pay/query, verified answer): unknown → UNPAID, open → PAYING, paid → SUCCESS', async () => {
    const o = order();
    expect((await channel.query(o)).status).toBe('UNPAID');
    await channel.initiate(o, ctx());
    expect(await channel.query(o)).toMatchObject({ status: 'PAYING', amountMinor: 12_345 });
    expect(gateway.calls.at(-1)).toMatchObject({ path: 'api/pay/query', signatureValid: true });
    await gateway.pay(o.paymentId);
    expect(await channel.query(o)).toMatchObject({ status: 'SUCCESS', amountMinor: 12_345, vendorStatus: '1' });
    gateway.faults = ['badSign'];
    await expect(channel.query(o)).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE' });
  });

  test('close: unknown → closedAtChannel false; open → closed there, no longer payable; paid → CHANNEL_REJECTED', async () => {
    expect((await channel.close(order())).closedAtChannel).toBe(false);
    const open = order();
    await channel.initiate(open, ctx());
    expect((await channel.close(open)).closedAtChannel).toBe(true);
    expect(gateway.calls.at(-1)).toMatchObject({ path: 'api/pay/close', signatureValid: true });
    await expect(gateway.pay(open.paymentId)).rejects.toThrow(/closed/);
    const paid = order();
    await channel.initiate(paid, ctx());
    await gateway.pay(paid.paymentId);
    await expect(channel.close(paid)).rejects.toMatchObject({ code: 'CHANNEL_REJECTED', provider: { message: '订单已支付，无法关闭' } });
  });
});

describe('AGGREGATOR_3 notifications', () => {
  test('GET and POST notifications verify with the platform key and a fresh timestamp; answered "success"', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const o = order();
      await channel.initiate(o, ctx());
      expect(await gateway.pay(o.paymentId, method)).toMatchObject({ status: 200, body: 'success' });
      const trade = gateway.trades.get(o.paymentId)!;
      const event = receiver.events.at(-1)!;
      expect(event).toMatchObject({
        orderRef: o.paymentId,
        status: 'SUCCESS',
        amountMinor: 12_345,
        eventId: `${o.paymentId}:${trade.trade_no}:TRADE_SUCCESS`,
      });
      expect(Math.abs(Date.parse(event.sentAt!) - Date.now())).toBeLessThan(60_000);
      expect(event.paidAt).toBe(new Date(`${trade.endtime!.replace(' ', 'T')}+08:00`).toISOString());
    }
  });

  test('a stale notification (signed six minutes ago), one from another platform key and a tampered one answer 401 "fail"', async () => {
    const o = order();
    await channel.initiate(o, ctx());
    await gateway.pay(o.paymentId);
    const before = receiver.events.length;
    gatewaySkewMs = -6 * 60_000;
    const stale = gateway.notifyParams(o.paymentId);
    gatewaySkewMs = 0;
    expect(await gateway.notify(o.paymentId, stale)).toMatchObject({ status: 401, body: 'fail' });
    const impostor = new FakeEpayGateway({ version: 'v2', pid: PID, platformPrivateKey: MERCHANT.privateKey });
    const { sign: _s, sign_type: _t, ...fields } = gateway.notifyParams(o.paymentId);
    expect(await gateway.notify(o.paymentId, impostor.sign(fields))).toMatchObject({ status: 401, body: 'fail' });
    expect(await gateway.notify(o.paymentId, { ...gateway.notifyParams(o.paymentId), money: '0.01' })).toMatchObject({ status: 401 });
    expect(receiver.events.length).toBe(before);
    expect(receiver.errors.slice(-3).map((e) => (e as Error).message)).toEqual([
      expect.stringMatching(/timestamp is \d+ s away/),
      expect.stringMatching(/signature does not verify/),
      expect.stringMatching(/signature does not verify/),
    ]);
  });

  test('an MD5-signed notification is refused by the RSA service', async () => {
    const o = order();
    await channel.initiate(o, ctx());
    const md5Site = new FakeEpayGateway({ version: 'v1', pid: PID, key: 'some-merchant-key-123' });
    const params = md5Site.sign({ pid: PID, out_trade_no: o.paymentId, trade_status: 'TRADE_SUCCESS', money: '123.45' });
    expect(await gateway.notify(o.paymentId, params)).toMatchObject({ status: 401, body: 'fail' });
    expect(receiver.errors.at(-1)).toMatchObject({ code: 'BAD_SIGNATURE', message: expect.stringMatching(/sign_type MD5/) });
  });
});
