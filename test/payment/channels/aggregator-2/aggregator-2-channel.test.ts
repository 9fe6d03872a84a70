/**
 * The AGGREGATOR_2 adapter against the fake xunhupay gateway: what initiation sends (checked by the
 * gateway's own hash), how answers are judged (errcode, hash, broken or missing answers), query on its own
 * host, the local close, and options validation.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { aggregator2Definition, type PaymentChannel, type ChannelOrder } from '../../../../src/payment/channels/index.js';
import { XUNHUPAY_GATEWAY_URL, XUNHUPAY_QUERY_URL } from '../../../../src/payment/channels/aggregator-2/index.js';
import { FakeXunhupayGateway, fakeHash } from './fake-xunhupay-gateway.js';

const APP_ID = '201906181261';
const APP_SECRET = 'e3b0c44298fc1c149afbf4c8996fb924';
let gateway: FakeXunhupayGateway;

beforeAll(async () => {
  gateway = await new FakeXunhupayGateway({ appId: APP_ID, appSecret: APP_SECRET }).start();
});
afterAll(() => gateway?.stop());
beforeEach(() => {
  gateway.faults = [];
});

function channel(overrides: Record<string, unknown> = {}, deps: Record<string, unknown> = {}): PaymentChannel {
  const options = aggregator2Definition.validateOptions({
    appId: APP_ID,
    appSecret: APP_SECRET,
    gatewayUrl: gateway.url,
    queryUrl: gateway.queryUrl,
    ...overrides,
  });
  return aggregator2Definition.create(options, { timeoutMs: 1_000, ...deps });
}

let seq = 0;
function order(paymentChannel = 'WALLET_A', extra: Partial<ChannelOrder> = {}): ChannelOrder {
  seq += 1;
  return {
    paymentId: `p20261125xunhu${String(seq).padStart(6, '0')}`,
    orderId: `o-${seq}`,
    paymentType: 'AGGREGATOR_2',
    paymentChannel,
    subject: '插件授权 Pro Gallery',
    amountMinor: 10,
    currency: 'CNY',
    ...extra,
  };
}
const ctx = { callbackUrl: 'https://pay.example.com/cb/AGGREGATOR_2', baseUrl: 'https://pay.example.com' };

describe('options', () => {
  test('every bad field is named, the secret is never echoed, and the URLs default to the published ones', () => {
    const secret = 'short secret!';
    let thrown: unknown;
    try {
      aggregator2Definition.validateOptions({ appId: 'app id?', appSecret: secret, gatewayUrl: 'ftp://x', queryUrl: 'not a url' });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toMatchObject({ code: 'CHANNEL_MISCONFIGURED', status: 400 });
    const details = (thrown as { details: Array<{ field: string; reason: string }> }).details;
    expect(details.map((d) => [d.field, d.reason])).toEqual([
      ['appId', 'FORMAT'],
      ['appSecret', 'FORMAT'],
      ['gatewayUrl', 'FORMAT'],
      ['queryUrl', 'FORMAT'],
    ]);
    expect(JSON.stringify(thrown) + String((thrown as Error).message)).not.toContain(secret);
    expect(() => aggregator2Definition.validateOptions({})).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/appId, appSecret/) }),
    );
    expect(aggregator2Definition.validateOptions({ appId: APP_ID, appSecret: APP_SECRET })).toMatchObject({
      gatewayUrl: XUNHUPAY_GATEWAY_URL,
      queryUrl: XUNHUPAY_QUERY_URL,
    });
    expect(aggregator2Definition.secretFields).toEqual(['appSecret']);
  });
});

describe('initiation (payment/do.html)', () => {
  test.each([
    ['WALLET_A', 'alipay'],
    ['WALLET_B', 'wechat'],
  ])(
    '%s sends payment=%s with every field the protocol wants, signed; the cashier url is the QR code and the link',
    async (name, payment) => {
      const o = order(name, { subject: '一'.repeat(40) });
      const result = await channel().initiate(o, { ...ctx, returnUrl: 'https://shop.example.com/done' });
      const call = gateway.calls.at(-1)!;
      expect(call).toMatchObject({ path: '/payment/do.html', hashValid: true });
      expect(call.params).toMatchObject({
        version: '1.1',
        appid: APP_ID,
        trade_order_id: o.paymentId,
        payment,
        total_fee: '0.10',
        title: '一'.repeat(32),
        notify_url: ctx.callbackUrl,
        return_url: 'https://shop.example.com/done',
      });
      expect(call.params.time).toMatch(/^\d{10}$/);
      expect(call.params.nonce_str).toMatch(/^[0-9a-f]{16}$/);
      const trade = gateway.trades.get(o.paymentId)!;
      expect(result).toMatchObject({ status: 'PAYING', channelTradeNo: trade.open_order_id });
      expect(result.payUrl).toMatch(new RegExp(`/${payment}/pay/index.html\\?id=${trade.open_order_id}$`));
      expect(result.qrCode).toBe(result.payUrl);
    },
  );

  test('the request is reproducible: a fixed clock and nonce give the hash the independent implementation computes', async () => {
    const o = order('WALLET_A');
    const at = Date.now();
    await channel({}, { clock: { now: () => at }, nonce: () => 'k8Jd2LmQ0pX' }).initiate(o, ctx);
    const sent = gateway.calls.at(-1)!.params;
    expect(sent).toMatchObject({ time: String(Math.floor(at / 1000)), nonce_str: 'k8Jd2LmQ0pX' });
    expect(sent.hash).toBe(fakeHash(sent, APP_SECRET));
    expect(sent.return_url).toBe(`https://pay.example.com/payment/${o.paymentId}`);
  });

  test('another currency or channel is refused before anything is sent', async () => {
    const before = gateway.calls.length;
    await expect(channel().initiate(order('WALLET_A', { currency: 'USD' }), ctx)).rejects.toMatchObject({ code: 'UNKNOWN_CURRENCY' });
    await expect(channel().initiate(order('NATIVE'), ctx)).rejects.toMatchObject({ code: 'UNSUPPORTED_PAYMENT_CHANNEL' });
    expect(gateway.calls.length).toBe(before);
  });

  test.each([
    ['refuse', 'CHANNEL_REJECTED'],
    ['badHash', 'CHANNEL_BAD_RESPONSE'],
    ['notJson', 'CHANNEL_BAD_RESPONSE'],
    ['http500', 'CHANNEL_UNAVAILABLE'],
    ['drop', 'CHANNEL_UNAVAILABLE'],
    ['stall', 'CHANNEL_UNAVAILABLE'],
  ] as const)('a gateway fault "%s" is %s', async (fault, code) => {
    gateway.faults = [fault];
    await expect(channel().initiate(order(), ctx)).rejects.toMatchObject({ code });
  });

  test("a wrong appsecret is xunhupay's refusal (errcode 40029), named with its code and message", async () => {
    const err = await channel({ appSecret: 'ffffffffffffffffffffffffffffffff' })
      .initiate(order(), ctx)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'CHANNEL_REJECTED', provider: { code: '40029', message: 'invalid sign!' } });
    expect(JSON.stringify(err)).not.toContain('ffffffffffffffffffffffffffffffff');
  });
});

describe('query (payment/query.html, on its own host) and close', () => {
  test('asks the query host by our order number and maps WP, OD and CD', async () => {
    const c = channel();
    const o = order('WALLET_B');
    await c.initiate(o, ctx);
    expect(await c.query(o)).toMatchObject({ status: 'PAYING', vendorStatus: 'WP', currency: 'CNY', amountMinor: 10 });
    const call = gateway.calls.at(-1)!;
    expect(call).toMatchObject({
      path: '/v2/payment/query.html',
      hashValid: true,
      params: { out_trade_order: o.paymentId, appid: APP_ID },
    });
    gateway.trades.get(o.paymentId)!.status = 'OD';
    expect(await c.query(o)).toMatchObject({
      status: 'SUCCESS',
      amountMinor: 10,
      channelTradeNo: gateway.trades.get(o.paymentId)!.open_order_id,
    });
    gateway.trades.get(o.paymentId)!.status = 'CD';
    expect(await c.query(o)).toMatchObject({ status: 'FAILED', vendorStatus: 'CD' });
  });

  test('an unknown order is refused by xunhupay; an answer without data or a stalled one is not a status', async () => {
    const c = channel();
    await expect(c.query(order())).rejects.toMatchObject({ code: 'CHANNEL_REJECTED', provider: { code: '40040' } });
    const o = order();
    await c.initiate(o, ctx);
    gateway.faults = ['noData'];
    await expect(c.query(o)).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE' });
    gateway.faults = ['stall'];
    await expect(c.query(o)).rejects.toMatchObject({ code: 'CHANNEL_UNAVAILABLE' });
  });

  test('close is local (xunhupay has no close call) after a query; a paid trade is refused so the caller takes the query', async () => {
    const c = channel();
    const unpaid = order();
    await c.initiate(unpaid, ctx);
    expect(await c.close(unpaid)).toMatchObject({ closedAtChannel: false });
    expect(gateway.trades.get(unpaid.paymentId)!.status).toBe('WP');
    expect(await c.close(order())).toMatchObject({ closedAtChannel: false });
    const paid = order();
    await c.initiate(paid, ctx);
    gateway.trades.get(paid.paymentId)!.status = 'OD';
    await expect(c.close(paid)).rejects.toMatchObject({ code: 'CHANNEL_REJECTED' });
    gateway.faults = ['http500'];
    await expect(c.close(unpaid)).rejects.toMatchObject({ code: 'CHANNEL_UNAVAILABLE' });
  });
});
