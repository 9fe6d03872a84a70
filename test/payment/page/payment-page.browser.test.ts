/**
 * The payment page in a real browser (Debian Chromium through playwright-core): a SANDBOX order is opened
 * on a phone-sized screen, paid with the page's button, and the page shows SUCCESS and the return link.
 */
import { chromium, type Browser } from 'playwright-core';
import { api, configure, CONSOLE, startPaymentServer, type PaymentServer, type PaymentView } from '../support/payment-server.js';

let server: PaymentServer;
let browser: Browser;

beforeAll(async () => {
  server = await startPaymentServer();
  await configure(server, { sandboxEnabled: true, callbackDomain: server.url });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a payer opens the SANDBOX order page on a phone, pays, and sees SUCCESS with the return link', async () => {
  const created = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId: 'browser-1',
    subject: '专业版授权',
    paymentAmount: '99.00',
    paymentType: 'SANDBOX',
    paymentChannel: 'SIMULATED',
    returnUrl: 'https://shop.example.com/orders/browser-1',
  });
  const { payUrl, paymentId } = created.body.data;
  expect(payUrl).toBe(`${server.url}/payment/${paymentId}`);

  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  await page.goto(payUrl!);
  await page.getByText('99.00').waitFor();
  await page
    .locator('#countdown')
    .filter({ hasText: /\d\d:\d\d/ })
    .waitFor();
  await page.locator('#sandbox-pay').click();
  await page.locator('#status-text').filter({ hasText: '支付成功' }).waitFor({ timeout: 20_000 });
  const back = page.locator('#return-link');
  await back.waitFor();
  expect(await back.getAttribute('href')).toBe('https://shop.example.com/orders/browser-1');
  expect(await page.locator('#payment').getAttribute('data-status')).toBe('SUCCESS');
  // Nothing overflows the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(errors).toEqual([]);
  await page.close();
}, 60_000);

test("an order paid elsewhere is noticed by the page's polling", async () => {
  const created = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId: 'browser-2',
    subject: 'poll',
    paymentAmount: '1.00',
    paymentType: 'SANDBOX',
    paymentChannel: 'SIMULATED',
  });
  const page = await browser.newPage();
  await page.goto(created.body.data.payUrl!);
  await page.locator('#status-text').filter({ hasText: '待支付' }).waitFor();
  await api(
    server,
    'POST',
    `/apis/api.payment.authpay.dev/v1alpha1/payments/${created.body.data.paymentId}/sandboxPay`,
    { outcome: 'fail' },
    {},
  );
  await page.locator('#status-text').filter({ hasText: '支付失败' }).waitFor({ timeout: 20_000 });
  await page.close();
}, 60_000);
