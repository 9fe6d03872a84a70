/**
 * Buying a paid plugin through the API on a real server (SQLite): checkoutPlugin creates a system order through
 * the payment service's CheckoutRequest, the SANDBOX payment grants one entitlement (pending records authorized,
 * one message), a second checkout reuses the open order, refunds withdraw (full) or keep (partial) it.
 */
import { admin, as, createPlugin, createUser, dataOf, start, type AuthLog, type ListResult, type Server } from '../harness.js';
import {
  checkout,
  entitlementsOf,
  eventually,
  PAY_CONSOLE,
  PAY_UC,
  purchaseMessages,
  purchaseRecord,
  refund,
  sandboxPay,
  UC,
  type EntitlementView,
} from './purchase-harness.js';

let server: Server;
beforeAll(async () => {
  server = await start();
  for (const user of ['ann', 'ben', 'cat', 'dan']) await createUser(server, user);
  await createPlugin(server, { key: 'seo-pro', name: 'SEO Pro', price: 99 });
  await createPlugin(server, { key: 'backup', name: 'Backup', price: 19.99 });
});
afterAll(() => server.stop());

test('buying with SANDBOX: one entitlement, pending records authorized, one message, later domains at once', async () => {
  const pending = dataOf(
    await as<AuthLog & { outcome: string }>(server, 'ann', 'POST', `${UC}/authorizations`, {
      pluginKey: 'seo-pro',
      domain: 'ann.example.com',
    }),
  );
  expect([pending.spec.authStatus, pending.outcome]).toEqual([0, 'PENDING_REVIEW']);

  const order = dataOf(await checkout(server, 'ann', 'seo-pro'));
  expect(order).toMatchObject({ amount: '99.00', currency: 'CNY', pluginKey: 'seo-pro', reused: false, paymentType: 'SANDBOX' });
  expect(order.payUrl).toContain(`/payment/${order.paymentId}`);
  expect(['UNPAID', 'PAYING']).toContain(order.status);
  const mine = dataOf(
    await as<ListResult<{ paymentId: string; subject: string; username: string }>>(server, 'ann', 'GET', `${PAY_UC}/payments`),
  );
  expect(mine.items.map((o) => o.paymentId)).toEqual([order.paymentId]);
  // The order's title is composed in each language and every reader sees theirs, never both in one string:
  // the buyer in Chinese (the site default), an administrator reading in English in English.
  expect(mine.items[0].subject).toBe('购买插件：SEO Pro');
  const english = { 'accept-language': 'en' };
  const listed = dataOf(
    await admin<ListResult<{ subject: string }>>(server, 'GET', `${PAY_CONSOLE}/payments?paymentId=${order.paymentId}`, undefined, english),
  );
  expect(listed.items.map((o) => o.subject)).toEqual(['Plugin purchase: SEO Pro']);
  const page = await fetch(`${server.url}/payment/${order.paymentId}?lang=en`);
  const html = await page.text();
  expect(html).toContain('Plugin purchase: SEO Pro');
  expect(html).not.toContain('购买插件');

  expect((await sandboxPay(server, order.paymentId)).status).toBe(200);
  const purchase = await eventually(async () => (await purchaseRecord(server, order.paymentId))?.spec, 'the grant');
  expect(purchase).toMatchObject({
    phase: 'GRANTED',
    pluginKey: 'seo-pro',
    authUser: 'ann',
    amount: '99.00',
    authorizedDomains: ['ann.example.com'],
  });
  expect((await entitlementsOf(server, 'ann')).map((e) => e.spec)).toEqual([
    expect.objectContaining({ pluginKey: 'seo-pro', source: 'PURCHASE', paymentId: order.paymentId }),
  ]);
  const records = dataOf(await as<ListResult<AuthLog>>(server, 'ann', 'GET', `${UC}/authorizations`));
  expect(records.items[0].spec).toMatchObject({ authStatus: 1, expireTime: '2099-12-31T23:59:59Z' });
  expect(await purchaseMessages(server, 'ann', 'plugin-purchase-granted')).toHaveLength(1);
  // No per-record message on top of the purchase's own.
  expect((await purchaseMessages(server, 'ann', 'auth-notification')).filter((m) => m.spec.title.includes('已授权'))).toHaveLength(0);

  const next = dataOf(
    await as<AuthLog & { outcome: string }>(server, 'ann', 'POST', `${UC}/authorizations`, {
      pluginKey: 'seo-pro',
      domain: 'https://shop.ann.example.com/x',
    }),
  );
  expect(next.spec).toMatchObject({ authStatus: 1, authDomain: 'shop.ann.example.com', expireTime: '2099-12-31T23:59:59Z' });
  // The answer says what happened, so the user center does not claim it waits for review.
  expect(next.outcome).toBe('AUTHORIZED_PERMANENTLY');
  const repeated = dataOf(
    await as<AuthLog & { outcome: string }>(server, 'ann', 'POST', `${UC}/authorizations`, {
      pluginKey: 'seo-pro',
      domain: 'shop.ann.example.com',
    }),
  );
  expect(repeated.outcome).toBe('ALREADY_APPLIED');
  const entitlements = dataOf(await as<ListResult<EntitlementView>>(server, 'ann', 'GET', `${UC}/entitlements`));
  expect(entitlements.items).toEqual([expect.objectContaining({ pluginKey: 'seo-pro', pluginName: 'SEO Pro', source: 'PURCHASE' })]);
  expect(dataOf(await as<ListResult<EntitlementView>>(server, 'ben', 'GET', `${UC}/entitlements`)).items).toEqual([]);

  // Paying the order again, and buying again: nothing more is granted.
  await sandboxPay(server, order.paymentId);
  const again = await checkout(server, 'ann', 'seo-pro');
  expect([again.status, again.body.code]).toEqual([409, 'ALREADY_ENTITLED']);
  expect(await entitlementsOf(server, 'ann')).toHaveLength(1);
  expect(await purchaseMessages(server, 'ann', 'plugin-purchase-granted')).toHaveLength(1);
});

test('a second checkout while one is open answers that order; concurrent checkouts make one order', async () => {
  const answers = await Promise.all(Array.from({ length: 5 }, () => checkout(server, 'ben', 'backup')));
  const orders = answers.map((a) => dataOf(a));
  expect(new Set(orders.map((o) => o.paymentId)).size).toBe(1);
  expect(orders[0].amount).toBe('19.99');
  const later = dataOf(await checkout(server, 'ben', 'backup'));
  expect(later).toMatchObject({ paymentId: orders[0].paymentId, reused: true });
  const mine = dataOf(await as<ListResult<{ paymentId: string }>>(server, 'ben', 'GET', `${PAY_UC}/payments`));
  expect(mine.total).toBe(1);

  // Closed (failed) orders make room for a new checkout.
  expect((await sandboxPay(server, later.paymentId, 'fail')).status).toBe(200);
  const fresh = dataOf(await checkout(server, 'ben', 'backup'));
  expect(fresh.paymentId).not.toBe(later.paymentId);
  expect(fresh.reused).toBe(false);
});

test('a full refund withdraws the entitlement and the permanent authorizations it gave, once; a partial refund keeps them', async () => {
  await createPlugin(server, { key: 'forms', name: 'Forms', price: 10 });
  const order = dataOf(await checkout(server, 'cat', 'forms'));
  await sandboxPay(server, order.paymentId);
  await eventually(async () => (await purchaseRecord(server, order.paymentId))?.spec.phase === 'GRANTED', 'the grant');
  dataOf(await as(server, 'cat', 'POST', `${UC}/authorizations`, { pluginKey: 'forms', domain: 'cat.example.com' }));

  expect(dataOf(await refund(server, order.paymentId, '3.00')).status).toBe('SUCCESS');
  // A partial refund leaves the sale standing.
  await eventually(
    async () =>
      (await admin<{ status: string }>(server, 'GET', `/apis/console.api.payment.authpay.dev/v1alpha1/payments/${order.paymentId}`)).body
        .data.status === 'PARTIALLY_REFUNDED',
    'partial refund',
  );
  expect(await entitlementsOf(server, 'cat')).toHaveLength(1);

  expect(dataOf(await refund(server, order.paymentId)).status).toBe('SUCCESS');
  const revoked = await eventually(async () => {
    const p = await purchaseRecord(server, order.paymentId);
    return p?.spec.phase === 'REVOKED' && p.spec;
  }, 'the withdrawal');
  expect(revoked.revokedDomains).toEqual(['cat.example.com']);
  expect(await entitlementsOf(server, 'cat')).toHaveLength(0);
  const records = dataOf(await as<ListResult<AuthLog>>(server, 'cat', 'GET', `${UC}/authorizations`));
  expect(records.items[0].spec.authStatus).toBe(0);
  expect(await purchaseMessages(server, 'cat', 'plugin-purchase-refunded')).toHaveLength(1);
  // Refunded, the plugin can be bought again.
  expect((await checkout(server, 'cat', 'forms')).status).toBe(200);
});
