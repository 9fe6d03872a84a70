/**
 * Buying a paid plugin in the user center, in a real browser against the real server: a new user signs up,
 * finds the plugin in the catalog, buys it with the built-in SANDBOX gateway (channel picker, payment page,
 * back to their entitlements), sees it entitled and owned, applies for a domain and gets an authorized record
 * and a license at once; the purchase shows in their orders. In both languages, at desktop and phone size,
 * axe-clean; the free-code button and the administrator's e-mail show where the settings give them.
 */
import fs from 'node:fs';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Locator, Page } from 'playwright-core';
import {
  asAdmin,
  axeViolations,
  message,
  newPage,
  screenshot,
  signUp,
  startUiServer,
  type UiServer,
  type ViewportName,
} from './support.js';

const PLUGIN_AUTH = '/console.api.pluginauth.authpay.dev/v1alpha1';
let server: UiServer;

beforeAll(async () => {
  server = await startUiServer();
  await asAdmin(server, 'POST', `${PLUGIN_AUTH}/siteplugins`, {
    key: 'pro-cache',
    name: 'Pro Cache',
    price: 49.9,
    url: 'https://files.example.com/pro-cache.zip',
    description: 'Page cache for busy sites',
  });
  await asAdmin(server, 'PUT', `${PLUGIN_AUTH}/settings`, {
    freeCodeUrl: 'https://shop.example.com/free-code',
    adminEmail: 'ops@example.com',
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** The payment page's "back to the merchant" link leads to the site's base URL: sent to this server. */
async function followReturnToThisServer(page: Page): Promise<void> {
  const base = server.runtime.config.baseUrl;
  if (base === server.url) return;
  await page.route(`${base}/**`, (route) =>
    route.fulfill({ status: 302, headers: { location: `${server.url}${new URL(route.request().url()).pathname}` } }),
  );
}

async function expectClean(page: Page, where: string): Promise<void> {
  expect({ where, violations: await axeViolations(page) }).toEqual({ where, violations: [] });
}

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** Catalog → Buy → SANDBOX → payment page → paid → back on the entitlements page, which lists the plugin. */
async function buy(
  page: Page,
  words: { buy: RegExp; dialog: RegExp; channel: string; pay: string; entitled: string },
  shots?: string,
): Promise<void> {
  await page.goto('/uc/plugin-auth/catalog');
  const card = page.getByRole('article', { name: 'Pro Cache' });
  expect(await card.getByTestId('download').count()).toBe(0); // not authorized yet: no download address
  await card.getByRole('button', { name: words.buy }).click();
  const dialog = page.getByRole('dialog', { name: words.dialog });
  await dialog.getByTestId('buy-price').filter({ hasText: '49.90' }).waitFor();
  const channel = dialog.getByRole('radio', { name: words.channel });
  await channel.waitFor({ state: 'attached' });
  expect(await channel.isChecked()).toBe(true);
  await expectClean(page, 'buy dialog');
  if (shots) await screenshot(page, `${shots}-buy-dialog`);
  await dialog.getByRole('button', { name: words.pay }).click();
  await page.waitForURL(/\/payment\/p[0-9a-z]+$/);
  await page.locator('#payment[data-status="PAYING"]').waitFor();
  await page.locator('#sandbox-pay').click();
  await page.locator('#payment[data-status="SUCCESS"]').waitFor();
  await page.locator('#return-link').click();
  await page.waitForURL('**/uc/plugin-auth/entitlements');
  await page.getByTestId('my-entitlements').getByText('Pro Cache').first().waitFor();
  await page.getByTestId('my-entitlements').getByText(words.entitled).first().waitFor();
  if (shots) await screenshot(page, `${shots}-entitlements`);
}

test('a new user buys a paid plugin with SANDBOX, is entitled, applies and gets an authorized record and a license at once', async () => {
  const { page, errors } = await newPage(server);
  await followReturnToThisServer(page);
  await signUp(page, 'frank');

  // Before buying: an application waits for review, and the page says whom to contact.
  await page.goto('/uc/plugin-auth/catalog');
  const freeCode = page.getByTestId('free-code');
  expect(await freeCode.getAttribute('href')).toBe('https://shop.example.com/free-code');
  await page.getByRole('article', { name: 'Pro Cache' }).getByRole('button', { name: '申请授权' }).click();
  const apply = page.getByRole('dialog', { name: /申请授权/ });
  expect(await apply.getByTestId('admin-contact').textContent()).toContain('ops@example.com');
  await apply.getByLabel('域名或网址').fill('old.frank.example.com');
  await apply.getByRole('button', { name: '提交申请' }).click();
  await page.waitForURL('**/uc/plugin-auth');
  await message(page, '申请已提交，等待审核');
  await expectText(row(page, 'old.frank.example.com').getByTestId('auth-status'), '待审核');
  expect(await page.getByTestId('pending-hint').textContent()).toContain('ops@example.com');

  await buy(page, { buy: /^购买$/, dialog: /购买 · Pro Cache/, channel: '沙箱 · 模拟支付', pay: '去支付', entitled: '购买' }, 'uc');
  await expectClean(page, 'entitlements');

  // Owned in the catalog, with the download address; no second Buy.
  await page.goto('/uc/plugin-auth/catalog');
  const card = page.getByRole('article', { name: 'Pro Cache' });
  await card.getByTestId('owned').waitFor();
  expect(await card.getByRole('button', { name: /^购买$/ }).count()).toBe(0);
  expect(await card.getByTestId('download').getAttribute('href')).toBe('https://files.example.com/pro-cache.zip');
  await screenshot(page, 'uc-catalog-owned');

  // A new domain is authorized permanently at once, and the license downloads and verifies.
  await card.getByRole('button', { name: '申请授权' }).click();
  const dialog = page.getByRole('dialog', { name: /申请授权/ });
  await dialog.getByLabel('域名或网址').fill('https://Shop.Frank.example.com/');
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await page.waitForURL('**/uc/plugin-auth');
  // The confirmation says what happened: authorized permanently at once, not "submitted, waiting for review".
  await message(page, 'shop.frank.example.com 已获永久授权：您已拥有此插件，无需审核');
  expect(await page.locator('[data-testid=message]').filter({ hasText: '等待审核' }).count()).toBe(0);
  const mine = row(page, 'shop.frank.example.com');
  await expectText(mine.getByTestId('auth-status'), '已授权');
  await expectText(mine.getByTestId('expiry'), '永久');
  // The application made before the purchase was authorized by it.
  await expectText(row(page, 'old.frank.example.com').getByTestId('auth-status'), '已授权');
  const [download] = await Promise.all([page.waitForEvent('download'), mine.getByTestId('download-license').click()]);
  expect(download.suggestedFilename()).toBe('license.key');
  const license = fs.readFileSync((await download.path())!, 'utf8').trim();
  const jwks = (await (await fetch(`${server.url}/apis/api.pluginauth.authpay.dev/v1alpha1/public/jwks`)).json()) as JSONWebKeySet;
  const { payload } = await jwtVerify(license, createLocalJWKSet(jwks));
  expect(payload).toMatchObject({ sub: 'frank', aud: 'pro-cache', domain: 'shop.frank.example.com' });

  // My orders shows what was bought, paid.
  await page.goto('/uc/payment');
  const order = page.getByTestId('my-orders').getByRole('row').filter({ hasText: 'Pro Cache' });
  await expectText(order.getByTestId('payment-status'), '支付成功');
  // The order's title in the reader's language only.
  expect(await order.textContent()).toContain('购买插件：Pro Cache');
  expect(await order.textContent()).not.toContain('Plugin purchase');
  expect(errors).toEqual([]);
}, 120_000);

test.each([['en-US', 'phone'] as const, ['zh-CN', 'phone'] as const, ['en-US', 'desktop'] as const])(
  'buying in %s at %s size: every step axe-clean and within the width',
  async (locale, viewport: ViewportName) => {
    const { page, errors } = await newPage(server, { locale, viewport });
    await followReturnToThisServer(page);
    await signUp(page, `buyer-${locale.slice(0, 2)}-${viewport}`);
    const en = locale === 'en-US';
    await page.goto('/uc/plugin-auth/catalog');
    await page.getByRole('article', { name: 'Pro Cache' }).waitFor();
    await expectClean(page, 'catalog');
    expect(await fitsWidth(page)).toBe(true);
    await buy(
      page,
      en
        ? { buy: /^Buy$/, dialog: /Buy · Pro Cache/, channel: 'Sandbox · simulated', pay: 'Pay', entitled: 'Purchase' }
        : { buy: /^购买$/, dialog: /购买 · Pro Cache/, channel: '沙箱 · 模拟支付', pay: '去支付', entitled: '购买' },
    );
    await expectClean(page, 'entitlements');
    expect(await fitsWidth(page)).toBe(true);
    if (en && viewport === 'desktop') {
      // An owner's application is authorized at once, and the confirmation says so in English.
      await page.goto('/uc/plugin-auth/catalog');
      await page.getByRole('article', { name: 'Pro Cache' }).getByRole('button', { name: 'Apply', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: /Pro Cache/ });
      await dialog.getByLabel('Domain or URL').fill('owner.example.com');
      await dialog.getByRole('button', { name: 'Submit application' }).click();
      await page.waitForURL('**/uc/plugin-auth');
      await message(page, 'owner.example.com is authorized permanently: you own this plugin, so no review is needed');
      expect(await page.locator('[data-testid=message]').filter({ hasText: 'waiting for review' }).count()).toBe(0);
    }
    expect(errors).toEqual([]);
  },
  120_000,
);

const row = (page: Page, domain: string) => page.getByTestId('my-records').getByRole('row').filter({ hasText: domain });

async function expectText(locator: Locator, text: string): Promise<void> {
  await locator.filter({ hasText: text }).waitFor();
  expect((await locator.textContent())?.trim()).toBe(text);
}
