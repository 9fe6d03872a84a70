/**
 * One time zone for days and times (issue 29 item 9): the overview's chart counts days in the site's time zone
 * (the payment reporting zone), so the order list shows times in that zone too, not the browser's, and every
 * page names it. The site is at UTC+14 and the browser at UTC-11, 25 hours apart: at any moment the two zones
 * are on different calendar days, so a list written in the browser's zone could never agree with the chart.
 */
import type { Page } from 'playwright-core';
import { dayIn } from '../../src/payment/orders/daily-stats.js';
import { ADMIN_PASSWORD, asAdmin, logInThrough, newPage, startUiServer, type UiServer } from './support.js';
import { PAY } from './scene.js';
import { catalog } from './console/catalog.js';

const SITE_ZONE = 'Pacific/Kiritimati';
const BROWSER_ZONE = 'Pacific/Pago_Pago';

let server: UiServer;
beforeAll(async () => {
  server = await startUiServer();
  await asAdmin(server, 'PUT', `${PAY}/settings`, { sandboxEnabled: true, reportTimeZone: SITE_ZONE });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** The chart's days that counted at least one order, from the table the chart carries for screen readers. */
async function chartDaysWithOrders(page: Page): Promise<string[]> {
  const chart = page.locator('section').filter({ has: page.getByTestId('daily-chart') });
  await chart.locator('tbody tr').first().waitFor({ state: 'attached' });
  const rows = await chart
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent?.trim() ?? '')));
  return rows.filter(([, value]) => value !== '0').map(([day]) => day);
}

test.each(['zh-CN', 'en'] as const)(
  '%s: with the browser 25 hours behind the site, the list time and the chart day agree and the zone is named',
  async (locale) => {
    const w = catalog(locale);
    const order = await asAdmin<{ paymentId: string; createdAt: string }>(server, 'POST', `${PAY}/payments`, {
      orderId: `ui-zone-${locale}`,
      subject: `zone ${locale}`,
      paymentAmount: '1.00',
      paymentType: 'SANDBOX',
      paymentChannel: 'SIMULATED',
    });
    const siteDay = dayIn(new Date(order.createdAt), SITE_ZONE);
    expect(siteDay).not.toBe(dayIn(new Date(order.createdAt), BROWSER_ZONE));

    const { page, errors } = await newPage(server, { locale, viewport: 'desktop', timezoneId: BROWSER_ZONE });
    await logInThrough(page, '/console/', 'admin', ADMIN_PASSWORD);
    const zoneNote = w('layout.timeZone', { zone: `UTC+14:00 (${SITE_ZONE})` });

    await page.goto(`/console/payment/orders?paymentId=${order.paymentId}`);
    const row = page.locator('tr.el-table__row').filter({ has: page.locator(`[data-payment-id="${order.paymentId}"]`) });
    await row.waitFor();
    const listTime = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.exec(await row.innerText())?.[0];
    expect(listTime?.slice(0, 10)).toBe(siteDay);
    await page.getByText(zoneNote).waitFor();

    await page.goto('/console/payment/overview');
    expect(await chartDaysWithOrders(page)).toContain(siteDay);
    await page.getByText(w('overview.rangeHint', { zone: `UTC+14:00 (${SITE_ZONE})` })).waitFor();
    await page.getByText(zoneNote).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  },
  120_000,
);
