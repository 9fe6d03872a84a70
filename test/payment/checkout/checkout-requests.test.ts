/**
 * The payment service's checkout contract on a real server: a CheckoutRequest written by another service (here
 * through the client, as plugin-auth does) becomes one system order of its user, carrying the requested labels
 * and annotations; a refused request answers FAILED with the error in both languages; a processed request is
 * deleted after its day; listCheckoutChannels shows the usable channels to a user.
 */
import { processCheckout } from '../../../src/payment/checkout/process-checkout.js';
import { CHECKOUT_RETENTION_MS, CheckoutRequest } from '../../../src/payment/checkout/types.js';
import { PaymentInfo, SYSTEM_PLATFORM } from '../../../src/payment/orders/types.js';
import { api, eventually, startPaymentServer, UC, type PaymentServer } from '../support/payment-server.js';

let server: PaymentServer;
beforeAll(async () => {
  server = await startPaymentServer();
});
afterAll(() => server.stop());

function request(name: string, spec: Partial<CheckoutRequest['spec']> = {}) {
  return server.runtime.client.create(CheckoutRequest, {
    metadata: { name },
    spec: {
      username: 'buyer',
      subject: 'Thing',
      amount: '12.30',
      currency: 'CNY',
      paymentType: 'SANDBOX',
      paymentChannel: 'SIMULATED',
      requestedBy: 'test',
      orderLabels: { 'example.test/kind': 'thing' },
      orderAnnotations: { 'example.test/ref': 'a long reference that would not fit a label value because it has spaces' },
      ...spec,
    },
  });
}

const answered = async (name: string) => {
  const r = await server.runtime.client.fetch(CheckoutRequest, name);
  return r?.status?.phase === 'CREATED' || r?.status?.phase === 'FAILED' ? r : undefined;
};

test('a request becomes one started system order of its user, with the labels and annotations asked for', async () => {
  await request('req-ok-1');
  const done = await eventually(() => answered('req-ok-1'));
  expect(done.status).toMatchObject({ phase: 'CREATED' });
  expect(done.status?.payUrl).toMatch(new RegExp(`/payment/${done.status?.paymentId}$`));
  const order = await server.runtime.client.get(PaymentInfo, done.status!.paymentId!);
  expect(order.spec).toMatchObject({
    orderId: 'req-ok-1',
    platform: SYSTEM_PLATFORM,
    username: 'buyer',
    paymentAmount: 1230,
    status: 'PAYING',
  });
  expect(order.metadata.labels).toEqual({ 'example.test/kind': 'thing' });
  expect(order.metadata.annotations?.['example.test/ref']).toContain('long reference');

  // Reconciling again (a replay, a restart) answers nothing new and makes no second order.
  await processCheckout(server.payment.deps, 'req-ok-1');
  const orders = await server.runtime.client.list(PaymentInfo, {});
  expect(orders.items.filter((o) => o.spec.orderId === 'req-ok-1')).toHaveLength(1);
});

test('a refused request answers FAILED with the error in both languages and leaves no order', async () => {
  await request('req-bad-1', { amount: '0.001' });
  const done = await eventually(() => answered('req-bad-1'));
  expect(done.status?.phase).toBe('FAILED');
  expect(done.status?.error).toMatchObject({ code: 'INVALID_AMOUNT', status: 400 });
  expect(done.status?.error?.message).toMatch(/[\u4e00-\u9fff]/);
  expect(done.status?.error?.messageEn).not.toMatch(/[\u4e00-\u9fff]/);
  expect(done.status?.paymentId).toBeUndefined();
});

test('a processed request is deleted once its day is over', async () => {
  await request('req-old-1');
  await eventually(() => answered('req-old-1'));
  const deps = { ...server.payment.deps, clock: { ...server.payment.deps.clock, now: () => Date.now() + CHECKOUT_RETENTION_MS + 1000 } };
  await processCheckout(deps, 'req-old-1');
  expect(await server.runtime.client.fetch(CheckoutRequest, 'req-old-1')).toBeUndefined();
});

test('listCheckoutChannels shows a signed-in user the channels usable now', async () => {
  const res = await api<{ items: Array<{ paymentType: string; paymentChannel: string }> }>(server, 'GET', `${UC}/checkout-channels`);
  expect(res.body.data.items).toContainEqual({ paymentType: 'SANDBOX', paymentChannel: 'SIMULATED' });
});
