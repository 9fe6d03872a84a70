import { aggregator1Definition, type Aggregator1Channel } from '../../../../src/payment/channels/aggregator-1/index.js';
import type { ChannelOrder, InitiateContext } from '../../../../src/payment/channels/core/types.js';
import { startCallbackReceiver, type CallbackReceiver } from '../callback-receiver.js';
import { FakeEpayGateway } from '../epay/fake-epay-gateway.js';
import { PID, V1_KEY } from '../epay/test-keys.js';

let gateway: FakeEpayGateway;
let receiver: CallbackReceiver;
let channel: Aggregator1Channel;
let seq = 0;

function order(overrides: Partial<ChannelOrder> = {}): ChannelOrder {
  seq += 1;
  return {
    paymentId: `p20261125aggone${String(seq).padStart(5, '0')}`,
    orderId: `ORD-${seq}`,
    paymentType: 'AGGREGATOR_1',
    paymentChannel: 'WALLET_A',
    subject: 'Plugin licence & support = 1 年',
    amountMinor: 1999,
    currency: 'CNY',
    ...overrides,
  };
}

function makeChannel(options: Record<string, unknown> = {}, timeoutMs = 2000): Aggregator1Channel {
  const validated = aggregator1Definition.validateOptions({ gateway: gateway.url, pid: PID, key: V1_KEY, ...options });
  return aggregator1Definition.create(validated, { timeoutMs }) as Aggregator1Channel;
}

beforeAll(async () => {
  gateway = await new FakeEpayGateway({ version: 'v1', pid: PID, key: V1_KEY }).start();
  channel = makeChannel();
  receiver = await startCallbackReceiver(() => channel);
});

afterAll(async () => {
  await receiver.stop();
  await gateway.stop();
});

const ctx = (extra: Partial<InitiateContext> = {}): InitiateContext => ({
  callbackUrl: receiver.url,
  returnUrl: 'https://shop.example.com/return',
  clientIp: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
  ...extra,
});

describe('AGGREGATOR_1 initiation against a local epay V1 site', () => {
  test('server initiation posts a signed mapi.php request and shows the QR code it answers', async () => {
    gateway.answerKind = 'qrcode';
    const o = order();
    const result = await channel.initiate(o, ctx());
    expect(result).toMatchObject({ status: 'PAYING', qrCode: expect.stringMatching(/^weixin:\/\//) });
    const call = gateway.calls.at(-1)!;
    expect(call).toMatchObject({ path: 'mapi.php', method: 'POST', signatureValid: true });
    expect(call.params).toMatchObject({
      pid: PID,
      type: 'alipay',
      out_trade_no: o.paymentId,
      money: '19.99',
      name: o.subject,
      clientip: '203.0.113.7',
      device: 'pc',
      notify_url: receiver.url,
      return_url: 'https://shop.example.com/return',
      sign_type: 'MD5',
    });
    expect(result.channelTradeNo).toBe(gateway.trades.get(o.paymentId)!.trade_no);
  });

  test('WALLET_B sends type wxpay; payurl and urlscheme answers become the payer link; the device follows the User-Agent', async () => {
    gateway.answerKind = 'payurl';
    const first = await channel.initiate(order({ paymentChannel: 'WALLET_B' }), ctx({ userAgent: 'Mozilla/5.0 (iPhone) Mobile Safari' }));
    expect(first.payUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\//);
    expect(gateway.calls.at(-1)!.params).toMatchObject({ type: 'wxpay', device: 'mobile' });
    gateway.answerKind = 'urlscheme';
    const second = await channel.initiate(order({ paymentChannel: 'WALLET_B' }), ctx({ userAgent: 'Mozilla/5.0 MicroMessenger/8.0' }));
    expect(second.payUrl).toMatch(/^alipays:\/\//);
    expect(second.qrCode).toBeUndefined();
    expect(gateway.calls.at(-1)!.params.device).toBe('wechat');
    gateway.answerKind = 'qrcode';
  });

  test('an IPv4 payer seen through an IPv6 socket is sent as plain IPv4; a real IPv6 address as it is', async () => {
    await channel.initiate(order(), ctx({ clientIp: '::ffff:198.51.100.9' }));
    expect(gateway.calls.at(-1)!.params.clientip).toBe('198.51.100.9');
    await channel.initiate(order(), ctx({ clientIp: '2001:db8::7' }));
    expect(gateway.calls.at(-1)!.params.clientip).toBe('2001:db8::7');
  });

  test('an answer with no QR code or link, or with two of them, is CHANNEL_BAD_RESPONSE', async () => {
    for (const fault of ['noPayment', 'twoPayments'] as const) {
      gateway.faults = [fault];
      await expect(channel.initiate(order(), ctx())).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE' });
    }
  });

  test('redirect mode (and server mode without the payer IP) hands out a signed submit.php link the site accepts', async () => {
    const redirecting = makeChannel({ initiation: 'redirect' });
    for (const [adapter, context] of [
      [redirecting, ctx()],
      [channel, ctx({ clientIp: undefined })],
    ] as const) {
      const o = order();
      const result = await adapter.initiate(o, context);
      const url = new URL(result.payUrl!);
      expect(url.origin + url.pathname).toBe(`${gateway.url}submit.php`);
      expect(url.searchParams.get('out_trade_no')).toBe(o.paymentId);
      expect(url.searchParams.has('clientip')).toBe(false);
      const page = await fetch(result.payUrl!);
      expect(page.status).toBe(200);
      expect(gateway.calls.at(-1)).toMatchObject({ path: 'submit.php', signatureValid: true });
      expect(gateway.trades.get(o.paymentId)?.via).toBe('submit.php');
    }
  });

  test('the name is cut to 64 characters; without a return URL the payer comes back to our payment page', async () => {
    const o = order({ subject: '长'.repeat(80) });
    await channel.initiate(o, ctx({ returnUrl: undefined, baseUrl: 'https://pay.example.com' }));
    expect(gateway.calls.at(-1)!.params).toMatchObject({
      name: '长'.repeat(64),
      return_url: `https://pay.example.com/payment/${o.paymentId}`,
    });
  });

  test('a request signed with the wrong key is refused by the site: CHANNEL_REJECTED with its code and msg', async () => {
    const wrong = makeChannel({ key: 'not-the-merchant-key-0000' });
    await expect(wrong.initiate(order(), ctx())).rejects.toMatchObject({
      code: 'CHANNEL_REJECTED',
      status: 502,
      provider: { code: '-1', message: '签名校验失败' },
    });
    expect(gateway.calls.at(-1)!.signatureValid).toBe(false);
  });

  test('HTTP 500, a dropped connection or a stall past the time-out: CHANNEL_UNAVAILABLE; HTML: CHANNEL_BAD_RESPONSE', async () => {
    const quick = makeChannel({}, 300);
    for (const fault of ['http500', 'drop', 'stall'] as const) {
      gateway.faults = [fault];
      await expect(quick.initiate(order(), ctx())).rejects.toMatchObject({ code: 'CHANNEL_UNAVAILABLE', status: 503 });
    }
    gateway.faults = ['notJson'];
    await expect(channel.query(order())).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE' });
  });

  test('refuses channels and currencies epay does not offer', async () => {
    await expect(channel.initiate(order({ paymentChannel: 'NATIVE' }), ctx())).rejects.toMatchObject({
      code: 'UNSUPPORTED_PAYMENT_CHANNEL',
    });
    await expect(channel.initiate(order({ currency: 'USD' }), ctx())).rejects.toMatchObject({ code: 'UNKNOWN_CURRENCY' });
  });
});

describe('AGGREGATOR_1 query and close', () => {
  test('query by out_trade_no with the key: unknown → UNPAID, created → PAYING, paid → SUCCESS with amount and time', async () => {
    const o = order();
    expect(await channel.query(o)).toMatchObject({ status: 'UNPAID', vendorStatus: 'NOT_FOUND' });
    await channel.initiate(o, ctx());
    expect(await channel.query(o)).toMatchObject({ status: 'PAYING', vendorStatus: '0', amountMinor: 1999 });
    const call = gateway.calls.at(-1)!;
    expect(call).toMatchObject({ path: 'api.php', method: 'GET', signatureValid: true });
    expect(call.params).toMatchObject({ act: 'order', pid: PID, out_trade_no: o.paymentId });
    await gateway.pay(o.paymentId);
    const trade = gateway.trades.get(o.paymentId)!;
    const paid = await channel.query(o);
    expect(paid).toMatchObject({
      status: 'SUCCESS',
      amountMinor: 1999,
      currency: 'CNY',
      channelTradeNo: trade.trade_no,
      vendorStatus: '1',
    });
    expect(paid.paidAt).toBe(new Date(`${trade.endtime!.replace(' ', 'T')}+08:00`).toISOString());
  });

  test('a query with the wrong key is CHANNEL_REJECTED, and its error names no URL or key', async () => {
    const wrong = makeChannel({ key: 'not-the-merchant-key-0000' });
    const err = await wrong.query(order()).catch((e: Error) => e);
    expect(err).toMatchObject({ code: 'CHANNEL_REJECTED' });
    expect(JSON.stringify({ message: (err as Error).message, details: (err as { details?: unknown }).details })).not.toMatch(
      /api\.php\?|not-the-merchant-key/,
    );
  });

  test('close: V1 has none — an unpaid trade is closed here only (closedAtChannel false), a paid one is CHANNEL_REJECTED', async () => {
    const unseen = order();
    expect((await channel.close(unseen)).closedAtChannel).toBe(false);
    const waiting = order();
    await channel.initiate(waiting, ctx());
    expect(await channel.close(waiting)).toMatchObject({ closedAtChannel: false, raw: { closedAt: 'local' } });
    const paid = order();
    await channel.initiate(paid, ctx());
    await gateway.pay(paid.paymentId);
    await expect(channel.close(paid)).rejects.toMatchObject({ code: 'CHANNEL_REJECTED' });
  });
});

describe('AGGREGATOR_1 notifications', () => {
  test('a payment notified by GET and by POST verifies over all parameters and is answered exactly "success"', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const o = order();
      await channel.initiate(o, ctx());
      const delivery = await gateway.pay(o.paymentId, method);
      expect(delivery).toMatchObject({ status: 200, body: 'success' });
      const trade = gateway.trades.get(o.paymentId)!;
      expect(receiver.events.at(-1)).toMatchObject({
        orderRef: o.paymentId,
        status: 'SUCCESS',
        amountMinor: 1999,
        currency: 'CNY',
        channelTradeNo: trade.trade_no,
        eventId: `${o.paymentId}:${trade.trade_no}:TRADE_SUCCESS`,
        vendorStatus: 'TRADE_SUCCESS',
      });
      expect(receiver.events.at(-1)!.sentAt).toBeUndefined();
    }
  });

  test('refused with "fail": tampered amount (401), missing signature (400), another key (401), another merchant id (400)', async () => {
    const o = order();
    await channel.initiate(o, ctx());
    await gateway.pay(o.paymentId);
    const before = receiver.events.length;
    const signed = gateway.notifyParams(o.paymentId);
    expect(await gateway.notify(o.paymentId, { ...signed, money: '0.01' })).toMatchObject({ status: 401, body: 'fail' });
    const { sign: _sign, ...unsigned } = signed;
    expect(await gateway.notify(o.paymentId, unsigned)).toMatchObject({ status: 400, body: 'fail' });
    const stranger = new FakeEpayGateway({ version: 'v1', pid: PID, key: 'some-other-merchant-key' });
    expect(await gateway.notify(o.paymentId, stranger.sign(unsigned))).toMatchObject({ status: 401, body: 'fail' });
    expect(await gateway.notify(o.paymentId, gateway.notifyParams(o.paymentId, { pid: '2002' }))).toMatchObject({
      status: 400,
      body: 'fail',
    });
    expect(receiver.events.length).toBe(before);
    expect(receiver.errors.slice(-4).map((e) => (e as { code: string }).code)).toEqual([
      'BAD_SIGNATURE',
      'MISSING_SIGNATURE',
      'BAD_SIGNATURE',
      'CALLBACK_MISMATCH',
    ]);
  });

  test('a verified notification of another trade_status is acknowledged and ignored (UNSUPPORTED_EVENT)', async () => {
    const o = order();
    await channel.initiate(o, ctx());
    const before = receiver.events.length;
    const answer = await gateway.notify(o.paymentId, gateway.notifyParams(o.paymentId, { trade_status: 'TRADE_CLOSED' }));
    expect(answer).toMatchObject({ status: 200, body: 'success' });
    expect(receiver.events.length).toBe(before);
    expect(receiver.errors.at(-1)).toMatchObject({ code: 'UNSUPPORTED_EVENT' });
  });

  test('notifyMethod GET refuses a POSTed notification; POST refuses a GET one', async () => {
    const o = order();
    await channel.initiate(o, ctx());
    await gateway.pay(o.paymentId);
    const params = gateway.notifyParams(o.paymentId);
    const asPost = { method: 'POST', headers: {}, query: {}, rawBody: new URLSearchParams(params).toString() };
    const asGet = { method: 'GET', headers: {}, query: params, rawBody: '' };
    await expect(makeChannel({ notifyMethod: 'GET' }).verifyCallback(asPost)).rejects.toMatchObject({ code: 'MISSING_SIGNATURE' });
    await expect(makeChannel({ notifyMethod: 'POST' }).verifyCallback(asGet)).rejects.toMatchObject({ code: 'MISSING_SIGNATURE' });
    await expect(makeChannel({ notifyMethod: 'GET' }).verifyCallback(asGet)).resolves.toMatchObject({ status: 'SUCCESS' });
  });
});

describe('AGGREGATOR_1 against a site that signs URL-encoded values', () => {
  let encoding: FakeEpayGateway;
  beforeAll(async () => {
    encoding = await new FakeEpayGateway({ version: 'v1', pid: PID, key: V1_KEY, encodeValues: true }).start();
  });
  afterAll(() => encoding.stop());

  test('with signEncoding urlencoded the requests and notifications verify; with raw values they do not', async () => {
    const encoded = aggregator1Definition.create(
      aggregator1Definition.validateOptions({ gateway: encoding.url, pid: PID, key: V1_KEY, signEncoding: 'urlencoded' }),
    );
    const raw = aggregator1Definition.create(aggregator1Definition.validateOptions({ gateway: encoding.url, pid: PID, key: V1_KEY }));
    const o = order({ subject: 'VIP会员 年付 (1 year) *special*' });
    await encoded.initiate(o, ctx());
    expect(encoding.calls.at(-1)!.signatureValid).toBe(true);
    await expect(raw.initiate(order({ subject: o.subject }), ctx())).rejects.toMatchObject({ code: 'CHANNEL_REJECTED' });
    encoding.trades.get(o.paymentId)!.status = 1;
    const notification = { method: 'GET', headers: {}, query: encoding.notifyParams(o.paymentId), rawBody: '' };
    await expect(encoded.verifyCallback(notification)).resolves.toMatchObject({ status: 'SUCCESS', amountMinor: 1999 });
    await expect(raw.verifyCallback(notification)).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
  });
});
