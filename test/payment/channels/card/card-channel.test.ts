/**
 * CARD against the local Stripe API: options, Stripe's currency rules (zero-, two- and three-decimal and the
 * special cases) converted exactly, Checkout Session creation (the exact form Stripe receives, idempotency,
 * expiry bounds), query, close (expire), refunds and what a misbehaving API makes of each.
 */
import {
  CARD_CURRENCIES,
  cardDefinition,
  CardChannel,
  fromStripeAmount,
  STRIPE_CURRENCIES,
  toStripeAmount,
} from '../../../../src/payment/channels/card/index.js';
import { currencyExponent } from '../../../../src/payment/money/index.js';
import { sessionExpiry } from '../../../../src/payment/channels/card/checkout-calls.js';
import { createChannelRegistry, isChannelError, parseChannelAmount } from '../../../../src/payment/channels/index.js';
import type { ChannelOrder, InitiateContext } from '../../../../src/payment/channels/core/types.js';
import { FakeStripeApi } from './fake-stripe-api.js';
import { SECRET_KEY, WEBHOOK_SECRET } from './test-keys.js';

let stripe: FakeStripeApi;
let channel: CardChannel;
let seq = 0;

const ctx: InitiateContext = {
  callbackUrl: 'https://pay.example.com/apis/api.payment.authpay.dev/v1alpha1/asyncCallback/CUSTOM',
  baseUrl: 'https://pay.example.com',
};

function order(currency = 'EUR', amountMinor = 1230, extra: Partial<ChannelOrder> = {}): ChannelOrder {
  seq += 1;
  return {
    paymentId: `p20260101card${String(seq).padStart(4, '0')}${Date.now() % 100000}`,
    orderId: `o-${seq}`,
    paymentType: 'CARD',
    paymentChannel: 'CHECKOUT',
    subject: 'Pro licence / 专业版授权',
    amountMinor,
    currency,
    expiresAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
    ...extra,
  };
}

const options = (extra: Record<string, unknown> = {}) => ({
  secretKey: SECRET_KEY,
  webhookSecret: WEBHOOK_SECRET,
  currency: 'USD',
  apiBaseUrl: stripe.url,
  ...extra,
});
const make = (extra: Record<string, unknown> = {}, timeoutMs?: number) =>
  cardDefinition.create(cardDefinition.validateOptions(options(extra)), { timeoutMs }) as CardChannel;

/** Initiates and returns the order with its session id, as the orders service stores it. */
async function started(o: ChannelOrder): Promise<ChannelOrder> {
  const result = await channel.initiate(o, ctx);
  return { ...o, channelTradeNo: result.channelTradeNo };
}

async function rejected(promise: Promise<unknown>): Promise<{ code: string; status: number; text: string; details: unknown }> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeDefined();
  const e = err as { code: string; status: number; message: string; details: unknown };
  return { code: e.code, status: e.status, text: `${e.message} ${JSON.stringify(e.details)}`, details: e.details };
}

beforeAll(async () => {
  stripe = await new FakeStripeApi({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }).start();
  channel = make();
});
afterAll(() => stripe.stop());
afterEach(() => {
  stripe.faults = [];
  stripe.refundStatus = 'succeeded';
});

describe('options', () => {
  test('defaults: USD and https://api.stripe.com; the registry knows CARD and its alias STRIPE', () => {
    const parsed = cardDefinition.validateOptions({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    expect(parsed).toMatchObject({ currency: 'USD', apiBaseUrl: 'https://api.stripe.com', livemode: false });
    expect(cardDefinition.validateOptions({ ...parsed, currency: 'jpy', apiBaseUrl: `${stripe.url}/` })).toMatchObject({
      currency: 'JPY',
      apiBaseUrl: stripe.url,
    });
    const registry = createChannelRegistry();
    expect(registry.resolve('stripe', 'checkout')).toEqual({ paymentType: 'CARD', paymentChannel: 'CHECKOUT' });
    expect(cardDefinition.secretFields).toEqual(['secretKey', 'webhookSecret']);
  });

  test('every bad field is named with a reason; no key is echoed', () => {
    const publishable = 'pk_test_51AuthPayPublishableKeyabcdef';
    const secret = 'whsec has spaces 0123456789';
    let err: unknown;
    try {
      cardDefinition.validateOptions({ secretKey: publishable, webhookSecret: secret, currency: 'XYZ', apiBaseUrl: 'ftp://stripe.test' });
    } catch (e) {
      err = e;
    }
    expect(isChannelError(err, 'CHANNEL_MISCONFIGURED')).toBe(true);
    const { details, message } = err as { details: Array<{ field: string; reason: string }>; message: string };
    expect(details.map((d) => [d.field, d.reason])).toEqual([
      ['secretKey', 'FORMAT'],
      ['webhookSecret', 'FORMAT'],
      ['currency', 'FORMAT'],
      ['apiBaseUrl', 'FORMAT'],
    ]);
    const all = `${message} ${JSON.stringify(details)}`;
    expect(all).not.toContain(publishable);
    expect(all).not.toContain(secret);
    expect(() => cardDefinition.validateOptions({})).toThrow(/secretKey, webhookSecret/);
    // IQD has an ISO exponent but Stripe does not present it.
    expect(() => cardDefinition.validateOptions({ ...options(), currency: 'IQD' })).toThrow(/currency/);
  });
});

describe("currencies: our minor units and Stripe's amount, exactly", () => {
  test("every Stripe presentment currency CARD lists is in the money module's ISO table, so none is dropped", () => {
    expect(Object.keys(CARD_CURRENCIES)).toEqual([...STRIPE_CURRENCIES]);
    expect(STRIPE_CURRENCIES.length).toBeGreaterThanOrEqual(135);
    expect(STRIPE_CURRENCIES.map((c) => currencyExponent(c)).filter((e) => e === undefined)).toEqual([]);
    // ISO exponents where Stripe writes the amount differently.
    expect(['ISK', 'UGX', 'MGA', 'KWD', 'HUF', 'XCD'].map((c) => currencyExponent(c))).toEqual([0, 0, 2, 3, 2, 2]);
  });

  test.each([
    ['JPY', 500, 500],
    ['KRW', 15000, 15000],
    ['EUR', 1230, 1230],
    ['USD', 1999, 1999],
    ['KWD', 5120, 5120],
    ['BHD', 100, 100],
    ['HUF', 1045, 1045],
    ['TWD', 80045, 80045],
    ['ISK', 5, 500],
    ['UGX', 60000, 6000000],
    ['MGA', 1200, 12],
  ])('%s %i minor units ↔ Stripe amount %i', (currency, ours, wire) => {
    expect(toStripeAmount(ours, currency)).toBe(wire);
    expect(fromStripeAmount(wire, currency)).toBe(ours);
  });

  test('amounts Stripe cannot carry are refused, never rounded; foreign amounts are not read', () => {
    expect(() => toStripeAmount(5125, 'KWD')).toThrow(expect.objectContaining({ code: 'INVALID_AMOUNT', problem: 'TOO_MANY_DECIMALS' }));
    expect(() => toStripeAmount(1250, 'MGA')).toThrow(expect.objectContaining({ problem: 'TOO_MANY_DECIMALS' }));
    expect(() => toStripeAmount(100, 'IQD')).toThrow(expect.objectContaining({ code: 'UNKNOWN_CURRENCY' }));
    expect(fromStripeAmount(550, 'ISK')).toBeUndefined();
    expect(fromStripeAmount(1.5, 'USD')).toBeUndefined();
    expect(fromStripeAmount('1000', 'USD')).toBeUndefined();
  });

  test('decimal amounts of the API are parsed for CARD with the precision Stripe charges', () => {
    const parse = (value: unknown, currency: string) => parseChannelAmount(channel, value, currency);
    expect(parse('500', 'JPY')).toEqual({ amountMinor: 500, currency: 'JPY' });
    expect(parse(12.3, 'eur')).toEqual({ amountMinor: 1230, currency: 'EUR' });
    expect(parse('19.99', 'USD')).toEqual({ amountMinor: 1999, currency: 'USD' });
    expect(parse('5.12', 'KWD')).toEqual({ amountMinor: 5120, currency: 'KWD' });
    expect(parse('5.120', 'KWD')).toEqual({ amountMinor: 5120, currency: 'KWD' });
    expect(parse('5', 'ISK')).toEqual({ amountMinor: 5, currency: 'ISK' });
    expect(() => parse('5.125', 'KWD')).toThrow(expect.objectContaining({ code: 'INVALID_AMOUNT', problem: 'TOO_MANY_DECIMALS' }));
    expect(() => parse('500.5', 'JPY')).toThrow(expect.objectContaining({ problem: 'TOO_MANY_DECIMALS' }));
    expect(() => parse('12.50', 'MGA')).toThrow(expect.objectContaining({ problem: 'TOO_MANY_DECIMALS' }));
    const foreign = (() => {
      try {
        parse('1.000', 'IQD');
      } catch (e) {
        return e as { code: string; messageEn?: string; message: string };
      }
    })();
    expect(foreign).toMatchObject({ code: 'UNKNOWN_CURRENCY' });
    expect(foreign!.message.length).toBeLessThan(200);
  });
});

describe('Checkout Session creation', () => {
  test.each([
    ['JPY', 500, 'jpy', 500],
    ['EUR', 1230, 'eur', 1230],
    ['KWD', 5120, 'kwd', 5120],
    ['USD', 1999, 'usd', 1999],
  ])(
    '%s %i: one line item in Stripe units, our payment id three times, return to our page',
    async (currency, amount, wireCurrency, wire) => {
      const o = order(currency, amount);
      const result = await channel.initiate(o, ctx);
      const request = stripe.requests.at(-1)!;
      expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorized: true });
      expect(request.form).toEqual({
        mode: 'payment',
        line_items: [
          { quantity: '1', price_data: { currency: wireCurrency, unit_amount: String(wire), product_data: { name: o.subject } } },
        ],
        client_reference_id: o.paymentId,
        metadata: { paymentId: o.paymentId, orderId: o.orderId },
        payment_intent_data: { metadata: { paymentId: o.paymentId, orderId: o.orderId } },
        success_url: `https://pay.example.com/payment/${o.paymentId}`,
        cancel_url: `https://pay.example.com/payment/${o.paymentId}`,
        expires_at: String(Math.floor(Date.parse(o.expiresAt!) / 1000)),
      });
      expect(request.idempotencyKey).toMatch(new RegExp(`^checkout-${o.paymentId}-[0-9a-f]{24}$`));
      const session = stripe.sessionOf(o.paymentId)!;
      expect(result).toMatchObject({ status: 'PAYING', payUrl: session.url, channelTradeNo: session.id });
      expect(result.raw).toMatchObject({ id: session.id, amount_total: wire, currency: wireCurrency });
    },
  );

  test('a retry of the same initiation gets the same session (Idempotency-Key), not a second one', async () => {
    const o = order('JPY', 800);
    const first = await channel.initiate(o, ctx);
    const second = await channel.initiate(o, ctx);
    expect(second.channelTradeNo).toBe(first.channelTradeNo);
    expect([...stripe.sessions.values()].filter((s) => s.client_reference_id === o.paymentId)).toHaveLength(1);
  });

  test("expires_at follows the order's time-out within Stripe's 30 minutes to 24 hours; none without a time-out", () => {
    const now = Date.parse('2026-03-01T00:00:00Z');
    const at = (ms: number) => new Date(now + ms).toISOString();
    const seconds = (ms: number) => Math.floor((now + ms) / 1000);
    expect(sessionExpiry(at(2 * 3600_000), now)).toBe(seconds(2 * 3600_000));
    expect(sessionExpiry(at(10 * 60_000), now)).toBe(seconds(32 * 60_000));
    expect(sessionExpiry(at(30 * 60_000), now)).toBe(seconds(32 * 60_000));
    expect(sessionExpiry(at(3 * 24 * 3600_000), now)).toBe(seconds(24 * 3600_000 - 120_000));
    expect(sessionExpiry(undefined, now)).toBeUndefined();
  });

  test('a 30-minute time-out (the default) is accepted by Stripe: the session lives 32 minutes', async () => {
    const o = order('EUR', 990, { expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() });
    await channel.initiate(o, ctx);
    const session = stripe.sessionOf(o.paymentId)!;
    expect(Number(session.expires_at) - Number(session.created)).toBeGreaterThanOrEqual(30 * 60);
  });

  test('the payment page is the return address; without a base URL the returnUrl; a body becomes the description', async () => {
    const o = order('USD', 100, { body: 'One year of updates' });
    await channel.initiate(o, { callbackUrl: ctx.callbackUrl, returnUrl: 'https://shop.example.com/thanks' });
    expect(stripe.requests.at(-1)!.form).toMatchObject({
      success_url: 'https://shop.example.com/thanks',
      line_items: [{ price_data: { product_data: { name: o.subject, description: 'One year of updates' } } }],
    });
    expect(await rejected(channel.initiate(order(), { callbackUrl: ctx.callbackUrl }))).toMatchObject({ code: 'CHANNEL_MISCONFIGURED' });
  });

  test('a currency or channel CARD does not take is refused before Stripe is asked', async () => {
    const before = stripe.requests.length;
    expect(await rejected(channel.initiate(order('IQD', 1000), ctx))).toMatchObject({ code: 'UNKNOWN_CURRENCY', status: 400 });
    expect(await rejected(channel.initiate(order('KWD', 5125), ctx))).toMatchObject({ code: 'INVALID_AMOUNT' });
    expect(await rejected(channel.initiate({ ...order(), paymentChannel: 'NATIVE' }, ctx))).toMatchObject({
      code: 'UNSUPPORTED_PAYMENT_CHANNEL',
    });
    expect(stripe.requests.length).toBe(before);
  });

  test("Stripe's refusals, outages and unreadable answers are typed errors; the key is never in them", async () => {
    const wrongKey = make({ secretKey: 'sk_test_51WrongKeyWrongKeyWrongKey0000' });
    const auth = await rejected(wrongKey.initiate(order(), ctx));
    expect(auth).toMatchObject({ code: 'CHANNEL_REJECTED', status: 502 });
    expect(auth.text).toContain('authentication_error');
    expect(auth.text).not.toMatch(/sk_test|0000/);

    const refused = await rejected(channel.initiate(order('AED', 1000), ctx));
    expect(refused).toMatchObject({ code: 'CHANNEL_REJECTED' });
    expect(refused.text).toContain('Invalid currency: aed');
    expect(refused.text).toContain('param line_items[0][price_data][currency]');

    for (const [fault, code] of [
      ['http500', 'CHANNEL_UNAVAILABLE'],
      ['http429', 'CHANNEL_UNAVAILABLE'],
      ['drop', 'CHANNEL_UNAVAILABLE'],
      ['notJson', 'CHANNEL_BAD_RESPONSE'],
    ] as const) {
      stripe.faults = [fault];
      expect(await rejected(channel.initiate(order(), ctx))).toMatchObject({ code });
    }
    stripe.faults = ['stall'];
    expect(await rejected(make({}, 200).initiate(order(), ctx))).toMatchObject({ code: 'CHANNEL_UNAVAILABLE' });
  });
});

describe('query', () => {
  test('open → PAYING; paid → SUCCESS with amount, currency and the charge time; the session id stays the trade number', async () => {
    const o = await started(order('JPY', 500));
    expect(await channel.query(o)).toMatchObject({ status: 'PAYING', vendorStatus: 'OPEN' });
    await stripe.pay(o.channelTradeNo!, { notify: false });
    const paid = await channel.query(o);
    expect(paid).toMatchObject({
      status: 'SUCCESS',
      amountMinor: 500,
      currency: 'JPY',
      channelTradeNo: o.channelTradeNo,
      vendorStatus: 'PAID',
    });
    expect(paid.paidAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(stripe.requests.at(-1)!.query).toEqual({ expand: ['payment_intent.latest_charge'] });
  });

  test('a delayed payment is PAYING until it settles; failed → FAILED, succeeded → SUCCESS', async () => {
    const failing = await started(order('EUR', 2500));
    await stripe.pay(failing.channelTradeNo!, { delayed: true, notify: false });
    expect(await channel.query(failing)).toMatchObject({ status: 'PAYING', vendorStatus: 'PROCESSING' });
    await stripe.settleDelayed(failing.channelTradeNo!, 'failed', { notify: false });
    expect(await channel.query(failing)).toMatchObject({ status: 'FAILED', vendorStatus: 'PAYMENT_FAILED' });

    const settling = await started(order('EUR', 2600));
    await stripe.pay(settling.channelTradeNo!, { delayed: true, notify: false });
    await stripe.settleDelayed(settling.channelTradeNo!, 'succeeded', { notify: false });
    expect(await channel.query(settling)).toMatchObject({ status: 'SUCCESS', amountMinor: 2600, currency: 'EUR' });
  });

  test('expired → FAILED; no session yet or one Stripe does not know → UNPAID; another order’s session → bad response', async () => {
    const o = await started(order());
    await stripe.expire(o.channelTradeNo!, { notify: false });
    expect(await channel.query(o)).toMatchObject({ status: 'FAILED', vendorStatus: 'EXPIRED' });
    expect(await channel.query(order())).toMatchObject({ status: 'UNPAID', vendorStatus: 'NO_SESSION' });
    expect(await channel.query({ ...order(), channelTradeNo: 'cs_test_unknown' })).toMatchObject({
      status: 'UNPAID',
      vendorStatus: 'NOT_FOUND',
    });
    expect(await rejected(channel.query({ ...order(), channelTradeNo: o.channelTradeNo }))).toMatchObject({ code: 'CHANNEL_BAD_RESPONSE' });
  });
});

describe('close', () => {
  test('an open session is expired (closed at Stripe); again: still closed; a paid one refused; no session: nothing to close', async () => {
    const o = await started(order());
    expect(await channel.close(o)).toMatchObject({ closedAtChannel: true });
    expect(stripe.session(o.channelTradeNo!).status).toBe('expired');
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/checkout/sessions/${o.channelTradeNo}/expire` });
    expect(await channel.close(o)).toMatchObject({ closedAtChannel: true });

    const paid = await started(order());
    await stripe.pay(paid.channelTradeNo!, { notify: false });
    expect(await rejected(channel.close(paid))).toMatchObject({ code: 'CHANNEL_REJECTED' });
    expect(await channel.close(order())).toEqual({ closedAtChannel: false, raw: { session: null } });
  });
});

describe('refunds', () => {
  async function paidOrder(currency = 'EUR', amount = 5000): Promise<ChannelOrder> {
    const o = await started(order(currency, amount));
    await stripe.pay(o.channelTradeNo!, { notify: false });
    return o;
  }
  const request = (o: ChannelOrder, refundId: string, amountMinor: number, reason?: string) => ({
    refundId,
    amountMinor,
    currency: o.currency,
    paidAmountMinor: o.amountMinor,
    reason,
  });

  test("a partial and then a full refund of the session's PaymentIntent; the same refund id twice refunds once", async () => {
    const o = await paidOrder('EUR', 5000);
    const first = await channel.refund(o, request(o, 'r-card-1', 1500, 'customer asked'));
    expect(first).toMatchObject({
      status: 'SUCCESS',
      amountMinor: 1500,
      vendorStatus: 'succeeded',
      channelRefundNo: expect.stringMatching(/^re_/),
    });
    const post = stripe.requests.at(-1)!;
    const intent = stripe.session(o.channelTradeNo!).payment_intent;
    expect(post).toMatchObject({ method: 'POST', path: '/v1/refunds', idempotencyKey: 'r-card-1' });
    expect(post.form).toEqual({
      payment_intent: intent,
      amount: '1500',
      metadata: { refundId: 'r-card-1', paymentId: o.paymentId, reason: 'customer asked' },
    });
    const again = await channel.refund(o, request(o, 'r-card-1', 1500, 'customer asked'));
    expect(again.channelRefundNo).toBe(first.channelRefundNo);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intent)).toHaveLength(1);

    const rest = await channel.refund(o, request(o, 'r-card-2', 3500));
    expect(rest).toMatchObject({ status: 'SUCCESS', amountMinor: 3500 });
    expect(stripe.charges.get(String(stripe.intents.get(String(intent))!.latest_charge))).toMatchObject({
      amount_refunded: 5000,
      refunded: true,
    });
  });

  test('more than is left, an unpaid order, another currency, an amount Stripe cannot carry: refused, nothing refunded', async () => {
    const o = await paidOrder('KWD', 5120);
    const over = await rejected(channel.refund(o, request(o, 'r-over', 5130)));
    expect(over).toMatchObject({ code: 'CHANNEL_REJECTED' });
    expect(over.text).toContain('greater than unrefunded amount');
    expect(await rejected(channel.refund(o, request(o, 'r-fils', 5)))).toMatchObject({ code: 'INVALID_AMOUNT' });
    expect(await rejected(channel.refund(o, { ...request(o, 'r-cur', 10), currency: 'USD' }))).toMatchObject({ code: 'UNKNOWN_CURRENCY' });
    const unpaid = await started(order());
    const notPaid = await rejected(channel.refund(unpaid, request(unpaid, 'r-unpaid', 100)));
    expect(notPaid).toMatchObject({ code: 'CHANNEL_REJECTED' });
    expect(notPaid.text).toContain('not_paid');
    expect(
      [...stripe.refunds.values()].filter((r) => r.metadata && (r.metadata as Record<string, string>).paymentId === o.paymentId),
    ).toEqual([]);
  });

  test('queryRefund: by Stripe id; by our refund id when the creation answer was lost; a pending refund that settles', async () => {
    const o = await paidOrder('USD', 4000);
    stripe.refundStatus = 'pending';
    const pending = await channel.refund(o, request(o, 'r-pending', 1000));
    expect(pending).toMatchObject({ status: 'PENDING', vendorStatus: 'pending' });
    expect(await channel.queryRefund(o, { refundId: 'r-pending', channelRefundNo: pending.channelRefundNo })).toMatchObject({
      status: 'PENDING',
    });
    stripe.refunds.get(pending.channelRefundNo!)!.status = 'succeeded';
    const settled = await channel.queryRefund(o, { refundId: 'r-pending', channelRefundNo: pending.channelRefundNo });
    expect(settled).toMatchObject({ status: 'SUCCESS', amountMinor: 1000, refundedAt: expect.any(String) });
    expect(await channel.queryRefund(o, { refundId: 'r-pending' })).toMatchObject({
      status: 'SUCCESS',
      channelRefundNo: pending.channelRefundNo,
    });
    expect(await channel.queryRefund(o, { refundId: 'r-never-sent' })).toMatchObject({ status: 'PENDING', vendorStatus: 'NOT_FOUND' });
    stripe.refunds.get(pending.channelRefundNo!)!.status = 'failed';
    expect(await channel.queryRefund(o, { refundId: 'r-pending', channelRefundNo: pending.channelRefundNo })).toMatchObject({
      status: 'FAILED',
    });
    expect(await rejected(channel.queryRefund(o, { refundId: 'r-other', channelRefundNo: pending.channelRefundNo }))).toMatchObject({
      code: 'CHANNEL_BAD_RESPONSE',
    });
  });
});
