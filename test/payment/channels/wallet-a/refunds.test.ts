/**
 * WALLET_A refunds against the local Alipay gateway: alipay.trade.refund (out_request_no = our refund number)
 * and alipay.trade.fastpay.refund.query, with the official alipay-sdk as the oracle: it verifies the signatures
 * of our refund calls, its own refund calls are accepted by the fake and their signed answers verify in it,
 * and a refund notification (out_biz_no) it signs with the "Alipay" key verifies in our adapter.
 */
import { AlipaySdk } from 'alipay-sdk';
import { walletADefinition, type WalletAChannel } from '../../../../src/payment/channels/wallet-a/index.js';
import type { CallbackRequest, ChannelOrder, RefundRequest } from '../../../../src/payment/channels/core/types.js';
import { FakeAlipayGateway } from './fake-alipay-gateway.js';
import { ALIPAY, APP, APP_ID } from './test-keys.js';

let gateway: FakeAlipayGateway;
let channel: WalletAChannel;
let seq = 0;

const requestChecker = new AlipaySdk({ appId: APP_ID, privateKey: ALIPAY.privatePkcs1Pem, alipayPublicKey: APP.publicSpkiPem });
const merchantSdk = () =>
  new AlipaySdk({ appId: APP_ID, privateKey: APP.privatePkcs1Pem, alipayPublicKey: ALIPAY.publicSpkiPem, gateway: gateway.url });
const alipaySigner = new AlipaySdk({ appId: APP_ID, privateKey: ALIPAY.privatePkcs1Pem, alipayPublicKey: APP.publicSpkiPem });

/** An order paid at the fake gateway (12.30 yuan). */
async function paidOrder(): Promise<ChannelOrder> {
  seq += 1;
  const o: ChannelOrder = {
    paymentId: `p20260101refunda${String(seq).padStart(4, '0')}`,
    orderId: `o${seq}`,
    paymentType: 'WALLET_A',
    paymentChannel: 'FACE_TO_FACE_PAYMENT',
    subject: '退款测试',
    amountMinor: 1230,
    currency: 'CNY',
  };
  await channel.initiate(o, { callbackUrl: 'https://pay.example.com/cb' });
  gateway.scan(o.paymentId).status = 'TRADE_SUCCESS';
  return o;
}
const refundOf = (refundId: string, amountMinor: number): RefundRequest => ({
  refundId,
  amountMinor,
  currency: 'CNY',
  paidAmountMinor: 1230,
  reason: '退货 & 退款',
});
const formRequest = (params: Record<string, string>): CallbackRequest => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  query: {},
  rawBody: Buffer.from(new URLSearchParams(params).toString()),
});

beforeAll(async () => {
  gateway = await new FakeAlipayGateway({ appId: APP_ID, appPublicKey: APP.publicKey, gatewayPrivateKey: ALIPAY.privateKey }).start();
  const options = walletADefinition.validateOptions({
    appId: APP_ID,
    privateKey: APP.privatePkcs8Pem,
    alipayPublicKey: ALIPAY.publicSpkiPem,
    gateway: gateway.url,
  });
  channel = walletADefinition.create(options, { timeoutMs: 2000 }) as WalletAChannel;
});
afterAll(() => gateway.stop());
afterEach(() => {
  gateway.faults = [];
});

describe('alipay.trade.refund and the refund query', () => {
  test('a refund is SUCCESS when Alipay moved the money; the request is signed as the SDK signs', async () => {
    const o = await paidOrder();
    const result = await channel.refund(o, refundOf(`${o.paymentId}-r1`, 500));
    expect(result).toMatchObject({ status: 'SUCCESS', vendorStatus: 'FUND_CHANGE_Y', refundedAt: expect.any(String) });
    const call = gateway.calls.at(-1)!;
    expect(call.signatureValid).toBe(true);
    expect(requestChecker.checkNotifySignV2(call.params)).toBe(true);
    expect(JSON.parse(call.params.biz_content)).toEqual({
      out_trade_no: o.paymentId,
      refund_amount: '5.00',
      out_request_no: `${o.paymentId}-r1`,
      refund_reason: '退货 & 退款',
    });
    expect(await channel.queryRefund(o, { refundId: `${o.paymentId}-r1` })).toMatchObject({ status: 'SUCCESS', amountMinor: 500 });
  });

  test('the same refund number again refunds nothing more (fund_change N: PENDING until the query confirms)', async () => {
    const o = await paidOrder();
    await channel.refund(o, refundOf(`${o.paymentId}-r1`, 500));
    expect(await channel.refund(o, refundOf(`${o.paymentId}-r1`, 500))).toMatchObject({ status: 'PENDING', vendorStatus: 'FUND_CHANGE_N' });
    expect([...gateway.refunds.values()].filter((r) => r.out_trade_no === o.paymentId)).toHaveLength(1);
  });

  test('refusals are CHANNEL_REJECTED with the sub code; a system error is an outage (outcome unknown)', async () => {
    const o = await paidOrder();
    await expect(channel.refund(o, refundOf(`${o.paymentId}-r1`, 1231))).rejects.toMatchObject({
      code: 'CHANNEL_REJECTED',
      provider: { subCode: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' },
    });
    gateway.faults = ['systemError'];
    await expect(channel.refund(o, refundOf(`${o.paymentId}-r2`, 100))).rejects.toMatchObject({ code: 'CHANNEL_UNAVAILABLE' });
    gateway.faults = ['badSign'];
    await expect(channel.refund(o, refundOf(`${o.paymentId}-r3`, 100))).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE' });
  });

  test('a refund number Alipay does not know, or a trade it does not know, is FAILED / NOT_FOUND', async () => {
    const o = await paidOrder();
    expect(await channel.queryRefund(o, { refundId: 'never-sent' })).toMatchObject({ status: 'FAILED', vendorStatus: 'NOT_FOUND' });
    expect(await channel.queryRefund({ ...o, paymentId: 'p20260101nosuchtrade0000' }, { refundId: 'x' })).toMatchObject({
      status: 'FAILED',
      vendorStatus: 'NOT_FOUND',
    });
  });
});

describe('alipay-sdk against the fake refund protocol', () => {
  test("the SDK's refund and refund query are accepted by the fake and its signed answers verify in the SDK", async () => {
    const o = await paidOrder();
    const refunded = await merchantSdk().exec(
      'alipay.trade.refund',
      { bizContent: { out_trade_no: o.paymentId, refund_amount: '1.00', out_request_no: 'sdk-r1' } },
      { validateSign: true },
    );
    expect(refunded).toMatchObject({ code: '10000', fundChange: 'Y', refundFee: '1.00' });
    expect(gateway.calls.at(-1)!.signatureValid).toBe(true);
    const queried = await merchantSdk().exec(
      'alipay.trade.fastpay.refund.query',
      { bizContent: { out_trade_no: o.paymentId, out_request_no: 'sdk-r1' } },
      { validateSign: true },
    );
    expect(queried).toMatchObject({ code: '10000', refundAmount: '1.00', refundStatus: 'REFUND_SUCCESS' });
  });

  test('a refund notification signed by the SDK with the "Alipay" key becomes a refund event (out_biz_no)', async () => {
    const fields = {
      notify_type: 'trade_status_sync',
      notify_id: '2026010100222120000099999',
      notify_time: '2026-01-01 12:10:05',
      trade_status: 'TRADE_SUCCESS',
      out_trade_no: 'p20260101refundnotify0001',
      trade_no: '2026010122001400000000000009',
      total_amount: '12.30',
      out_biz_no: 'p20260101refundnotify0001-r0123456789abcdef',
      refund_fee: '5.00',
      gmt_refund: '2026-01-01 12:10:03.000',
    };
    const signed = Object.fromEntries(new URLSearchParams(alipaySigner.sdkExecute('alipay.trade.notify', fields)));
    const event = await channel.verifyCallback(formRequest(signed));
    expect(event).toMatchObject({
      orderRef: 'p20260101refundnotify0001',
      eventId: '2026010100222120000099999',
      refund: { refundId: 'p20260101refundnotify0001-r0123456789abcdef', status: 'SUCCESS', refundedAt: '2026-01-01T04:10:03.000Z' },
    });
    expect(event.refund!.amountMinor).toBeUndefined();
    await expect(channel.verifyCallback(formRequest({ ...signed, out_biz_no: 'other' }))).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
  });
});
