/**
 * The official `stripe` package as the oracle:
 * - webhooks: what the fake API sends (signed with `webhooks.generateTestHeaderString`) is accepted by
 *   `webhooks.constructEvent`, and our verifier agrees with constructEvent case by case — a valid signature,
 *   several v1 signatures, one byte changed, an old timestamp, another secret, a v0-only header;
 * - the API: the official client (`new Stripe(key, {host, port, protocol})`) creates, retrieves and expires
 *   Checkout Sessions and creates and retrieves refunds at the fake, with Stripe's idempotency and error
 *   classes, so the fake the adapter is tested against speaks Stripe's wire protocol.
 */
import Stripe from 'stripe';
import { STRIPE_TOLERANCE_SECONDS, verifyStripeSignature } from '../../../../src/payment/channels/card/index.js';
import { FakeStripeApi } from './fake-stripe-api.js';
import { OTHER_WEBHOOK_SECRET, SECRET_KEY, WEBHOOK_SECRET } from './test-keys.js';

let fake: FakeStripeApi;
let official: Stripe;
const signer = new Stripe('sk_test_oracle_only');

beforeAll(async () => {
  fake = await new FakeStripeApi({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }).start();
  official = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(() => fake.stop());

/** Whether each verifier accepts the request, at `nowSeconds`. */
function verdicts(body: string, header: string, nowSeconds: number): { ours: boolean; official: boolean } {
  let ours = true;
  let theirs = true;
  try {
    verifyStripeSignature(Buffer.from(body, 'utf8'), header, WEBHOOK_SECRET, nowSeconds);
  } catch {
    ours = false;
  }
  try {
    signer.webhooks.constructEvent(body, header, WEBHOOK_SECRET, STRIPE_TOLERANCE_SECONDS, undefined, nowSeconds * 1000);
  } catch {
    theirs = false;
  }
  return { ours, official: theirs };
}

describe('webhook signatures: our verifier and constructEvent agree', () => {
  const now = Math.floor(Date.now() / 1000);
  const event = {
    id: 'evt_test_oracle',
    object: 'event',
    created: now,
    data: { object: { id: 'cs_test_1', object: 'checkout.session', metadata: { paymentId: 'p1' } } },
    livemode: false,
    type: 'checkout.session.completed',
  };
  const body = JSON.stringify(event, null, 2);
  const sign = (options: { timestamp?: number; secret?: string; payload?: string } = {}) =>
    signer.webhooks.generateTestHeaderString({
      payload: options.payload ?? body,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.timestamp ?? now,
    });
  const v1Of = (header: string) =>
    header
      .split(',')
      .find((p) => p.startsWith('v1='))!
      .slice(3);

  test('what the fake API sends is accepted by constructEvent and by us', async () => {
    const delivery = fake.signed(body);
    expect(signer.webhooks.constructEvent(delivery.body, delivery.headers['stripe-signature'], WEBHOOK_SECRET).type).toBe(
      'checkout.session.completed',
    );
    expect(verdicts(delivery.body, delivery.headers['stripe-signature'], fake.nowSeconds())).toEqual({ ours: true, official: true });
  });

  test.each([
    ['a valid signature', () => [body, sign(), now], true],
    ['a timestamp 299 s old', () => [body, sign({ timestamp: now - 299 }), now], true],
    [
      'a second v1 signature of a rolled secret before the valid one',
      () => [body, `t=${now},v1=${'0'.repeat(64)},v1=${v1Of(sign())}`, now],
      true,
    ],
    ['one byte of the body changed', () => [body.replace('"p1"', '"p2"'), sign(), now], false],
    ['one byte of whitespace added', () => [`${body} `, sign(), now], false],
    ['a timestamp 301 s old', () => [body, sign({ timestamp: now - 301 }), now], false],
    ['another endpoint secret', () => [body, sign({ secret: OTHER_WEBHOOK_SECRET }), now], false],
    ['the signature of another timestamp', () => [body, `t=${now - 1},v1=${v1Of(sign())}`, now], false],
    ['only a v0 signature', () => [body, `t=${now},v0=${v1Of(sign())}`, now], false],
    ['no timestamp', () => [body, `v1=${v1Of(sign())}`, now], false],
    ['an empty header', () => [body, '', now], false],
  ] as Array<[string, () => [string, string, number], boolean]>)('%s', (_name, build, accepted) => {
    const [payload, header, at] = build();
    expect(verdicts(payload, header, at)).toEqual({ ours: accepted, official: accepted });
  });

  test('deliberately stricter: a timestamp more than 300 s in the future is refused by us (constructEvent checks only the age)', () => {
    expect(verdicts(body, sign({ timestamp: now + 301 }), now)).toEqual({ ours: false, official: true });
    expect(verdicts(body, sign({ timestamp: now + 299 }), now)).toEqual({ ours: true, official: true });
  });
});

describe('the fake API speaks what the official client speaks', () => {
  const sessionParams = (extra: Stripe.Checkout.SessionCreateParams = {}): Stripe.Checkout.SessionCreateParams => ({
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency: 'jpy', unit_amount: 500, product_data: { name: 'Pro licence' } } }],
    client_reference_id: 'p-oracle-1',
    metadata: { paymentId: 'p-oracle-1' },
    payment_intent_data: { metadata: { paymentId: 'p-oracle-1' } },
    success_url: 'https://pay.example.com/payment/p-oracle-1',
    ...extra,
  });

  test('sessions: create, retrieve with an expanded PaymentIntent, expire; an expired session cannot be expired again', async () => {
    const created = await official.checkout.sessions.create(sessionParams());
    expect(created).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      amount_total: 500,
      currency: 'jpy',
      client_reference_id: 'p-oracle-1',
    });
    expect(fake.requests.at(-1)!.form).toMatchObject({ line_items: [{ price_data: { currency: 'jpy', unit_amount: '500' } }] });
    await fake.pay(created.id, { notify: false });
    const retrieved = await official.checkout.sessions.retrieve(created.id, { expand: ['payment_intent.latest_charge'] });
    expect(retrieved).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(retrieved.payment_intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', latest_charge: { object: 'charge' } });

    const open = await official.checkout.sessions.create(sessionParams({ client_reference_id: 'p-oracle-2' }));
    expect(await official.checkout.sessions.expire(open.id)).toMatchObject({ status: 'expired' });
    await expect(official.checkout.sessions.expire(open.id)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(official.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
  });

  test("Stripe's rules: three-decimal amounts end in 0, ISK in 00, expires_at within 30 minutes and 24 hours", async () => {
    const kwd = sessionParams({
      line_items: [{ quantity: 1, price_data: { currency: 'kwd', unit_amount: 5125, product_data: { name: 'x' } } }],
    });
    await expect(official.checkout.sessions.create(kwd)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'line_items[0][price_data][unit_amount]',
    });
    const isk = sessionParams({
      line_items: [{ quantity: 1, price_data: { currency: 'isk', unit_amount: 550, product_data: { name: 'x' } } }],
    });
    await expect(official.checkout.sessions.create(isk)).rejects.toMatchObject({ code: 'invalid_charge_amount' });
    const soon = sessionParams({ expires_at: fake.nowSeconds() + 10 * 60 });
    await expect(official.checkout.sessions.create(soon)).rejects.toMatchObject({ param: 'expires_at' });
  });

  test('refunds: create (partial, idempotent by key), retrieve, list; over the rest and another body under one key refused', async () => {
    const session = await official.checkout.sessions.create(sessionParams({ client_reference_id: 'p-oracle-3' }));
    await fake.pay(session.id, { notify: false });
    const intent = String(fake.session(session.id).payment_intent);
    const refund = await official.refunds.create(
      { payment_intent: intent, amount: 200, metadata: { refundId: 'r-o-1' } },
      { idempotencyKey: 'r-o-1' },
    );
    expect(refund).toMatchObject({ object: 'refund', amount: 200, currency: 'jpy', status: 'succeeded' });
    const replay = await official.refunds.create(
      { payment_intent: intent, amount: 200, metadata: { refundId: 'r-o-1' } },
      { idempotencyKey: 'r-o-1' },
    );
    expect(replay.id).toBe(refund.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(
      official.refunds.create({ payment_intent: intent, amount: 100, metadata: { refundId: 'r-o-1' } }, { idempotencyKey: 'r-o-1' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(official.refunds.create({ payment_intent: intent, amount: 301 })).rejects.toMatchObject({ param: 'amount' });
    expect(await official.refunds.retrieve(refund.id)).toMatchObject({ id: refund.id, metadata: { refundId: 'r-o-1' } });
    expect((await official.refunds.list({ payment_intent: intent })).data.map((r) => r.id)).toEqual([refund.id]);
  });

  test('a wrong key is an authentication error', async () => {
    const stranger = new Stripe('sk_test_51NotTheRightKey000000000000', {
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(stranger.refunds.retrieve('re_x')).rejects.toMatchObject({ statusCode: 401 });
  });
});
