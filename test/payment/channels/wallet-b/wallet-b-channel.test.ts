/**
 * WALLET_B against the fake WeChat Pay gateway: initiation per channel (signed requests, amounts in fen,
 * the channel-specific fields), query, close, and what a misbehaving gateway makes of each.
 */
import { createVerify } from 'node:crypto';
import { walletBDefinition, type WalletBChannel } from '../../../../src/payment/channels/wallet-b/index.js';
import type { ChannelOrder, InitiateContext } from '../../../../src/payment/channels/core/types.js';
import { FakeWechatPayGateway, parseAuthorization } from './fake-wechat-gateway.js';
import { API_V3_KEY, APP_ID, MCH_ID, MERCHANT, MERCHANT_SERIAL, PLATFORM_CERT, PLATFORM_PUBKEY, walletBOptions } from './test-keys.js';

let gateway: FakeWechatPayGateway;
let channel: WalletBChannel;
let seq = 0;

const ctx: InitiateContext = {
  callbackUrl: 'https://pay.example.com/apis/api.payment.authpay.dev/v1alpha1/asyncCallback/WALLET_B',
  baseUrl: 'https://pay.example.com',
  clientIp: '::ffff:203.0.113.7',
  payerOpenId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
};

function order(paymentChannel = 'NATIVE', amountMinor = 1999): ChannelOrder {
  seq += 1;
  return {
    paymentId: `p20260101wb${String(seq).padStart(4, '0')}${Date.now() % 100000}`,
    orderId: `o${seq}`,
    paymentType: 'WALLET_B',
    paymentChannel,
    subject: '专业版授权 / Pro licence',
    amountMinor,
    currency: 'CNY',
    expiresAt: '2026-01-01T04:30:00.000Z',
  };
}

const make = (platforms = { cert: PLATFORM_CERT }, timeoutMs?: number) =>
  walletBDefinition.create(walletBDefinition.validateOptions(walletBOptions(gateway.url, platforms)), { timeoutMs }) as WalletBChannel;

beforeAll(async () => {
  gateway = await new FakeWechatPayGateway({
    appId: APP_ID,
    mchId: MCH_ID,
    apiV3Key: API_V3_KEY,
    merchantSerial: MERCHANT_SERIAL,
    merchantPublicKey: MERCHANT.publicKey,
    signer: PLATFORM_CERT,
  }).start();
  channel = make();
});
afterAll(() => gateway.stop());
afterEach(() => {
  gateway.faults = [];
  gateway.options.signer = PLATFORM_CERT;
});

describe('initiation', () => {
  test('NATIVE: a signed prepay with the amount in fen and time_expire in +08:00 answers code_url as the QR code', async () => {
    const o = order('NATIVE', 1999);
    const result = await channel.initiate(o, ctx);
    expect(result).toMatchObject({ status: 'PAYING', qrCode: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/) });
    const request = gateway.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v3/pay/transactions/native', signatureValid: true });
    expect(JSON.parse(request.body)).toEqual({
      appid: APP_ID,
      mchid: MCH_ID,
      description: o.subject,
      out_trade_no: o.paymentId,
      notify_url: ctx.callbackUrl,
      amount: { total: 1999, currency: 'CNY' },
      time_expire: '2026-01-01T12:30:00+08:00',
    });
    expect(parseAuthorization(request.authorization)).toMatchObject({ mchid: MCH_ID, serial_no: MERCHANT_SERIAL });
  });

  test('H5: scene_info carries the payer IP (IPv4-mapped written as IPv4) and h5_info.type; h5_url is the redirect', async () => {
    const result = await channel.initiate(order('H5'), ctx);
    expect(result).toMatchObject({ status: 'PAYING', payUrl: expect.stringMatching(/^https:\/\/wx\.tenpay\.com\//) });
    expect(JSON.parse(gateway.requests.at(-1)!.body).scene_info).toEqual({ payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } });
  });

  test('JSAPI: prepay_id with the payer openid, and front-end parameters signed with the merchant key', async () => {
    const o = order('JSAPI');
    const result = await channel.initiate(o, ctx);
    expect(JSON.parse(gateway.requests.at(-1)!.body).payer).toEqual({ openid: ctx.payerOpenId });
    const prepayId = gateway.trades.get(o.paymentId)!.prepay_id!;
    const params = result.invokeParams!;
    expect(params).toMatchObject({ appId: APP_ID, package: `prepay_id=${prepayId}`, signType: 'RSA' });
    expect(params.nonceStr).toMatch(/^[0-9A-Za-z]{32}$/);
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(createVerify('RSA-SHA256').update(message).verify(MERCHANT.publicKey, params.paySign, 'base64')).toBe(true);
    expect(result.payUrl).toBe(`https://pay.example.com/payment/${o.paymentId}`);
  });

  test('H5 without a usable payer IP and JSAPI without an openid are refused before anything is sent', async () => {
    const before = gateway.requests.length;
    for (const [paymentChannel, payer] of [
      ['H5', { clientIp: undefined }],
      ['H5', { clientIp: 'not-an-ip' }],
      ['JSAPI', { payerOpenId: undefined }],
      ['JSAPI', { payerOpenId: 'o p e n' }],
    ] as const) {
      expect(() => channel.assertPayerFacts(paymentChannel, payer)).toThrow(
        expect.objectContaining({ code: 'PAYER_DETAILS_REQUIRED', status: 400 }),
      );
      await expect(channel.initiate(order(paymentChannel), { ...ctx, ...payer })).rejects.toMatchObject({ code: 'PAYER_DETAILS_REQUIRED' });
    }
    expect(() => channel.assertPayerFacts('NATIVE', {})).not.toThrow();
    expect(gateway.requests.length).toBe(before);
  });

  test('other currencies and channels are refused; a gateway refusal carries its code', async () => {
    await expect(channel.initiate({ ...order(), currency: 'USD' }, ctx)).rejects.toMatchObject({ code: 'UNKNOWN_CURRENCY' });
    await expect(channel.initiate(order('MWEB'), ctx)).rejects.toMatchObject({ code: 'UNSUPPORTED_PAYMENT_CHANNEL' });
    const paid = order();
    await channel.initiate(paid, ctx);
    gateway.settle(paid.paymentId);
    await expect(channel.initiate(paid, ctx)).rejects.toMatchObject({ code: 'CHANNEL_REJECTED', provider: { code: 'ORDERPAID' } });
  });

  test('a merchant key the gateway does not know is a SIGN_ERROR refusal (401 answer)', async () => {
    const wrongKey = walletBDefinition.create(
      walletBDefinition.validateOptions({ ...walletBOptions(gateway.url), privateKey: PLATFORM_PUBKEY.pair.privatePkcs8Pem }),
    );
    await expect(wrongKey.initiate(order(), ctx)).rejects.toMatchObject({ code: 'CHANNEL_REJECTED', provider: { code: 'SIGN_ERROR' } });
    expect(gateway.requests.at(-1)!.signatureValid).toBe(false);
  });
});

describe('query and close', () => {
  test('query: no trade → UNPAID; NOTPAY → PAYING; SUCCESS → amount in fen, transaction id and paid time', async () => {
    const o = order('NATIVE', 250);
    expect(await channel.query(o)).toMatchObject({ status: 'UNPAID', vendorStatus: 'ORDER_NOT_EXIST' });
    await channel.initiate(o, ctx);
    expect(await channel.query(o)).toMatchObject({ status: 'PAYING', vendorStatus: 'NOTPAY' });
    const trade = gateway.settle(o.paymentId);
    const truth = await channel.query(o);
    expect(truth).toMatchObject({ status: 'SUCCESS', amountMinor: 250, currency: 'CNY', channelTradeNo: trade.transaction_id });
    expect(Date.parse(truth.paidAt!)).toBe(Date.parse(trade.success_time!));
    expect(gateway.requests.at(-1)!.path).toBe(`/v3/pay/transactions/out-trade-no/${o.paymentId}?mchid=${MCH_ID}`);
  });

  test('the trade states map in one place', async () => {
    const o = order();
    await channel.initiate(o, ctx);
    const expected = { USERPAYING: 'PAYING', CLOSED: 'FAILED', REVOKED: 'FAILED', PAYERROR: 'FAILED', REFUND: 'SUCCESS' } as const;
    for (const [state, status] of Object.entries(expected)) {
      gateway.trades.get(o.paymentId)!.trade_state = state as never;
      expect((await channel.query(o)).status).toBe(status);
    }
  });

  test('close: 204 closes; a trade never seen counts as closed (false); a paid trade is refused', async () => {
    const open = order();
    await channel.initiate(open, ctx);
    expect(await channel.close(open)).toEqual({ closedAtChannel: true, raw: { status: 204 } });
    expect(gateway.trades.get(open.paymentId)!.trade_state).toBe('CLOSED');
    expect((await channel.close(order())).closedAtChannel).toBe(false);
    const paid = order();
    await channel.initiate(paid, ctx);
    gateway.settle(paid.paymentId);
    await expect(channel.close(paid)).rejects.toMatchObject({ code: 'CHANNEL_REJECTED', provider: { code: 'ORDERPAID' } });
  });

  test('public-key mode: answers signed under PUB_KEY_ID_… verify; a key we were not given does not', async () => {
    gateway.options.signer = PLATFORM_PUBKEY;
    const pubkeyChannel = make({ pubkey: PLATFORM_PUBKEY } as never);
    expect((await pubkeyChannel.query(order())).status).toBe('UNPAID');
    await expect(channel.query(order())).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE', details: [{ reason: 'UNKNOWN_SERIAL' }] });
  });
});

describe('a misbehaving gateway', () => {
  test('forged, unsigned, stale or unreadable success answers are CHANNEL_BAD_RESPONSE (502)', async () => {
    const o = order();
    await channel.initiate(o, ctx);
    for (const fault of ['badSign', 'unsigned', 'staleSign', 'unknownSerial', 'notJson'] as const) {
      gateway.faults = [fault];
      await expect(channel.query(o)).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE', status: 502 });
    }
  });

  test('an unsigned error answer is taken as the error it is (it cannot move money)', async () => {
    gateway.faults = ['unsigned'];
    await expect(channel.query(order())).resolves.toMatchObject({ status: 'UNPAID' });
  });

  test('5xx, dropped connections and time-outs are CHANNEL_UNAVAILABLE (503): retry later', async () => {
    const quick = make({ cert: PLATFORM_CERT }, 300);
    for (const fault of ['http500', 'drop', 'stall'] as const) {
      gateway.faults = [fault];
      await expect(quick.query(order())).rejects.toMatchObject({ code: 'CHANNEL_UNAVAILABLE', status: 503 });
    }
  });
});
