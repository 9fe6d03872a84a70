/**
 * Payment through the console against the real server: the administrator points callbacks at this server in
 * the settings page, starts a SANDBOX test payment, a payer opens the shown payment page and pays, and the
 * order appears as successful in the orders list and the overview.
 *
 * The overview counts by reporting day in the settings' report time zone. The administrator's browser runs
 * 25 hours behind that zone, so its own calendar day is never the reporting day of the payment: the
 * overview must take its default range from the server, not from the browser's date.
 */
import { API_VERSION, CONSOLE_GROUP } from '../../src/payment/api/api-groups.js';
import { ADMIN_PASSWORD, logInThrough, message, newPage, startUiServer, type UiServer } from './support.js';

/** UTC+14: the report time zone the administrator sets. */
const REPORT_ZONE = 'Pacific/Kiritimati';

let server: UiServer;

beforeAll(async () => {
  server = await startUiServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

test('a console test payment is paid on its payment page and listed as successful', async () => {
  const admin = await newPage(server, { timezoneId: 'Pacific/Pago_Pago' }); // UTC-11
  await logInThrough(admin.page, '/console/', 'admin', ADMIN_PASSWORD);
  // The stored settings arrive late, as from a busy server, and only then is the form saved: what was typed
  // must still be there, not overwritten by the stored values.
  const settingsApi = `/apis/${CONSOLE_GROUP}/${API_VERSION}/settings`;
  await admin.page.route(`**${settingsApi}`, async (route) => {
    if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  const storedSettings = admin.page.waitForResponse(
    (res) => new URL(res.url()).pathname === settingsApi && res.request().method() === 'GET',
  );
  await admin.page.goto('/console/payment/settings');
  await admin.page.fill('input[name=callbackDomain]', server.url);
  await admin.page.fill('input[name=reportTimeZone]', REPORT_ZONE);
  await storedSettings;
  await admin.page.locator('form button[type=submit]', { hasText: '保存' }).click();
  await message(admin.page, '已保存');

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

  const reportingDay = () => new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_ZONE }).format(new Date());
  // Read on both sides of the page's request, so a run across the reporting midnight (10:00 UTC) still holds.
  const dayBefore = reportingDay();
  await admin.page.locator('.subtabs a', { hasText: '概览' }).click();
  await admin.page.locator('.stat', { hasText: '成功订单' }).locator('.value', { hasText: '1' }).waitFor();
  const shownTo = await admin.page.locator('input[type=date]').last().inputValue();
  expect([dayBefore, reportingDay()]).toContain(shownTo);
  expect(admin.errors).toEqual([]);
  expect(payer.errors).toEqual([]);
}, 60_000);
