/**
 * The payment page in a real browser (Debian Chromium through playwright-core), in zh-CN and English at
 * desktop and phone size: a payer pays a SANDBOX order with the keyboard only and returns to the merchant;
 * every state is axe-clean and in one language; the language follows the browser, its quality values and
 * the page's switch; a status change is shown in place, in the live region, without a reload.
 */
import type { Browser, Page } from 'playwright-core';
import type { PaymentStatus } from '../../../src/payment/orders/types.js';
import { PAGE_MESSAGES } from '../../../src/payment/page/page-messages.js';
import { api, configure, CONSOLE, PUBLIC, startPaymentServer, type PaymentServer, type PaymentView } from '../support/payment-server.js';
import {
  axeProblems,
  CJK,
  docScreenshot,
  fitsWidth,
  focusedId,
  launchChromium,
  LOCALES,
  openPage,
  pageTexts,
  tabTo,
  VIEWPORT_NAMES,
  type Locale,
} from './page-browser.js';

const SHOP = 'https://shop.example.com/orders/';
const SUBJECT: Record<Locale, string> = { 'zh-CN': '专业版授权（年付）', en: 'Pro licence (yearly)' };

let server: PaymentServer;
let browser: Browser;

beforeAll(async () => {
  server = await startPaymentServer();
  // The sync job (every two minutes by default) asks the sandbox about UNKNOWN orders and settles them: the states
  // below show one, so the job runs once a year here instead of whenever an even minute falls inside this file.
  await configure(server, { sandboxEnabled: true, allowLocalCallbackDomain: true, callbackDomain: server.url, syncCron: '0 0 0 1 1 *' });
  browser = await launchChromium();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function sandboxOrder(orderId: string, subject: string): Promise<PaymentView> {
  const created = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId,
    subject,
    paymentAmount: '99.00',
    paymentType: 'SANDBOX',
    paymentChannel: 'SIMULATED',
    returnUrl: `${SHOP}${orderId}`,
  });
  expect(created.status).toBe(200);
  return created.body.data;
}

/** Waits until the page shows this status, as its word in the page's language. */
async function shows(page: Page, locale: Locale, status: PaymentStatus): Promise<void> {
  await page.locator(`#payment[data-status="${status}"] #status-text`).filter({ hasText: PAGE_MESSAGES[locale].status[status] }).waitFor();
}

/** The texts of an English page have no CJK; the language switch names 中文 in itself. */
async function expectInLanguage(page: Page, locale: Locale): Promise<void> {
  expect(await page.getAttribute('html', 'lang')).toBe(locale);
  const texts = await pageTexts(page, '#language-switch');
  if (locale === 'en') expect(texts).not.toMatch(CJK);
  else expect(texts).toMatch(CJK);
}

const JOURNEYS = LOCALES.flatMap((locale) => VIEWPORT_NAMES.map((viewport) => [locale, viewport] as const));

test.each(JOURNEYS)(
  'keyboard only (%s, %s): Tab to the pay button, Enter, paid in place, Tab to the return link, Enter',
  async (locale, viewport) => {
    const t = PAGE_MESSAGES[locale];
    const orderId = `keyboard-${locale}-${viewport}`;
    const order = await sandboxOrder(orderId, SUBJECT[locale]);
    const { page, errors } = await openPage(browser, { locale, viewport });
    await page.route(`${SHOP}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>shop</title>' }));
    await page.goto(order.pageUrl);
    await shows(page, locale, 'PAYING');
    await expectInLanguage(page, locale);

    expect(await tabTo(page, 'sandbox-pay')).toEqual(['language-switch', 'sandbox-pay']);
    expect(await page.locator('#sandbox-pay').evaluate((el) => el.tagName)).toBe('BUTTON');
    expect(await page.locator('#sandbox-pay').textContent()).toBe(t.sandboxPay);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.keyboard.press('Enter');

    await shows(page, locale, 'SUCCESS');
    // Updated in place: the same document, the word changed inside the live region, focus on the new part.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.locator('#status-text').getAttribute('role')).toBe('status');
    expect(await focusedId(page)).toBe('state');
    expect(await page.locator('#state').textContent()).toContain(t.successText);
    await expectInLanguage(page, locale);
    expect(await axeProblems(page)).toEqual([]);

    expect(await tabTo(page, 'return-link', 1)).toEqual(['return-link']);
    expect(await page.locator('#return-link').textContent()).toBe(t.returnLink);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${SHOP}${orderId}`);
    expect(errors).toEqual([]);
    await page.context().close();
  },
  60_000,
);

describe('every state, in both languages at desktop and phone size', () => {
  const pages: Record<Locale, Record<string, string>> = { 'zh-CN': {}, en: {} };

  beforeAll(async () => {
    for (const locale of LOCALES) {
      const paying = await sandboxOrder(`state-paying-${locale}`, SUBJECT[locale]);
      const paid = await sandboxOrder(`state-paid-${locale}`, SUBJECT[locale]);
      expect((await api(server, 'POST', `${PUBLIC}/payments/${paid.paymentId}/sandboxPay`, { outcome: 'success' }, {})).status).toBe(200);
      const closed = await sandboxOrder(`state-closed-${locale}`, SUBJECT[locale]);
      expect((await api(server, 'POST', `${CONSOLE}/payments/${closed.paymentId}/close`, {})).status).toBe(200);
      const unknown = await sandboxOrder(`state-unknown-${locale}`, SUBJECT[locale]);
      expect((await api(server, 'PUT', `${CONSOLE}/payments/${unknown.paymentId}`, { status: 'UNKNOWN' })).status).toBe(200);
      pages[locale] = { PAYING: paying.pageUrl, SUCCESS: paid.pageUrl, FAILED: closed.pageUrl, UNKNOWN: unknown.pageUrl };
    }
  }, 60_000);

  test.each(JOURNEYS)(
    '%s at %s size: paying, paid, closed, unknown and not found are axe-clean and in that language',
    async (locale, viewport) => {
      const t = PAGE_MESSAGES[locale];
      const { page, errors } = await openPage(browser, { locale, viewport });
      const visit = async (status: PaymentStatus) => {
        await page.goto(pages[locale][status]);
        await shows(page, locale, status);
        await expectInLanguage(page, locale);
        expect(await axeProblems(page)).toEqual([]);
        expect(await fitsWidth(page)).toBe(true);
      };

      await visit('PAYING');
      await page
        .locator('#countdown')
        .filter({ hasText: /^\d\d:\d\d$/ })
        .waitFor();
      expect(await page.locator('.countdown').textContent()).toContain(t.countdownLabel);
      expect(await page.locator('#sandbox-fail').textContent()).toBe(t.sandboxFail);
      if (locale === 'zh-CN') await docScreenshot(page, `payment-page-paying-${viewport}`);

      await visit('SUCCESS');
      expect(await page.locator('#return-link').textContent()).toBe(t.returnLink);
      if (locale === 'zh-CN') await docScreenshot(page, `payment-page-success-${viewport}`);

      await visit('FAILED');
      expect(await page.locator('#failure-text').textContent()).toBe(`${t.failureReason.CLOSED} ${t.resubmitHint}`);
      expect(await page.locator('#resubmit-link').textContent()).toBe(t.resubmitLink);

      await visit('UNKNOWN');
      expect(await page.locator('#state').textContent()).toContain(t.unknownText);

      // The not-found page is a 404, which Chromium logs as a console error: the page's own errors are read first.
      expect(errors).toEqual([]);
      const missing = await page.goto(`${server.url}/payment/P00000000000000000000`);
      expect(missing?.status()).toBe(404);
      expect(await page.locator('h1').textContent()).toBe(t.notFoundTitle);
      expect(await page.title()).toBe(t.notFoundTitle);
      await expectInLanguage(page, locale);
      expect(await axeProblems(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await page.context().close();
    },
    60_000,
  );
});

test('Accept-Language quality values choose the language; the switch (Tab, Enter) keeps the page and overrides them', async () => {
  const order = await sandboxOrder('language-switch', 'Pro licence');
  const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Language': 'zh-CN;q=0.3, en;q=0.8' } });
  const page = await context.newPage();
  const response = await page.goto(order.pageUrl);
  expect(response?.headers().vary).toMatch(/Accept-Language/i);
  await shows(page, 'en', 'PAYING');
  expect(await page.getAttribute('html', 'lang')).toBe('en');
  const toChinese = page.locator('#language-switch');
  expect(await toChinese.textContent()).toBe('中文');
  expect(await toChinese.getAttribute('lang')).toBe('zh-CN');

  expect(await tabTo(page, 'language-switch', 1)).toEqual(['language-switch']);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${order.pageUrl}?lang=zh-CN`);
  await shows(page, 'zh-CN', 'PAYING');
  expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
  expect(await page.locator('#language-switch').textContent()).toBe('English');
  await page.locator('#language-switch').click();
  await page.waitForURL(`${order.pageUrl}?lang=en`);
  await shows(page, 'en', 'PAYING');
  await context.close();
}, 60_000);

test("an order that fails elsewhere is noticed by the page's polling and shown in place", async () => {
  const order = await sandboxOrder('polled', '专业版授权');
  const { page, errors } = await openPage(browser, { locale: 'zh-CN', viewport: 'phone' });
  await page.goto(order.pageUrl);
  await shows(page, 'zh-CN', 'PAYING');
  await page.evaluate(() => Object.assign(document.getElementById('status-text')!, { original: true }));
  const failed = await api(server, 'POST', `${PUBLIC}/payments/${order.paymentId}/sandboxPay`, { outcome: 'fail' }, {});
  expect(failed.status).toBe(200);
  await shows(page, 'zh-CN', 'FAILED');
  // The live region is the element that was there, so its new word is announced.
  expect(await page.evaluate(() => (document.getElementById('status-text') as unknown as { original?: boolean }).original)).toBe(true);
  expect(await page.locator('#failure-text').textContent()).toContain(PAGE_MESSAGES['zh-CN'].failureReason.OTHER);
  expect(await page.locator('#sandbox-pay').count()).toBe(0);
  expect(errors).toEqual([]);
  await page.context().close();
}, 60_000);
