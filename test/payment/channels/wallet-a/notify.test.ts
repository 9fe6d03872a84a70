import { walletADefinition } from '../../../../src/payment/channels/wallet-a/index.js';
import { mapTradeStatus } from '../../../../src/payment/channels/wallet-a/trade-status.js';
import type { CallbackRequest } from '../../../../src/payment/channels/core/types.js';
import { alipaySignContent, rsaSha256 } from './fake-alipay-gateway.js';
import { ALIPAY, APP, APP_ID } from './test-keys.js';

const channel = walletADefinition.create(
  walletADefinition.validateOptions({
    appId: APP_ID,
    privateKey: APP.privatePkcs8Pem,
    alipayPublicKey: ALIPAY.publicSpkiPem,
    gateway: 'sandbox',
    sellerId: '2088000000000001',
  }),
);

function signed(fields: Record<string, string>, key = ALIPAY.privateKey): Record<string, string> {
  const params = {
    app_id: APP_ID,
    notify_type: 'trade_status_sync',
    notify_id: 'n1',
    out_trade_no: 'P1',
    trade_no: 'T1',
    trade_status: 'TRADE_SUCCESS',
    total_amount: '10.00',
    seller_id: '2088000000000001',
    ...fields,
  };
  return { ...params, sign_type: 'RSA2', sign: rsaSha256(alipaySignContent(params, ['sign', 'sign_type']), key) };
}

function post(params: Record<string, string>): CallbackRequest {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    query: {},
    rawBody: new URLSearchParams(params).toString(),
  };
}

describe('WALLET_A notification verification', () => {
  test('a genuine notification becomes a normalised event with the amount in fen', async () => {
    await expect(channel.verifyCallback(post(signed({})))).resolves.toMatchObject({
      orderRef: 'P1',
      status: 'SUCCESS',
      amountMinor: 1000,
      currency: 'CNY',
      channelTradeNo: 'T1',
      eventId: 'n1',
    });
  });

  test('values are verified as decoded once: "+", "%", "&", "=" and Chinese survive the form encoding', async () => {
    const params = signed({ subject: '插件 100% a+b & c=d', body: 'x%20y' });
    await expect(channel.verifyCallback(post(params))).resolves.toMatchObject({ orderRef: 'P1' });
  });

  test('empty values are left out of the signed content', async () => {
    const params = { ...signed({}), passback_params: '' };
    await expect(channel.verifyCallback(post(params))).resolves.toMatchObject({ orderRef: 'P1' });
  });

  test('no sign → MISSING_SIGNATURE (400)', async () => {
    const { sign: _sign, ...unsigned } = signed({});
    await expect(channel.verifyCallback(post(unsigned))).rejects.toMatchObject({ code: 'MISSING_SIGNATURE', status: 400 });
  });

  test('tampered field, extra field, wrong key, garbage signature, RSA (SHA1) sign_type → BAD_SIGNATURE (401)', async () => {
    const good = signed({});
    const bad = [
      { ...good, total_amount: '10.01' },
      { ...good, extra_field: 'x' },
      signed({}, APP.privateKey),
      { ...good, sign: 'not-base64!' },
      { ...good, sign_type: 'RSA' },
    ];
    for (const params of bad)
      await expect(channel.verifyCallback(post(params))).rejects.toMatchObject({ code: 'BAD_SIGNATURE', status: 401 });
  });

  test('verified but for another app or seller, or with a malformed amount → CALLBACK_MISMATCH', async () => {
    await expect(channel.verifyCallback(post(signed({ app_id: '2021000000000009' })))).rejects.toMatchObject({
      code: 'CALLBACK_MISMATCH',
      details: [expect.objectContaining({ field: 'app_id' })],
    });
    await expect(channel.verifyCallback(post(signed({ seller_id: '2088999999999999' })))).rejects.toMatchObject({
      code: 'CALLBACK_MISMATCH',
      details: [expect.objectContaining({ field: 'seller_id' })],
    });
    await expect(channel.verifyCallback(post(signed({ total_amount: '10.001' })))).rejects.toMatchObject({
      code: 'CALLBACK_MISMATCH',
      details: [expect.objectContaining({ field: 'total_amount' })],
    });
  });

  test('a verified notify_type other than trade_status_sync is UNSUPPORTED_EVENT and answered "success"', async () => {
    const err = await channel.verifyCallback(post(signed({ notify_type: 'fund_change_sync' }))).catch((e) => e);
    expect(err).toMatchObject({ code: 'UNSUPPORTED_EVENT', status: 200 });
    expect(channel.answerCallback({ outcome: 'refused', error: err })).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'success',
    });
  });

  test('answers: accepted → 200 "success"; refused → the error status with "fail"; retry → 503 "fail"', async () => {
    expect(channel.answerCallback({ outcome: 'accepted' }).body).toBe('success');
    const bad = await channel.verifyCallback(post({ ...signed({}), total_amount: '1.00' })).catch((e) => e);
    expect(channel.answerCallback({ outcome: 'refused', error: bad })).toMatchObject({ status: 401, body: 'fail' });
    expect(channel.answerCallback({ outcome: 'refused' })).toMatchObject({ status: 400, body: 'fail' });
    expect(channel.answerCallback({ outcome: 'retry', error: new Error('db down') })).toMatchObject({ status: 503, body: 'fail' });
  });

  test('matchesCallback recognises a POSTed Alipay form for our app only', () => {
    expect(channel.matchesCallback!(post(signed({})))).toBe(true);
    expect(channel.matchesCallback!(post(signed({ app_id: '2021000000000009' })))).toBe(false);
    expect(channel.matchesCallback!({ ...post(signed({})), method: 'GET' })).toBe(false);
    expect(
      channel.matchesCallback!({ method: 'POST', headers: { 'stripe-signature': 't=1,v1=a' }, query: {}, rawBody: '{"id":"evt"}' }),
    ).toBe(false);
  });
});

describe('Alipay trade_status mapping (the one switch)', () => {
  test.each([
    ['TRADE_SUCCESS', 'SUCCESS'],
    ['TRADE_FINISHED', 'SUCCESS'],
    ['WAIT_BUYER_PAY', 'PAYING'],
    ['TRADE_CLOSED', 'FAILED'],
    ['SOMETHING_NEW', 'UNKNOWN'],
    [undefined, 'UNKNOWN'],
  ])('%s → %s', (vendor, ours) => {
    expect(mapTradeStatus(vendor)).toBe(ours);
  });

  test('a verified TRADE_CLOSED notification is a FAILED event', async () => {
    await expect(channel.verifyCallback(post(signed({ trade_status: 'TRADE_CLOSED' })))).resolves.toMatchObject({
      status: 'FAILED',
      vendorStatus: 'TRADE_CLOSED',
    });
  });
});
