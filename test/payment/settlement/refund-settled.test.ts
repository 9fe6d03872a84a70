/**
 * Refunds of merchant orders paid through the SANDBOX channel (which refunds at once) and then settled: while the
 * settlement is PENDING the refund is refused; after confirmation it freezes then debits the merchant's balance;
 * one beyond the withdrawable balance is refused with nothing changed.
 */
import { eq } from '../../../src/host/sdk/index.js';
import { checkBalance, readBalance } from '../../../src/payment/ledger/read-balance.js';
import { LedgerEntry } from '../../../src/payment/ledger/types.js';
import { createPayment } from '../../../src/payment/orders/create-payment.js';
import { PaymentInfo } from '../../../src/payment/orders/types.js';
import { PaymentRefund } from '../../../src/payment/refunds/types.js';
import {
  anonymous,
  api,
  configure,
  CONSOLE,
  eventually,
  PUBLIC,
  startPaymentServer,
  type PaymentServer,
} from '../support/payment-server.js';
import { merchant, move, mySettings, trigger } from './settlement-world.js';

let server: PaymentServer;

/** A SANDBOX order of the merchant, paid through the sandbox's signed callback. */
async function paidSandboxOrder(platform: string, orderId: string, amount: string): Promise<string> {
  const order = await createPayment(
    server.payment.deps,
    { orderId, subject: '插件授权', paymentAmount: amount, paymentType: 'SANDBOX', paymentChannel: 'SIMULATED' },
    { platform, username: platform },
  );
  const paid = await api(server, 'POST', `${PUBLIC}/payments/${order.spec.paymentId}/sandboxPay`, { outcome: 'success' }, anonymous);
  expect(paid.status).toBe(200);
  await eventually(async () => (await server.runtime.client.get(PaymentInfo, order.spec.paymentId)).spec.status === 'SUCCESS');
  return order.spec.paymentId;
}

const refund = (paymentId: string, amount: string) =>
  api<{ status: string }>(server, 'POST', `${CONSOLE}/payments/${paymentId}/refunds`, { amount, reason: 'customer asked' });
const refundsOf = async (paymentId: string) =>
  (await server.runtime.client.list(PaymentRefund, { where: eq('spec.paymentId', paymentId) })).items;

beforeAll(async () => {
  server = await startPaymentServer();
  await configure(server, { sandboxEnabled: true });
  await mySettings(server, { enabled: true, defaultFeeRate: '0.60' });
  await merchant(server, 'shop');
}, 60_000);
afterAll(() => server?.stop());

test('a settled order refunds against the merchant balance; pending settlements and too-large refunds are refused', async () => {
  const paymentId = await paidSandboxOrder('shop', 'rs-1', '10.00');
  const [rec] = (await trigger(server, { merchant: 'shop' })).body.data.records;
  expect(rec).toMatchObject({ totalAmount: '10.00', feeAmount: '0.06', settlementAmount: '9.94' });

  const early = await refund(paymentId, '1.00');
  expect([early.status, early.body.code]).toEqual([409, 'ORDER_SETTLEMENT_PENDING']);
  expect(await refundsOf(paymentId)).toHaveLength(0);
  expect((await server.runtime.client.get(PaymentInfo, paymentId)).spec.refundPendingAmount ?? 0).toBe(0);

  await move(server, rec.name, 'confirm');
  const deps = server.payment.deps;
  expect(await readBalance(deps, 'shop', 'CNY')).toMatchObject({ balance: 994, frozen: 0 });
  const first = await refund(paymentId, '3.00');
  expect([first.status, first.body.data.status]).toEqual([200, 'SUCCESS']);
  const types = (await server.runtime.client.list(LedgerEntry, { where: eq('spec.merchant', 'shop') })).items.map((e) => e.spec.type);
  expect(types.sort()).toEqual(['REFUND_DEBIT', 'REFUND_FREEZE', 'SETTLEMENT_CREDIT']);
  expect(await readBalance(deps, 'shop', 'CNY')).toMatchObject({ balance: 694, frozen: 0, withdrawable: 694 });

  // 7.00 is still refundable on the order, but the merchant can give back at most 6.94.
  const tooMuch = await refund(paymentId, '7.00');
  expect([tooMuch.status, tooMuch.body.code]).toEqual([409, 'INSUFFICIENT_BALANCE']);
  expect(await refundsOf(paymentId)).toHaveLength(1);
  expect((await server.runtime.client.get(PaymentInfo, paymentId)).spec).toMatchObject({
    refundedAmount: 300,
    status: 'PARTIALLY_REFUNDED',
  });
  const check = await checkBalance(deps, 'shop', 'CNY');
  expect(check).toMatchObject({ matches: true, entryCount: 3, stored: { balance: 694, frozen: 0 } });
}, 60_000);
