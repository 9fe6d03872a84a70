/**
 * One format per thing (issue 29 item 9), in zh-CN and English at 1280×800: an amount is written the same way
 * — formatMoney, Intl's currency format of the page's language — in the console's order list, in the order's
 * details and on the payer's payment page; a FAILED order has one word in the list and on the page; a payment
 * number stays on one line in the list, with its copy button.
 */
import { ADMIN_PASSWORD, logInThrough, newPage, pageApi, startUiServer, type UiServer } from './support.js';
import { PAY } from './scene.js';
import { catalog } from './console/catalog.js';

let server: UiServer;
beforeAll(async () => {
  server = await startUiServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const PAY_API = `/apis${PAY}`;

// Written out, not computed: what a reader of each language sees for 1234.50 CNY.
const EXPECTED = { 'zh-CN': '¥1,234.50', en: 'CN¥1,234.50' } as const;

test.each(['zh-CN', 'en'] as const)(
  '%s: 1234.50 CNY reads the same in the order list, the details and the payment page; FAILED has one word',
  async (locale) => {
    const w = catalog(locale);
    const { page, errors } = await newPage(server, { locale, viewport: 'desktop' });
    await logInThrough(page, '/console/', 'admin', ADMIN_PASSWORD);
    await pageApi(page, 'PUT', `${PAY_API}/settings`, { sandboxEnabled: true });
    const order = await pageApi<{ paymentId: string }>(page, 'POST', `${PAY_API}/payments`, {
      orderId: `ui-format-${locale}-0123456789-abcdefghij`,
      subject: `format ${locale}`,
      paymentAmount: '1234.50',
      paymentType: 'SANDBOX',
      paymentChannel: 'SIMULATED',
    });

    // The list: the amount in one format, the payment number on one line with a copy button.
    await page.goto(`/console/payment/orders?paymentId=${order.paymentId}`);
    const row = page.locator('tr.el-table__row').filter({ has: page.locator(`[data-payment-id="${order.paymentId}"]`) });
    await row.waitFor();
    await expect(row.locator('.dt-amount').innerText()).resolves.toBe(EXPECTED[locale]);
    const id = row.locator(`[data-payment-id="${order.paymentId}"] .mono`).first();
    const lines = await id.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
    expect(lines).toBe(1);
    await expect(row.locator('.dt-id__text').getAttribute('title')).resolves.toBe(order.paymentId);
    await row.getByRole('button', { name: w('tableCell.copy', { value: order.paymentId }) }).waitFor();

    // The details.
    await row.getByRole('button', { name: w('common.details') }).click();
    const details = page.getByTestId('order-details');
    await details.waitFor();
    await expect(details.innerText()).resolves.toContain(EXPECTED[locale]);

    // The payment page, in the same language: the same amount; failed, the same word as the list.
    const payer = await newPage(server, { locale, viewport: 'desktop' });
    await payer.page.goto(`/payment/${order.paymentId}?lang=${locale}`);
    await expect(payer.page.locator('.amount').innerText()).resolves.toContain(EXPECTED[locale]);
    await expect(payer.page.locator('.amount').innerText()).resolves.not.toContain('CNY');
    await payer.page.locator('#sandbox-fail').click();
    await payer.page
      .locator('#status-text')
      .filter({ hasText: w('enum.paymentStatus.FAILED') })
      .waitFor();

    await page.goto(`/console/payment/orders?paymentId=${order.paymentId}`);
    await row
      .locator('[data-testid=payment-status]')
      .filter({ hasText: w('enum.paymentStatus.FAILED') })
      .waitFor();
    expect([...errors, ...payer.errors]).toEqual([]);
    await payer.page.context().close();
    await page.context().close();
  },
  120_000,
);
