/**
 * CARD refunds through the refund service (console refundPayment) against the local Stripe API: a partial and
 * then a full refund of a paid JPY and a paid EUR order (PARTIALLY_REFUNDED, REFUNDED, the refunds at Stripe,
 * the notifyUrl told each time), a refund Stripe leaves pending settled by its signed `refund.updated`
 * webhook, and 20 concurrent refunds over the paid amount refunding at most the paid amount, at Stripe too.
 */
import { eq } from '../../../../src/host/sdk/index.js';
import { PaymentInfo } from '../../../../src/payment/orders/types.js';
import type { RefundView } from '../../../../src/payment/refunds/refund-view.js';
import { PaymentRefund } from '../../../../src/payment/refunds/types.js';
import { NotifyReceiver } from '../../support/notify-receiver.js';
import {
  api,
  configure,
  CONSOLE,
  eventually,
  PUBLIC,
  startPaymentServer,
  type InterfaceKey,
  type PaymentServer,
  type PaymentView,
} from '../../support/payment-server.js';
import { FakeStripeApi } from './fake-stripe-api.js';
import { SECRET_KEY, WEBHOOK_SECRET } from './test-keys.js';

let server: PaymentServer;
let stripe: FakeStripeApi;
let receiver: NotifyReceiver;

beforeAll(async () => {
  server = await startPaymentServer();
  stripe = await new FakeStripeApi({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }).start();
  receiver = await new NotifyReceiver().start();
  await configure(server, {
    allowLocalCallbackDomain: true,
    callbackDomain: server.url,
    allowPrivateNotifyTargets: true,
    supportedChannels: ['CARD:CHECKOUT'],
    cardEnabled: true,
    cardSecretKey: SECRET_KEY,
    cardWebhookSecret: WEBHOOK_SECRET,
    cardCurrency: 'EUR',
    cardApiBaseUrl: stripe.url,
  });
  stripe.webhookUrl = `${server.url}${PUBLIC}/asyncCallback/CUSTOM`;
  receiver.publicKeyPem = (await api<InterfaceKey>(server, 'GET', `${CONSOLE}/interface-keys/public`)).body.data.publicKey;
}, 60_000);
afterAll(async () => {
  await receiver?.stop();
  await stripe?.stop();
  await server?.stop();
});
afterEach(() => {
  stripe.refundStatus = 'succeeded';
});

/** An order paid at Stripe: the session completed and its verified webhook moved the order to SUCCESS. */
async function paidOrder(orderId: string, paymentAmount: string, currency: string): Promise<PaymentView> {
  const created = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId,
    subject: 'Pro licence',
    paymentAmount,
    currency,
    paymentType: 'STRIPE',
    paymentChannel: 'CHECKOUT',
    notifyUrl: receiver.url,
  });
  expect(created.status).toBe(200);
  expect((await stripe.pay(created.body.data.channelTradeNo!))?.status).toBe(200);
  const paid = (await api<PaymentView>(server, 'GET', `${CONSOLE}/payments/${created.body.data.paymentId}`)).body.data;
  expect(paid.status).toBe('SUCCESS');
  return paid;
}
const refund = (paymentId: string, body: Record<string, unknown>) =>
  api<RefundView>(server, 'POST', `${CONSOLE}/payments/${paymentId}/refunds`, body);
const stored = async (paymentId: string) => (await server.runtime.client.get(PaymentInfo, paymentId)).spec;
const refundedAtStripe = (paymentId: string) =>
  [...stripe.refunds.values()]
    .filter((r) => r.payment_intent === stripe.sessionOf(paymentId)?.payment_intent && r.status === 'succeeded')
    .reduce((sum, r) => sum + Number(r.amount), 0);
const refundedNotifications = (paymentId: string) => receiver.forPayment(paymentId).filter((r) => r.body.event === 'payment.refunded');

describe.each([
  ['JPY', '500', '120', 120, '380', 500],
  ['EUR', '12.30', '2.30', 230, '10.00', 1230],
])('CARD refunds in %s', (currency, paid, part, partMinor, rest, total) => {
  test('a partial and then a full refund: PARTIALLY_REFUNDED, then REFUNDED, refunded at Stripe, each told', async () => {
    const order = await paidOrder(`card-refund-${currency}`, paid, currency);
    const first = await refund(order.paymentId, { amount: part, reason: 'partial return' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'SUCCESS', amount: part, amountMinor: partMinor, currency });
    expect(await stored(order.paymentId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: partMinor });

    const second = await refund(order.paymentId, { reason: 'full return' });
    expect(second.body.data).toMatchObject({ status: 'SUCCESS', amount: rest });
    expect(await stored(order.paymentId)).toMatchObject({ status: 'REFUNDED', refundedAmount: total, refundPendingAmount: 0 });
    // Stripe counts in its own units; for JPY and EUR they are the ISO minor units.
    expect(refundedAtStripe(order.paymentId)).toBe(total);

    const told = await eventually(() =>
      refundedNotifications(order.paymentId).length === 2 ? refundedNotifications(order.paymentId) : undefined,
    );
    expect(told.every((n) => n.signatureValid && n.body.type === 'CARD')).toBe(true);
    expect(told.map((n) => (n.body.refund as { amount: string }).amount).sort()).toEqual([part, rest].sort());

    const again = await refund(order.paymentId, { amount: part, reason: 'once more' });
    expect([again.status, again.body.code]).toEqual([409, 'ORDER_FULLY_REFUNDED']);
  });
});

test('a refund Stripe leaves pending is settled by its signed refund.updated webhook', async () => {
  const order = await paidOrder('card-refund-pending', '20.00', 'EUR');
  stripe.refundStatus = 'pending';
  const pending = (await refund(order.paymentId, { amount: '5.00', reason: 'pending at the bank' })).body.data;
  expect(pending.status).toBe('PENDING');
  expect((await stored(order.paymentId)).status).toBe('SUCCESS');

  expect((await stripe.settleRefund(pending.channelRefundNo!, 'succeeded'))?.status).toBe(200);
  const refunds = (await server.runtime.client.list(PaymentRefund, { where: eq('spec.paymentId', order.paymentId) })).items;
  expect(refunds.map((r) => r.spec.status)).toEqual(['SUCCESS']);
  expect(await stored(order.paymentId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 500 });
  await eventually(() => refundedNotifications(order.paymentId).length === 1);
});

test('20 concurrent refunds of 1.00 on a 12.30 order refund at most the paid amount, here and at Stripe', async () => {
  const order = await paidOrder('card-refund-race', '12.30', 'EUR');
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => refund(order.paymentId, { amount: '1.00', reason: `race ${i}` })));
  const ok = answers.filter((a) => a.status === 200);
  expect(ok).toHaveLength(12);
  expect(ok.every((a) => a.body.data.status === 'SUCCESS')).toBe(true);
  expect(answers.filter((a) => a.status !== 200).every((a) => a.body.code === 'REFUND_AMOUNT_EXCEEDS')).toBe(true);
  expect(await stored(order.paymentId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 1200, refundPendingAmount: 0 });
  expect(refundedAtStripe(order.paymentId)).toBe(1200);
});
