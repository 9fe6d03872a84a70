/**
 * epay refunds against the local epay sites. V2 (AGGREGATOR_3): signed `api/pay/refund` with our refund number
 * as out_refund_no, its signed answer verified, and `api/pay/refundquery`. V1 (AGGREGATOR_1): `api.php?act=refund`
 * with the key, no refund number and no refund query (the adapter offers none, so the service never re-asks).
 */
import { systemClock } from '../../../../src/host/sdk/index.js';
import { aggregator1Definition, type Aggregator1Channel } from '../../../../src/payment/channels/aggregator-1/index.js';
import { aggregator3Definition, type Aggregator3Channel } from '../../../../src/payment/channels/aggregator-3/index.js';
import type { ChannelOrder, RefundRequest } from '../../../../src/payment/channels/core/types.js';
import { FakeEpayGateway } from './fake-epay-gateway.js';
import { MERCHANT, PID, PLATFORM, V1_KEY } from './test-keys.js';

let v1: FakeEpayGateway;
let v2: FakeEpayGateway;
let channel1: Aggregator1Channel;
let channel3: Aggregator3Channel;
let seq = 0;

beforeAll(async () => {
  v1 = await new FakeEpayGateway({ version: 'v1', pid: PID, key: V1_KEY }).start();
  v2 = await new FakeEpayGateway({
    version: 'v2',
    pid: PID,
    merchantPublicKey: MERCHANT.publicKey,
    platformPrivateKey: PLATFORM.privateKey,
  }).start();
  channel1 = aggregator1Definition.create(aggregator1Definition.validateOptions({ gateway: v1.url, pid: PID, key: V1_KEY }), {
    timeoutMs: 2000,
  }) as Aggregator1Channel;
  channel3 = aggregator3Definition.create(
    aggregator3Definition.validateOptions({
      gateway: v2.url,
      pid: PID,
      merchantPrivateKey: MERCHANT.privatePkcs8Base64,
      platformPublicKey: PLATFORM.publicSpkiPem,
    }),
    { timeoutMs: 2000, clock: systemClock },
  ) as Aggregator3Channel;
});
afterAll(async () => {
  await v1.stop();
  await v2.stop();
});
afterEach(() => {
  v1.faults = [];
  v2.faults = [];
});

async function paid(site: FakeEpayGateway, channel: Aggregator1Channel | Aggregator3Channel): Promise<ChannelOrder> {
  seq += 1;
  const o: ChannelOrder = {
    paymentId: `p20260101epayrefund${String(seq).padStart(4, '0')}`,
    orderId: `o${seq}`,
    paymentType: channel.id,
    paymentChannel: 'WALLET_A',
    subject: '退款测试',
    amountMinor: 1230,
    currency: 'CNY',
  };
  await channel.initiate(o, { callbackUrl: 'https://pay.example.com/cb', clientIp: '203.0.113.7' });
  site.trades.get(o.paymentId)!.status = 1;
  return o;
}
const refundOf = (o: ChannelOrder, n: number, amountMinor: number): RefundRequest => ({
  refundId: `${o.paymentId}-r${n}`,
  amountMinor,
  currency: 'CNY',
  paidAmountMinor: 1230,
  reason: 'r',
});

describe('AGGREGATOR_3 (epay V2)', () => {
  test("a partial and then a full refund succeed with the site's refund number; the refund query agrees", async () => {
    const o = await paid(v2, channel3);
    const first = await channel3.refund(o, refundOf(o, 1, 500));
    expect(first).toMatchObject({ status: 'SUCCESS', amountMinor: 500, channelRefundNo: expect.any(String) });
    expect(v2.calls.at(-1)).toMatchObject({
      path: 'api/pay/refund',
      signatureValid: true,
      params: { out_trade_no: o.paymentId, money: '5.00', out_refund_no: `${o.paymentId}-r1`, sign_type: 'RSA' },
    });
    expect(await channel3.refund(o, refundOf(o, 2, 730))).toMatchObject({ status: 'SUCCESS', amountMinor: 730 });
    expect(await channel3.queryRefund!(o, { refundId: `${o.paymentId}-r1` })).toMatchObject({
      status: 'SUCCESS',
      amountMinor: 500,
      channelRefundNo: first.channelRefundNo,
      refundedAt: expect.any(String),
    });
    expect(await channel3.queryRefund!(o, { refundId: 'never-sent' })).toMatchObject({ status: 'FAILED', vendorStatus: 'NOT_FOUND' });
  });

  test('above what is left is refused by the site; a mis-signed answer is not trusted; an outage is an outage', async () => {
    const o = await paid(v2, channel3);
    await expect(channel3.refund(o, refundOf(o, 1, 1231))).rejects.toMatchObject({ code: 'CHANNEL_REJECTED' });
    v2.faults = ['badSign'];
    await expect(channel3.refund(o, refundOf(o, 2, 100))).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE' });
    v2.faults = ['http500'];
    await expect(channel3.refund(o, refundOf(o, 3, 100))).rejects.toMatchObject({ code: 'CHANNEL_UNAVAILABLE' });
  });
});

describe('AGGREGATOR_1 (epay V1)', () => {
  test('api.php?act=refund with the key refunds at once; there is no refund query', async () => {
    const o = await paid(v1, channel1);
    expect(await channel1.refund(o, refundOf(o, 1, 500))).toMatchObject({ status: 'SUCCESS', vendorStatus: 'REFUNDED' });
    expect(v1.calls.at(-1)).toMatchObject({
      path: 'api.php',
      signatureValid: true,
      params: { act: 'refund', pid: PID, out_trade_no: o.paymentId, money: '5.00' },
    });
    expect(v1.refunds.filter((r) => r.out_trade_no === o.paymentId)).toHaveLength(1);
    expect(channel1.queryRefund).toBeUndefined();
    await expect(channel1.refund(o, refundOf(o, 2, 731))).rejects.toMatchObject({ code: 'CHANNEL_REJECTED' });
  });
});
