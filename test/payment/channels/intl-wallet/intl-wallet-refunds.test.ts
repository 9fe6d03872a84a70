/**
 * INTL_WALLET refunds through the refund service (console refundPayment) against the local PayPal gateway: a
 * partial and then a full refund of a paid USD order (PARTIALLY_REFUNDED, REFUNDED, the notifyUrl told each
 * time), a refund PayPal leaves PENDING settled by its signed PAYMENT.CAPTURE.REFUNDED webhook, and 20
 * concurrent refunds over the paid amount refunding at most the paid amount, at PayPal too.
 */
import { PaymentRefund } from '../../../../src/payment/refunds/types.js';
import type { RefundView } from '../../../../src/payment/refunds/refund-view.js';
import { eq } from '../../../../src/host/sdk/index.js';
import { PaymentInfo } from '../../../../src/payment/orders/types.js';
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
import { FakePayPalGateway } from './fake-paypal-gateway.js';
import { CLIENT_ID, CLIENT_SECRET, PAYPAL_SIGNER, WEBHOOK_ID } from './test-keys.js';

let server: PaymentServer;
let gateway: FakePayPalGateway;
let receiver: NotifyReceiver;

beforeAll(async () => {
  server = await startPaymentServer();
  gateway = await new FakePayPalGateway({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    webhookId: WEBHOOK_ID,
    signer: PAYPAL_SIGNER,
  }).start();
  receiver = await new NotifyReceiver().start();
  await configure(server, {
    allowLocalCallbackDomain: true,
    callbackDomain: server.url,
    allowPrivateNotifyTargets: true,
    supportedChannels: ['INTL_WALLET:CHECKOUT'],
    intlWalletEnabled: true,
    intlWalletClientId: CLIENT_ID,
    intlWalletClientSecret: CLIENT_SECRET,
    intlWalletWebhookId: WEBHOOK_ID,
    intlWalletGateway: gateway.url,
  });
  receiver.publicKeyPem = (await api<InterfaceKey>(server, 'GET', `${CONSOLE}/interface-keys/public`)).body.data.publicKey;
}, 60_000);
afterAll(async () => {
  await receiver?.stop();
  await gateway?.stop();
  await server?.stop();
});
afterEach(() => {
  gateway.refundStatus = 'COMPLETED';
});

/** A USD order paid at PayPal: approved, and captured by the approval webhook's confirming query. */
async function paidOrder(orderId: string): Promise<PaymentView> {
  const created = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId,
    subject: 'Plugin licence',
    paymentAmount: '12.30',
    paymentType: 'PAYPAL',
    paymentChannel: 'CHECKOUT',
    notifyUrl: receiver.url,
  });
  const { paymentId } = created.body.data;
  const approved = gateway.webhook('CHECKOUT.ORDER.APPROVED', gateway.orderJson(gateway.approve(paymentId)));
  expect((await gateway.deliver(`${server.url}${PUBLIC}/asyncCallback/CUSTOM`, approved)).status).toBe(200);
  return (await api<PaymentView>(server, 'GET', `${CONSOLE}/payments/${paymentId}`)).body.data;
}
const refund = (paymentId: string, body: Record<string, unknown>) =>
  api<RefundView>(server, 'POST', `${CONSOLE}/payments/${paymentId}/refunds`, body);
const orderView = async (paymentId: string) =>
  (
    await api<PaymentView & { refundedAmountMinor: number; refundableAmountMinor: number }>(
      server,
      'GET',
      `${CONSOLE}/payments/${paymentId}`,
    )
  ).body.data;
const refundedNotifications = (paymentId: string) => receiver.forPayment(paymentId).filter((r) => r.body.event === 'payment.refunded');

test('a partial and then a full refund: PARTIALLY_REFUNDED, then REFUNDED, the capture refunded at PayPal, each told', async () => {
  const paid = await paidOrder('pp-refund-1');
  expect(paid.status).toBe('SUCCESS');
  const first = await refund(paid.paymentId, { amount: '2.30', reason: 'partial return' });
  expect(first.body.data).toMatchObject({
    status: 'SUCCESS',
    amount: '2.30',
    amountMinor: 230,
    currency: 'USD',
    channelRefundNo: expect.any(String),
  });
  const call = gateway.requests.filter((r) => r.path.endsWith('/refund')).at(-1)!;
  expect(call.requestId).toBe(first.body.data.refundNo);
  expect(JSON.parse(call.body)).toMatchObject({
    amount: { currency_code: 'USD', value: '2.30' },
    custom_id: paid.paymentId,
    note_to_payer: 'partial return',
  });
  expect(await orderView(paid.paymentId)).toMatchObject({
    status: 'PARTIALLY_REFUNDED',
    refundedAmountMinor: 230,
    refundableAmountMinor: 1000,
  });

  const rest = await refund(paid.paymentId, { reason: 'full return' });
  expect(rest.body.data).toMatchObject({ status: 'SUCCESS', amount: '10.00' });
  expect(await orderView(paid.paymentId)).toMatchObject({ status: 'REFUNDED', refundedAmountMinor: 1230, refundableAmountMinor: 0 });
  expect(gateway.captureOf(paid.paymentId)).toMatchObject({ status: 'REFUNDED', refundedMinor: 1230 });
  const told = await eventually(() =>
    refundedNotifications(paid.paymentId).length === 2 ? refundedNotifications(paid.paymentId) : undefined,
  );
  expect(told.every((n) => n.signatureValid && n.body.type === 'INTL_WALLET')).toBe(true);
  expect(told.map((n) => (n.body.refund as { amount: string }).amount).sort()).toEqual(['10.00', '2.30']);

  // PayPal announces both refunds; they are ours and already settled, so nothing changes.
  for (const r of [first.body.data, rest.body.data]) {
    const webhook = gateway.webhook('PAYMENT.CAPTURE.REFUNDED', gateway.refundJson(gateway.refunds.get(r.channelRefundNo!)!));
    expect((await gateway.deliver(`${server.url}${PUBLIC}/asyncCallback/CUSTOM`, webhook)).status).toBe(200);
  }
  expect(await orderView(paid.paymentId)).toMatchObject({ status: 'REFUNDED', refundedAmountMinor: 1230 });
});

test('a refund PayPal leaves PENDING is settled by its signed PAYMENT.CAPTURE.REFUNDED webhook', async () => {
  const paid = await paidOrder('pp-refund-pending');
  gateway.refundStatus = 'PENDING';
  const pending = (await refund(paid.paymentId, { amount: '5.00', reason: 'pending at PayPal' })).body.data;
  expect(pending).toMatchObject({ status: 'PENDING', vendorStatus: 'PENDING' });
  expect((await orderView(paid.paymentId)).status).toBe('SUCCESS');
  const atPayPal = gateway.refunds.get(pending.channelRefundNo!)!;
  atPayPal.status = 'COMPLETED';
  const webhook = gateway.webhook('PAYMENT.CAPTURE.REFUNDED', gateway.refundJson(atPayPal));
  expect((await gateway.deliver(`${server.url}${PUBLIC}/asyncCallback/CUSTOM`, webhook)).status).toBe(200);
  const refunds = (await server.runtime.client.list(PaymentRefund, { where: eq('spec.paymentId', paid.paymentId) })).items;
  expect(refunds.map((r) => r.spec.status)).toEqual(['SUCCESS']);
  expect(await orderView(paid.paymentId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmountMinor: 500 });
  await eventually(() => refundedNotifications(paid.paymentId).length === 1);
});

test('20 concurrent refunds of 1.00 on a 12.30 order refund at most the paid amount, here and at PayPal', async () => {
  const paid = await paidOrder('pp-refund-race');
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => refund(paid.paymentId, { amount: '1.00', reason: `race ${i}` })));
  const ok = answers.filter((a) => a.status === 200);
  expect(ok.every((a) => a.body.data.status === 'SUCCESS')).toBe(true);
  expect(ok).toHaveLength(12);
  expect(answers.filter((a) => a.status !== 200).every((a) => a.body.code === 'REFUND_AMOUNT_EXCEEDS')).toBe(true);
  const order = await server.runtime.client.get(PaymentInfo, paid.paymentId);
  expect(order.spec).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 1200, refundPendingAmount: 0 });
  expect(gateway.captureOf(paid.paymentId)!.refundedMinor).toBe(1200);
});
