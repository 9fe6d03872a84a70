/**
 * INTL_WALLET against a local PayPal REST gateway: OAuth2 tokens (cached, shared, renewed on 401 and on
 * expiry), order creation (body, idempotency, approve link), query with capture (SUCCESS only for a
 * COMPLETED capture), close, capture refunds and refund lookups, and a misbehaving gateway.
 */
import { randomBytes } from 'node:crypto';
import { intlWalletDefinition } from '../../../../src/payment/channels/intl-wallet/index.js';
import type { PaymentChannel } from '../../../../src/payment/channels/core/channel.js';
import type { ChannelDeps, ChannelOrder, InitiateContext } from '../../../../src/payment/channels/core/types.js';
import { FakePayPalGateway } from './fake-paypal-gateway.js';
import { CLIENT_ID, CLIENT_SECRET, PAYPAL_SIGNER, WEBHOOK_ID, intlWalletOptions } from './test-keys.js';

let gateway: FakePayPalGateway;
let channel: PaymentChannel;
const BASE = 'https://pay.example.com';
const ctx: InitiateContext = { callbackUrl: `${BASE}/apis/api.payment.authpay.dev/v1alpha1/asyncCallback/INTL_WALLET`, baseUrl: BASE };

const make = (extra: Record<string, unknown> = {}, deps: ChannelDeps = {}) =>
  intlWalletDefinition.create(intlWalletDefinition.validateOptions(intlWalletOptions(gateway.url, extra)), deps);

function order(amountMinor = 1230, currency = 'USD'): ChannelOrder {
  return {
    paymentId: `p20260101${randomBytes(10).toString('hex')}`,
    orderId: `biz-${randomBytes(4).toString('hex')}`,
    paymentType: 'INTL_WALLET',
    paymentChannel: 'CHECKOUT',
    subject: 'Plugin licence',
    amountMinor,
    currency,
  };
}

/** Initiates and records PayPal's order id on the order, as createPayment does. */
async function started(o = order()): Promise<ChannelOrder> {
  const result = await channel.initiate(o, ctx);
  return { ...o, channelTradeNo: result.channelTradeNo };
}

beforeAll(async () => {
  gateway = await new FakePayPalGateway({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    webhookId: WEBHOOK_ID,
    signer: PAYPAL_SIGNER,
  }).start();
  channel = make();
});
afterAll(async () => {
  await gateway?.stop();
});
afterEach(() => {
  gateway.faults = [];
  gateway.captureOutcome = 'COMPLETED';
  gateway.captureAmountOverride = undefined;
  gateway.refundStatus = 'COMPLETED';
});

describe('OAuth2 client-credentials token', () => {
  test('one token serves many calls; concurrent first calls share one token request', async () => {
    const fresh = make();
    const before = gateway.tokensIssued;
    await Promise.all([1, 2, 3, 4].map(() => fresh.query({ ...order(), channelTradeNo: 'NOSUCHORDER000001' })));
    await fresh.query({ ...order(), channelTradeNo: 'NOSUCHORDER000002' });
    expect(gateway.tokensIssued - before).toBe(1);
    const tokenRequest = gateway.requests.find((r) => r.path === '/v1/oauth2/token')!;
    expect(tokenRequest.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`);
    expect(tokenRequest.body).toBe('grant_type=client_credentials');
  });

  test('a token PayPal no longer accepts (401) is replaced and the call sent once more', async () => {
    const o = await started();
    const before = gateway.tokensIssued;
    gateway.faults = ['revokeToken'];
    expect((await channel.query(o)).status).toBe('PAYING');
    expect(gateway.tokensIssued - before).toBe(1);
    const last = gateway.requests.slice(-3).map((r) => r.path);
    expect(last).toEqual([`/v2/checkout/orders/${o.channelTradeNo}`, '/v1/oauth2/token', `/v2/checkout/orders/${o.channelTradeNo}`]);
  });

  test('a token is renewed shortly before expires_in runs out (injected clock)', async () => {
    let now = Date.now();
    const timed = make({}, { clock: { now: () => now } as never });
    const before = gateway.tokensIssued;
    await timed.query({ ...order(), channelTradeNo: 'NOSUCHORDER000003' });
    now += (32400 - 61) * 1000;
    await timed.query({ ...order(), channelTradeNo: 'NOSUCHORDER000003' });
    expect(gateway.tokensIssued - before).toBe(1);
    now += 2000;
    await timed.query({ ...order(), channelTradeNo: 'NOSUCHORDER000003' });
    expect(gateway.tokensIssued - before).toBe(2);
  });

  test('a wrong client secret is CHANNEL_REJECTED naming invalid_client, never the secret', async () => {
    const wrong = make({ clientSecret: 'EKwrongSecret000000000000' });
    const err = (await wrong.initiate(order(), ctx).then(
      () => undefined,
      (e: unknown) => e,
    )) as Error;
    expect(err).toMatchObject({ code: 'CHANNEL_REJECTED', provider: { code: 'invalid_client' } });
    expect(JSON.stringify(err) + err.message).not.toContain('EKwrongSecret');
  });
});

describe('create order', () => {
  test('intent CAPTURE, the amount, our payment id as custom_id and invoice_id, PayPal-Request-Id, return to our page', async () => {
    const o = order(1999);
    const result = await channel.initiate(o, ctx);
    const paypal = gateway.orders.get(result.channelTradeNo!)!;
    expect(result).toMatchObject({ status: 'PAYING', payUrl: `https://www.sandbox.paypal.com/checkoutnow?token=${paypal.id}` });
    expect(paypal.unit).toEqual({
      custom_id: o.paymentId,
      invoice_id: o.paymentId,
      description: 'Plugin licence',
      amount: { currency_code: 'USD', value: '19.99' },
    });
    expect(paypal.experience).toMatchObject({ return_url: `${BASE}/payment/${o.paymentId}`, cancel_url: `${BASE}/payment/${o.paymentId}` });
    const create = gateway.requests.filter((r) => r.path === '/v2/checkout/orders').at(-1)!;
    expect(create.requestId).toBe(o.paymentId);
    expect(JSON.parse(create.body)).toMatchObject({ intent: 'CAPTURE' });
  });

  test('calling again for the same payment (after a lost answer) returns the same PayPal order', async () => {
    const o = order();
    const first = await channel.initiate(o, ctx);
    const again = await channel.initiate(o, ctx);
    expect(again.channelTradeNo).toBe(first.channelTradeNo);
    expect([...gateway.orders.values()].filter((p) => p.unit.custom_id === o.paymentId)).toHaveLength(1);
  });

  test('amounts leave with the currency exponent: JPY without decimals', async () => {
    const yen = make({ currency: 'USD, JPY' });
    const o = order(1500, 'JPY');
    const result = await yen.initiate(o, ctx);
    expect(gateway.orders.get(result.channelTradeNo!)!.unit.amount).toEqual({ currency_code: 'JPY', value: '1500' });
  });

  test('a currency the service does not take is refused before any call', async () => {
    const before = gateway.requests.length;
    await expect(channel.initiate(order(100, 'EUR'), ctx)).rejects.toMatchObject({ code: 'UNKNOWN_CURRENCY' });
    await expect(channel.initiate(order(100, 'KRW'), ctx)).rejects.toMatchObject({ code: 'UNKNOWN_CURRENCY' });
    expect(gateway.requests.length).toBe(before);
    expect(channel.currencies).toEqual({ USD: { minMinor: 1, maxMinor: 999_999_999 } });
    expect(channel.defaultCurrency).toBe('USD');
    expect(make({ currency: 'EUR, USD' }).defaultCurrency).toBe('EUR');
  });
});

describe('query captures an approved order; only a COMPLETED capture is SUCCESS', () => {
  test('no PayPal order yet → UNPAID; waiting for the payer → PAYING; approved → captured → SUCCESS with the captured amount', async () => {
    expect(await channel.query(order())).toMatchObject({ status: 'UNPAID', vendorStatus: 'NOT_FOUND' });
    const o = await started(order(4200));
    expect(await channel.query(o)).toMatchObject({ status: 'PAYING', vendorStatus: 'PAYER_ACTION_REQUIRED' });
    gateway.approve(o.paymentId);
    const truth = await channel.query(o);
    const capture = gateway.captureOf(o.paymentId)!;
    expect(truth).toMatchObject({
      status: 'SUCCESS',
      amountMinor: 4200,
      currency: 'USD',
      channelTradeNo: o.channelTradeNo,
      vendorStatus: 'COMPLETED',
    });
    expect(truth.paidAt).toBe(capture.time);
    const captureCall = gateway.requests.filter((r) => r.path.endsWith('/capture')).at(-1)!;
    expect(captureCall.requestId).toBe(`capture-${o.channelTradeNo}`);
  });

  test('capturing is idempotent: asking again reads the completed order, one capture in all', async () => {
    const o = await started();
    gateway.approve(o.paymentId);
    await Promise.all([channel.query(o), channel.query(o), channel.query(o)]);
    expect((await channel.query(o)).status).toBe('SUCCESS');
    expect([...gateway.captures.values()].filter((c) => c.customId === o.paymentId)).toHaveLength(1);
  });

  test('a COMPLETED order with a PENDING capture is not paid; it is once the capture completes, and FAILED if denied', async () => {
    const o = await started();
    gateway.approve(o.paymentId);
    gateway.captureOutcome = 'PENDING';
    expect(await channel.query(o)).toMatchObject({ status: 'PAYING', vendorStatus: 'PENDING' });
    expect(gateway.orderOf(o.paymentId).status).toBe('COMPLETED');
    gateway.settleCapture(o.paymentId, 'COMPLETED');
    expect((await channel.query(o)).status).toBe('SUCCESS');

    const denied = await started();
    gateway.approve(denied.paymentId);
    await channel.query(denied);
    gateway.settleCapture(denied.paymentId, 'DECLINED');
    expect(await channel.query(denied)).toMatchObject({ status: 'FAILED', vendorStatus: 'DECLINED' });
  });

  test('a capture refused for the payer’s instrument leaves the order payable (PAYING, INSTRUMENT_DECLINED)', async () => {
    const o = await started();
    gateway.approve(o.paymentId);
    gateway.captureOutcome = 'INSTRUMENT_DECLINED';
    expect(await channel.query(o)).toMatchObject({ status: 'PAYING', vendorStatus: 'INSTRUMENT_DECLINED' });
    gateway.captureOutcome = 'COMPLETED';
    expect((await channel.query(o)).status).toBe('SUCCESS');
  });

  test('a capture for another amount or currency reports what PayPal captured (the order service refuses it)', async () => {
    const o = await started(order(1000));
    gateway.approve(o.paymentId);
    gateway.captureAmountOverride = { currency_code: 'EUR', value: '10.00' };
    expect(await channel.query(o)).toMatchObject({ status: 'SUCCESS', amountMinor: 1000, currency: 'EUR' });
  });
});

describe('close', () => {
  test('an uncaptured order is closed here only (nothing to do at PayPal); a captured one is refused so the caller queries', async () => {
    const o = await started();
    const before = gateway.requests.length;
    expect(await channel.close(o)).toEqual({ closedAtChannel: false, raw: { closedAt: 'local', status: 'PAYER_ACTION_REQUIRED' } });
    expect(gateway.requests.slice(before).map((r) => r.method)).toEqual(['GET']);
    expect(await channel.close(order())).toMatchObject({ closedAtChannel: false });

    gateway.approve(o.paymentId);
    await channel.query(o);
    await expect(channel.close(o)).rejects.toMatchObject({ code: 'CHANNEL_REJECTED', provider: { code: 'ORDER_CAPTURED' } });
  });
});

describe('refunds of the capture', () => {
  async function paid(amountMinor = 1000): Promise<ChannelOrder> {
    const o = await started(order(amountMinor));
    gateway.approve(o.paymentId);
    await channel.query(o);
    return o;
  }
  const request = (o: ChannelOrder, refundId: string, amountMinor: number) => ({
    refundId,
    amountMinor,
    currency: o.currency,
    paidAmountMinor: o.amountMinor,
    reason: 'customer asked',
  });

  test('a partial then a full refund: PayPal-Request-Id = refund id, amount, custom_id/invoice_id, capture status follows', async () => {
    const o = await paid(1000);
    const first = await channel.refund!(o, request(o, 'r-partial-1', 300));
    expect(first).toMatchObject({ status: 'SUCCESS', amountMinor: 300, vendorStatus: 'COMPLETED', channelRefundNo: expect.any(String) });
    const call = gateway.requests.filter((r) => r.path.endsWith('/refund')).at(-1)!;
    expect(call.requestId).toBe('r-partial-1');
    expect(JSON.parse(call.body)).toEqual({
      amount: { currency_code: 'USD', value: '3.00' },
      custom_id: o.paymentId,
      invoice_id: 'r-partial-1',
      note_to_payer: 'customer asked',
    });
    expect(gateway.captureOf(o.paymentId)!.status).toBe('PARTIALLY_REFUNDED');
    expect((await channel.query(o)).status).toBe('SUCCESS');

    const rest = await channel.refund!(o, request(o, 'r-rest-1', 700));
    expect(rest).toMatchObject({ status: 'SUCCESS', amountMinor: 700 });
    expect(gateway.captureOf(o.paymentId)!.status).toBe('REFUNDED');
  });

  test('the same refund id twice refunds once; more than what is left is refused (REFUND_AMOUNT_EXCEEDED)', async () => {
    const o = await paid(1000);
    const once = await channel.refund!(o, request(o, 'r-dup-1', 400));
    const twice = await channel.refund!(o, request(o, 'r-dup-1', 400));
    expect(twice.channelRefundNo).toBe(once.channelRefundNo);
    expect(gateway.captureOf(o.paymentId)!.refundedMinor).toBe(400);
    await expect(channel.refund!(o, request(o, 'r-over-1', 601))).rejects.toMatchObject({
      code: 'CHANNEL_REJECTED',
      provider: { code: 'REFUND_AMOUNT_EXCEEDED' },
    });
    expect(gateway.captureOf(o.paymentId)!.refundedMinor).toBe(400);
  });

  test('an unpaid order has nothing to refund (NOT_CAPTURED), without a refund call', async () => {
    const o = await started();
    await expect(channel.refund!(o, request(o, 'r-unpaid-1', 100))).rejects.toMatchObject({
      code: 'CHANNEL_REJECTED',
      provider: { code: 'NOT_CAPTURED' },
    });
    expect(gateway.requests.some((r) => r.path.endsWith('/refund') && r.requestId === 'r-unpaid-1')).toBe(false);
  });

  test('queryRefund: by PayPal refund id or by our refund id on the order; PENDING until PayPal settles; unknown → FAILED', async () => {
    const o = await paid(1000);
    gateway.refundStatus = 'PENDING';
    const pending = await channel.refund!(o, request(o, 'r-pending-1', 250));
    expect(pending.status).toBe('PENDING');
    gateway.refunds.get(pending.channelRefundNo!)!.status = 'COMPLETED';
    expect(await channel.queryRefund!(o, { refundId: 'r-pending-1', channelRefundNo: pending.channelRefundNo })).toMatchObject({
      status: 'SUCCESS',
      amountMinor: 250,
      refundedAt: expect.any(String),
    });
    expect(await channel.queryRefund!(o, { refundId: 'r-pending-1' })).toMatchObject({
      status: 'SUCCESS',
      channelRefundNo: pending.channelRefundNo,
    });
    expect(await channel.queryRefund!(o, { refundId: 'r-never-sent' })).toMatchObject({ status: 'FAILED', vendorStatus: 'NOT_FOUND' });
  });
});

describe('a misbehaving gateway', () => {
  test('5xx, dropped connections and time-outs are CHANNEL_UNAVAILABLE; an answer that is not JSON is CHANNEL_BAD_RESPONSE', async () => {
    const o = await started();
    const quick = make({}, { timeoutMs: 300 });
    for (const fault of ['http500', 'drop', 'stall'] as const) {
      gateway.faults = [fault];
      await expect(quick.query(o)).rejects.toMatchObject({ code: 'CHANNEL_UNAVAILABLE', status: 503 });
    }
    gateway.faults = ['notJson'];
    await expect(channel.query(o)).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE', status: 502 });
  });

  test('an answer about an order with another custom_id is not an answer about ours', async () => {
    const o = await started();
    gateway.orderOf(o.paymentId).unit.custom_id = 'p20260101someoneelse';
    await expect(channel.query(o)).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE' });
  });
});
