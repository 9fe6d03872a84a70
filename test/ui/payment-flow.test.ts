/**
 * Payment through the console against the real server: the administrator points callbacks at this server in
 * the settings page, starts a SANDBOX test payment, a payer opens the shown payment page and pays, and the
 * order appears as successful in the orders list and the overview.
 */
import { ADMIN_PASSWORD, logInThrough, newPage, startUiServer, toast, type UiServer } from './support.js';

let server: UiServer;

beforeAll(async () => {
  server = await startUiServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

test('a console test payment is paid on its payment page and listed as successful', async () => {
  const admin = await newPage(server);
  await logInThrough(admin.page, '/console/', 'admin', ADMIN_PASSWORD);
  await admin.page.goto('/console/payment/settings');
  await admin.page.fill('input[name=callbackDomain]', server.url);
  await admin.page.locator('form button[type=submit]', { hasText: '保存' }).click();
  await toast(admin.page, '已保存');

  await admin.page.locator('.subtabs a', { hasText: '测试支付' }).click();
  await admin.page.locator('select[name=channel] option[value="SANDBOX:SIMULATED"]').waitFor({ state: 'attached' });
  await admin.page.selectOption('select[name=channel]', 'SANDBOX:SIMULATED');
  await admin.page.fill('input[name=paymentAmount]', '0.05');
  await admin.page.click('[data-testid=start-test-payment]');
  const link = admin.page.locator('[data-testid=payment-page-link]');
  await link.waitFor();
  const href = (await link.getAttribute('href'))!;
  const paymentId = href.split('/').pop()!;
  expect(href).toBe(`/payment/${paymentId}`);

  const payer = await newPage(server);
  await payer.page.goto(href);
  await payer.page.getByText('0.05').first().waitFor();
  await payer.page.locator('#sandbox-pay').click();
  await payer.page.locator('#status-text').filter({ hasText: '支付成功' }).waitFor({ timeout: 20_000 });

  await admin.page.locator('.subtabs a', { hasText: '订单' }).click();
  const row = admin.page.locator(`[data-testid=orders-table] tr[data-payment-id="${paymentId}"]`);
  await row.locator('[data-testid=payment-status]').filter({ hasText: '支付成功' }).waitFor();

  await admin.page.locator('.subtabs a', { hasText: '概览' }).click();
  await admin.page.locator('.stat', { hasText: '成功订单' }).locator('.value', { hasText: '1' }).waitFor();
  expect(admin.errors).toEqual([]);
  expect(payer.errors).toEqual([]);
}, 60_000);
