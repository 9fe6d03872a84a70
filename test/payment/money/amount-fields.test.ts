/**
 * Every amount field takes at most the currency's minor digits (issue #28 item 6), through HTTP: a finer
 * amount is a 400 at the field, never rounded, and nothing is written — payment creation, refunds,
 * withdrawals, balance adjustments, the account-opening fee and the fee rates (two decimals of a percent).
 */
import { SandboxChannel } from '../../../src/payment/channels/sandbox/index.js';
import { LedgerEntry } from '../../../src/payment/ledger/types.js';
import { Merchant } from '../../../src/payment/merchants/types.js';
import { toChannelOrder } from '../../../src/payment/orders/order-view.js';
import { PaymentInfo } from '../../../src/payment/orders/types.js';
import { PaymentRefund } from '../../../src/payment/refunds/types.js';
import { WithdrawalRecord } from '../../../src/payment/withdrawals/types.js';
import { activeMerchant, bankAccount, fund, openPlatform, type Headers } from '../withdrawals/withdrawal-harness.js';
import {
  api,
  configure,
  CONSOLE,
  PUBLIC,
  startPaymentServer,
  UC,
  type Answer,
  type PaymentServer,
  type PaymentView,
} from '../support/payment-server.js';

let server: PaymentServer;
let dora: Headers;
const english = { 'accept-language': 'en' };
const client = () => server.runtime.client;

beforeAll(async () => {
  server = await startPaymentServer();
  await configure(server, { sandboxEnabled: true, supportedChannels: ['SANDBOX:SIMULATED'] });
  await openPlatform(server);
  dora = await activeMerchant(server, 'dora');
  await fund(server.payment.deps, 'dora', 100_000, 'dora-setup');
}, 60_000);
afterAll(() => server?.stop());

function expectRefusedAt(res: Answer, field: string): void {
  expect(res.status).toBe(400);
  // Amount errors name the field itself; schema errors name it below `body` (both point at the same input).
  expect(res.body.details?.map((d) => d.field?.replace(/^body\./, ''))).toContain(field);
}

const newOrder = (orderId: string, paymentAmount: unknown, currency?: string) =>
  api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId,
    subject: 'amounts',
    paymentAmount,
    paymentType: 'SANDBOX',
    paymentChannel: 'SIMULATED',
    ...(currency ? { currency } : {}),
  });

test.each([
  [0.001, 'CNY'],
  ['9.999', 'CNY'],
  [0.1 + 0.2, 'CNY'],
  ['12.5', 'JPY'],
])('a payment of %p %s is a 400 at paymentAmount and no order is created', async (amount, currency) => {
  const orderId = `fine-${String(amount).replace(/[^0-9]/g, '')}-${currency}`;
  expectRefusedAt(await newOrder(orderId, amount, currency), 'paymentAmount');
  const orders = await client().list(PaymentInfo, {});
  expect(orders.items.filter((o) => o.spec.orderId === orderId)).toEqual([]);
});

test('a refund of 0.001 on a paid order is a 400 at amount; no refund is reserved', async () => {
  const created = (await newOrder('refund-fine', '10.00')).body.data;
  const sandbox = (await server.payment.deps.channels.instance('SANDBOX')) as SandboxChannel;
  const order = await client().get(PaymentInfo, created.paymentId);
  const callback = await sandbox.simulateOutcome(toChannelOrder(order.spec), 'success');
  const paid = await fetch(`${server.url}${PUBLIC}/asyncCallback/SANDBOX`, {
    method: 'POST',
    headers: callback.headers as Record<string, string>,
    body: String(callback.rawBody),
  });
  expect(paid.status).toBe(200);
  expect((await client().get(PaymentInfo, created.paymentId)).spec.status).toBe('SUCCESS');
  for (const amount of ['0.001', '9.999']) {
    const res = await api(server, 'POST', `${CONSOLE}/payments/${created.paymentId}/refunds`, { amount, reason: 'too fine' });
    expectRefusedAt(res, 'amount');
  }
  const refunds = await client().list(PaymentRefund, {});
  expect(refunds.items.filter((r) => r.spec.paymentId === created.paymentId)).toEqual([]);
  expect((await client().get(PaymentInfo, created.paymentId)).spec.refundPendingAmount ?? 0).toBe(0);
});

test('a withdrawal of 1.001 is a 400 at amount; nothing is frozen or recorded', async () => {
  const account = await bankAccount(server, dora);
  const entriesBefore = (await client().list(LedgerEntry, {})).items.length;
  const res = await api(server, 'POST', `${UC}/withdrawals`, { account: account.name, amount: '1.001' }, { ...dora, ...english });
  expectRefusedAt(res, 'amount');
  expect(res.body.message).toContain('at most 2 decimal places');
  expect((await client().list(WithdrawalRecord, {})).items).toEqual([]);
  expect((await client().list(LedgerEntry, {})).items.length).toBe(entriesBefore);
});

test('a balance adjustment of 0.005 is a 400 at amount; no ledger entry', async () => {
  const entriesBefore = (await client().list(LedgerEntry, {})).items.length;
  const res = await api(server, 'POST', `${CONSOLE}/merchants/dora/ledger/adjustments`, { amount: '-0.005', reason: 'too fine' });
  expectRefusedAt(res, 'amount');
  expect((await client().list(LedgerEntry, {})).items.length).toBe(entriesBefore);
});

test('an account-opening fee of 9.999 and a default fee rate of 0.605 % are 400s at their fields; settings unchanged', async () => {
  const before = (await api<Record<string, unknown>>(server, 'GET', `${CONSOLE}/merchant-settings`)).body.data;
  const fee = await api(server, 'PUT', `${CONSOLE}/merchant-settings`, { accountOpeningFee: '9.999' });
  expect(fee.status).toBe(400);
  expect(JSON.stringify(fee.body.details)).toContain('accountOpeningFee');
  const rate = await api(server, 'PUT', `${CONSOLE}/merchant-settings`, { defaultFeeRate: '0.605' });
  expect(rate.status).toBe(400);
  expect(JSON.stringify(rate.body.details)).toContain('defaultFeeRate');
  const after = (await api<Record<string, unknown>>(server, 'GET', `${CONSOLE}/merchant-settings`)).body.data;
  expect([after.accountOpeningFee, after.defaultFeeRate]).toEqual([before.accountOpeningFee, before.defaultFeeRate]);
});

test("a merchant's own fee rate of 0.605 % is a 400 at feeRate; the merchant is unchanged", async () => {
  const before = await client().get(Merchant, 'dora');
  const res = await api(server, 'PUT', `${CONSOLE}/merchants/dora`, { feeRate: '0.605' });
  expectRefusedAt(res, 'feeRate');
  expect((await client().get(Merchant, 'dora')).metadata.resourceVersion).toBe(before.metadata.resourceVersion);
  const ok = await api<{ feeRate: string }>(server, 'PUT', `${CONSOLE}/merchants/dora`, { feeRate: '0.65' });
  expect(ok.body.data.feeRate).toBe('0.65');
});
