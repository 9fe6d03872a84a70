/**
 * WALLET_B refunds against the local WeChat Pay gateway: POST /v3/refund/domestic/refunds, GET
 * …/refunds/{out_refund_no} and the REFUND.* notifications, with wechatpay-axios-plugin (0.9.6) as the oracle:
 * it verifies the Authorization of our refund calls, its own refund call is accepted by the fake and the fake's
 * signed answer passes its verifier, and refund notifications it encrypts and signs verify in our adapter
 * (tampered or foreign ones are refused by both).
 */
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import { walletBDefinition, type WalletBChannel } from '../../../../src/payment/channels/wallet-b/index.js';
import type { CallbackRequest, ChannelOrder, RefundRequest } from '../../../../src/payment/channels/core/types.js';
import { FakeWechatPayGateway, parseAuthorization } from './fake-wechat-gateway.js';
import { API_V3_KEY, APP_ID, MCH_ID, MERCHANT, MERCHANT_SERIAL, PLATFORM_PUBKEY, walletBOptions } from './test-keys.js';

let gateway: FakeWechatPayGateway;
let channel: WalletBChannel;
let seq = 0;

beforeAll(async () => {
  gateway = await new FakeWechatPayGateway({
    appId: APP_ID,
    mchId: MCH_ID,
    apiV3Key: API_V3_KEY,
    merchantSerial: MERCHANT_SERIAL,
    merchantPublicKey: MERCHANT.publicKey,
    signer: PLATFORM_PUBKEY,
  }).start();
  channel = walletBDefinition.create(walletBDefinition.validateOptions(walletBOptions(gateway.url, { pubkey: PLATFORM_PUBKEY })), {
    timeoutMs: 2000,
  }) as WalletBChannel;
});
afterAll(() => gateway.stop());
afterEach(() => {
  gateway.faults = [];
  gateway.refundStatus = 'PROCESSING';
});

async function paidOrder(): Promise<ChannelOrder> {
  seq += 1;
  const o: ChannelOrder = {
    paymentId: `p20260101refundb${String(seq).padStart(4, '0')}${Date.now() % 1000}`,
    orderId: `o${seq}`,
    paymentType: 'WALLET_B',
    paymentChannel: 'NATIVE',
    subject: '退款测试',
    amountMinor: 1230,
    currency: 'CNY',
  };
  await channel.initiate(o, { callbackUrl: 'https://pay.example.com/cb' });
  gateway.settle(o.paymentId);
  return o;
}
const refundOf = (o: ChannelOrder, n: number, amountMinor: number): RefundRequest => ({
  refundId: `${o.paymentId}-r${n}`,
  amountMinor,
  currency: 'CNY',
  paidAmountMinor: o.amountMinor,
  reason: '退货',
  callbackUrl: 'https://pay.example.com/apis/api.payment.authpay.dev/v1alpha1/asyncCallback/WALLET_B',
});
const request = (n: { body: string; headers: Record<string, string> }): CallbackRequest => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...n.headers },
  query: {},
  rawBody: Buffer.from(n.body),
});

describe('refund calls', () => {
  test('the refund carries out_refund_no, amount {refund, total, currency} and notify_url; PROCESSING is PENDING', async () => {
    const o = await paidOrder();
    const result = await channel.refund(o, refundOf(o, 1, 500));
    expect(result).toMatchObject({ status: 'PENDING', vendorStatus: 'PROCESSING', amountMinor: 500, channelRefundNo: expect.any(String) });
    const sent = gateway.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v3/refund/domestic/refunds', signatureValid: true });
    expect(JSON.parse(sent.body)).toEqual({
      out_trade_no: o.paymentId,
      out_refund_no: `${o.paymentId}-r1`,
      amount: { refund: 500, total: 1230, currency: 'CNY' },
      reason: '退货',
      notify_url: 'https://pay.example.com/apis/api.payment.authpay.dev/v1alpha1/asyncCallback/WALLET_B',
    });
    gateway.settleRefund(`${o.paymentId}-r1`);
    expect(await channel.queryRefund(o, { refundId: `${o.paymentId}-r1` })).toMatchObject({
      status: 'SUCCESS',
      amountMinor: 500,
      refundedAt: expect.any(String),
    });
    for (const r of gateway.requests.slice(-2)) {
      const fields = parseAuthorization(r.authorization)!;
      const message = Formatter.request(r.method, r.path, fields.timestamp, fields.nonce_str, r.body);
      expect(Rsa.verify(message, fields.signature, MERCHANT.publicKey)).toBe(true);
    }
  });

  test('SUCCESS at once, CLOSED fails, an unknown refund is NOT_FOUND; refusals and outages are typed', async () => {
    const o = await paidOrder();
    gateway.refundStatus = 'SUCCESS';
    expect(await channel.refund(o, refundOf(o, 1, 230))).toMatchObject({ status: 'SUCCESS' });
    gateway.settleRefund(`${o.paymentId}-r1`, 'CLOSED');
    expect(await channel.queryRefund(o, { refundId: `${o.paymentId}-r1` })).toMatchObject({ status: 'FAILED', vendorStatus: 'CLOSED' });
    expect(await channel.queryRefund(o, { refundId: 'never-sent' })).toMatchObject({ status: 'FAILED', vendorStatus: 'NOT_FOUND' });
    await expect(channel.refund(o, refundOf(o, 2, 1231))).rejects.toMatchObject({
      code: 'CHANNEL_REJECTED',
      provider: { code: 'INVALID_REQUEST' },
    });
    gateway.faults = ['http500'];
    await expect(channel.refund(o, refundOf(o, 3, 1))).rejects.toMatchObject({ code: 'CHANNEL_UNAVAILABLE' });
    gateway.faults = ['badSign'];
    await expect(channel.refund(o, refundOf(o, 4, 1))).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE' });
  });

  test("the plugin's own refund call is accepted by the fake and the fake's signed answer passes the plugin's verifier", async () => {
    const o = await paidOrder();
    const client = new Wechatpay({
      mchid: MCH_ID,
      serial: MERCHANT_SERIAL,
      privateKey: MERCHANT.privatePkcs8Pem,
      certs: { [PLATFORM_PUBKEY.serial]: PLATFORM_PUBKEY.pair.publicSpkiPem },
      baseURL: `${gateway.url}/`,
    } as never) as unknown as {
      v3: { refund: { domestic: { refunds: { post(data: unknown): Promise<{ status: number; data: Record<string, unknown> }> } } } };
    };
    const answer = await client.v3.refund.domestic.refunds.post({
      out_trade_no: o.paymentId,
      out_refund_no: 'plugin-refund-1',
      amount: { refund: 100, total: 1230, currency: 'CNY' },
    });
    expect(answer).toMatchObject({
      status: 200,
      data: { out_refund_no: 'plugin-refund-1', status: 'PROCESSING', amount: { refund: 100 } },
    });
  });
});

describe('refund notifications', () => {
  /** A REFUND.* notification built, encrypted and signed by the plugin. */
  const build = (doc: Record<string, unknown>, eventType = 'REFUND.SUCCESS', apiV3Key = API_V3_KEY) => {
    const nonce = Formatter.nonce(12);
    const body = JSON.stringify({
      id: `EV-refund-${Date.now()}`,
      create_time: '2026-01-01T12:10:05+08:00',
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: '退款成功',
      resource: {
        original_type: 'refund',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: Aes.AesGcm.encrypt(JSON.stringify(doc), apiV3Key, nonce, 'refund'),
        associated_data: 'refund',
        nonce,
      },
    });
    const timestamp = String(Formatter.timestamp());
    const headerNonce = Formatter.nonce();
    const signature = Rsa.sign(
      Formatter.response(timestamp, headerNonce, body),
      Rsa.from(PLATFORM_PUBKEY.pair.privatePkcs8Pem, Rsa.KEY_TYPE_PRIVATE),
    );
    return {
      body,
      headers: {
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': headerNonce,
        'wechatpay-signature': signature,
        'wechatpay-serial': PLATFORM_PUBKEY.serial,
      },
    };
  };
  const doc = (over: Record<string, unknown> = {}) => ({
    mchid: MCH_ID,
    out_trade_no: 'p20260101refundnotifyb0001',
    transaction_id: '4200000001202601010000000001',
    out_refund_no: 'p20260101refundnotifyb0001-r0123456789abcdef',
    refund_id: '50300000012026010100000000001',
    refund_status: 'SUCCESS',
    success_time: '2026-01-01T12:10:03+08:00',
    user_received_account: '支付用户零钱',
    amount: { total: 1230, refund: 500, payer_total: 1230, payer_refund: 500 },
    ...over,
  });

  test('REFUND.SUCCESS encrypted by the plugin becomes a refund event; CLOSED fails it, ABNORMAL keeps it waiting', async () => {
    const event = await channel.verifyCallback(request(build(doc())));
    expect(event).toMatchObject({
      orderRef: 'p20260101refundnotifyb0001',
      status: 'SUCCESS',
      amountMinor: 1230,
      eventId: expect.stringMatching(/^EV-refund-/),
      refund: {
        refundId: 'p20260101refundnotifyb0001-r0123456789abcdef',
        channelRefundNo: '50300000012026010100000000001',
        status: 'SUCCESS',
        amountMinor: 500,
        refundedAt: '2026-01-01T04:10:03.000Z',
      },
    });
    expect((await channel.verifyCallback(request(build(doc({ refund_status: 'CLOSED' }), 'REFUND.CLOSED')))).refund?.status).toBe('FAILED');
    expect((await channel.verifyCallback(request(build(doc({ refund_status: 'ABNORMAL' }), 'REFUND.ABNORMAL')))).refund).toMatchObject({
      status: 'PENDING',
      vendorStatus: 'ABNORMAL',
    });
  });

  test("tampered, another merchant's, another APIv3 key's or a refund event carrying a transaction: refused or ignored", async () => {
    const n = build(doc());
    await expect(channel.verifyCallback(request({ ...n, body: n.body.replace('退款成功', '退款成功 ') }))).rejects.toMatchObject({
      code: 'BAD_SIGNATURE',
    });
    await expect(channel.verifyCallback(request(build(doc({ mchid: '1900000999' }))))).rejects.toMatchObject({ code: 'CALLBACK_MISMATCH' });
    await expect(channel.verifyCallback(request(build(doc(), 'REFUND.SUCCESS', 'z'.repeat(32))))).rejects.toMatchObject({
      code: 'BAD_SIGNATURE',
    });
    await expect(channel.verifyCallback(request(build(doc({ amount: { total: 1230, refund: '5.00' } }))))).rejects.toMatchObject({
      code: 'CALLBACK_MISMATCH',
    });
    const wrongType = JSON.parse(build(doc()).body) as Record<string, { original_type: string }>;
    wrongType.resource.original_type = 'transaction';
    const text = JSON.stringify(wrongType);
    await expect(channel.verifyCallback(request({ body: text, headers: gateway.signedHeaders(text) }))).rejects.toMatchObject({
      code: 'UNSUPPORTED_EVENT',
    });
  });
});
