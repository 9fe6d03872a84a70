/**
 * xunhupay notifications as the adapter sees them (one test per branch of its verification ladder), signed
 * by the fake gateway's own hash code, and the answers xunhupay expects.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { aggregator2Definition, ChannelError, type CallbackRequest, type PaymentChannel } from '../../../../src/payment/channels/index.js';
import { FakeXunhupayGateway, fakeHash } from './fake-xunhupay-gateway.js';

const APP_ID = '201906181261';
const APP_SECRET = 'e3b0c44298fc1c149afbf4c8996fb924';
const ORDER = 'p20261125notify0000000001';
let gateway: FakeXunhupayGateway;
let channel: PaymentChannel;

beforeAll(async () => {
  gateway = await new FakeXunhupayGateway({ appId: APP_ID, appSecret: APP_SECRET }).start();
  channel = aggregator2Definition.create(
    aggregator2Definition.validateOptions({ appId: APP_ID, appSecret: APP_SECRET, gatewayUrl: gateway.url, queryUrl: gateway.queryUrl }),
  );
  await channel.initiate(
    {
      paymentId: ORDER,
      orderId: 'o',
      paymentType: 'AGGREGATOR_2',
      paymentChannel: 'WALLET_B',
      subject: '插件授权',
      amountMinor: 1990,
      currency: 'CNY',
    },
    { callbackUrl: 'http://127.0.0.1:9/unused' },
  );
  const trade = gateway.trades.get(ORDER)!;
  trade.status = 'OD';
  trade.transaction_id = '4200002345202611251234567890';
});
afterAll(() => gateway?.stop());

const post = (params: Record<string, string>): CallbackRequest => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  query: {},
  rawBody: Buffer.from(new URLSearchParams(params).toString()),
});
const signedWith = (params: Record<string, string>) => ({ ...params, hash: fakeHash(params, APP_SECRET) });
const unsigned = (overrides: Record<string, string> = {}) => {
  const { hash: _hash, ...rest } = gateway.notifyParams(ORDER, overrides);
  return rest;
};

describe('verification ladder', () => {
  test('a genuine OD notification is a paid event with the amount in fen and its signed send time', async () => {
    const params = gateway.notifyParams(ORDER);
    const event = await channel.verifyCallback(post(params));
    expect(event).toMatchObject({
      orderRef: ORDER,
      status: 'SUCCESS',
      amountMinor: 1990,
      currency: 'CNY',
      channelTradeNo: gateway.trades.get(ORDER)!.open_order_id,
      vendorStatus: 'OD',
      sentAt: new Date(Number(params.time) * 1000).toISOString(),
    });
  });

  test('a resend with a new time and nonce_str is the same notification (eventId); another status is another', async () => {
    const first = await channel.verifyCallback(post(gateway.notifyParams(ORDER, { nonce_str: 'a1' })));
    const resend = await channel.verifyCallback(
      post(gateway.notifyParams(ORDER, { nonce_str: 'b2', time: String(Math.floor(Date.now() / 1000) + 60) })),
    );
    expect(resend.eventId).toBe(first.eventId);
    const waiting = await channel.verifyCallback(post(signedWith(unsigned({ status: 'WP' }))));
    expect(waiting).toMatchObject({ status: 'PAYING' });
    expect(waiting.eventId).not.toBe(first.eventId);
  });

  test('GET with the parameters in the query is read the same way', async () => {
    const event = await channel.verifyCallback({ method: 'GET', headers: {}, query: gateway.notifyParams(ORDER), rawBody: '' });
    expect(event.status).toBe('SUCCESS');
  });

  const refusals: Array<[string, string, number, () => Record<string, string>]> = [
    ['no hash', 'MISSING_SIGNATURE', 400, () => unsigned()],
    ['a tampered amount', 'BAD_SIGNATURE', 401, () => ({ ...gateway.notifyParams(ORDER), total_fee: '0.01' })],
    ['a tampered status', 'BAD_SIGNATURE', 401, () => ({ ...gateway.notifyParams(ORDER), status: 'WP' })],
    ['an added field', 'BAD_SIGNATURE', 401, () => ({ ...gateway.notifyParams(ORDER), attach: 'x' })],
    ['the wrong appsecret', 'BAD_SIGNATURE', 401, () => gateway.notifyParams(ORDER, {}, 'ffffffffffffffffffffffffffffffff')],
    ['a hash that is not hex', 'BAD_SIGNATURE', 401, () => ({ ...unsigned(), hash: 'not-a-hash' })],
    ['another APPID (signed with our secret)', 'CALLBACK_MISMATCH', 400, () => signedWith(unsigned({ appid: '209999999999' }))],
    ['a malformed total_fee', 'CALLBACK_MISMATCH', 400, () => signedWith(unsigned({ total_fee: '19.999' }))],
    ['no trade_order_id', 'UNSUPPORTED_EVENT', 200, () => signedWith(unsigned({ trade_order_id: '' }))],
  ];
  test.each(refusals)('%s is refused: %s (HTTP %i)', async (_what, code, status, params) => {
    const err = await channel.verifyCallback(post(params())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChannelError);
    expect(err).toMatchObject({ code, status });
    expect(JSON.stringify(err) + (err as Error).message).not.toContain(APP_SECRET);
  });
});

describe('answers', () => {
  test('exactly "success" when acknowledged, "fail" with the error status otherwise', () => {
    expect(channel.answerCallback({ outcome: 'accepted' })).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'success',
    });
    const bad = new ChannelError('BAD_SIGNATURE', 'x');
    expect(channel.answerCallback({ outcome: 'refused', error: bad })).toMatchObject({ status: 401, body: 'fail' });
    expect(channel.answerCallback({ outcome: 'refused', error: new ChannelError('UNSUPPORTED_EVENT', 'x') })).toMatchObject({
      status: 200,
      body: 'success',
    });
    expect(channel.answerCallback({ outcome: 'retry', error: new Error('db') })).toMatchObject({ status: 503, body: 'fail' });
  });
});
