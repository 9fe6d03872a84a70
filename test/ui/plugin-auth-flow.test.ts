/**
 * Plugin authorization through the user center against the real server: the administrator creates a
 * catalog plugin; a new user signs up and applies for a domain; the administrator authorizes the record; the
 * user sees it authorized and downloads a license.key that verifies against the server's published JWKS.
 * (The administrator's steps go through the console API here; the console's own pages have their tests.)
 */
import fs from 'node:fs';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Locator, Page } from 'playwright-core';
import { asAdmin, message, newPage, signUp, startUiServer, type UiServer } from './support.js';

const PLUGIN_AUTH = '/console.api.pluginauth.authpay.dev/v1alpha1';
let server: UiServer;

beforeAll(async () => {
  server = await startUiServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** The row (desktop) of my authorizations that shows this domain. */
const myRecord = (page: Page, domain: string) => page.getByTestId('my-records').getByRole('row').filter({ hasText: domain });

test('a plugin created by the administrator is applied for in the user center, authorized, and its license downloaded', async () => {
  await asAdmin(server, 'POST', `${PLUGIN_AUTH}/siteplugins`, { key: 'seo-toolkit', name: 'SEO 工具箱', price: 49.9 });

  const user = await newPage(server);
  await signUp(user.page, 'carol');
  await user.page.getByRole('navigation', { name: '页面导航' }).getByRole('link', { name: '插件目录' }).click();
  const card = user.page.getByRole('article', { name: 'SEO 工具箱' });
  await card.getByRole('button', { name: '申请授权' }).click();
  const dialog = user.page.getByRole('dialog', { name: /申请授权/ });
  await dialog.getByLabel('域名或网址').fill('https://Shop.Example.com/store/');
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await user.page.waitForURL('**/uc/plugin-auth');
  await message(user.page, '申请已提交');
  const mine = myRecord(user.page, 'shop.example.com');
  await expectText(mine.getByTestId('auth-status'), '待审核');
  await expectText(mine.getByTestId('expiry'), '-');
  await expect(mine.getByRole('cell').first().textContent()).resolves.toBe('SEO 工具箱');
  expect(await mine.getByTestId('download-license').count()).toBe(0);

  // The administrator authorizes the pending record.
  const records = await asAdmin<{ items: { metadata: { name: string } }[] }>(server, 'GET', `${PLUGIN_AUTH}/authlogs?authUser=carol`);
  await asAdmin(server, 'POST', `${PLUGIN_AUTH}/authlogs/${records.items[0].metadata.name}/authorize`, {});

  // User center: authorized with an expiry date; the license downloads and verifies offline.
  await user.page.reload();
  await expectText(mine.getByTestId('auth-status'), '已授权');
  expect(await mine.getByTestId('expiry').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  const [download] = await Promise.all([user.page.waitForEvent('download'), mine.getByTestId('download-license').click()]);
  expect(download.suggestedFilename()).toBe('license.key');
  const license = fs.readFileSync((await download.path())!, 'utf8').trim();
  const jwks = (await (await fetch(`${server.url}/apis/api.pluginauth.authpay.dev/v1alpha1/public/jwks`)).json()) as JSONWebKeySet;
  const { payload } = await jwtVerify(license, createLocalJWKSet(jwks));
  expect(payload).toMatchObject({ sub: 'carol', aud: 'seo-toolkit', domain: 'shop.example.com' });
  expect(user.errors).toEqual([]);
}, 60_000);

test('an anonymous visit to an app page is sent to log in with a redirect back; the static files load without a session', async () => {
  const { page } = await newPage(server);
  await page.goto('/uc/tokens');
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/uc/tokens');
  const asset = await fetch(`${server.url}/console/`);
  expect(asset.status).toBe(200);
  expect(await asset.text()).toContain('<div id="app">');
  expect((await fetch(`${server.url}/console/assets/missing.js`)).status).toBe(404);
});

test('a user without administrator permissions reaches only the console self-service page; console API calls are refused', async () => {
  const { page, errors } = await newPage(server);
  await signUp(page, 'dave');
  // Every signed-in user has the spec's console tool page for self-service authorization, and nothing else there.
  await page.goto('/console/');
  await page.waitForURL('**/console/plugin-auth/self-service');
  const adminLinks = page.locator('a[href*="/console/plugin-auth/records"], a[href*="/console/payment/"], a[href*="/console/system/"]');
  expect(await adminLinks.count()).toBe(0);
  await page.goto('/console/payment/orders');
  await page.waitForURL('**/console/plugin-auth/self-service');
  expect(await page.locator('[data-testid=message][data-kind=error]').count()).toBe(0);
  const status = await page.evaluate(async () => (await fetch('/apis/console.api.pluginauth.authpay.dev/v1alpha1/siteplugins')).status);
  expect(status).toBe(403);
  expect(errors).toEqual([]);
}, 30_000);

test("a domain applied for in a user's name through the public API waits for that user, who confirms it in the user center", async () => {
  await asAdmin(server, 'PUT', `${PLUGIN_AUTH}/settings`, { apiAccessSecret: 'ui-public-secret' });
  await asAdmin(server, 'POST', `${PLUGIN_AUTH}/siteplugins`, { key: 'gallery', name: '相册', price: 0, authCountLimit: 2 });

  const { page, errors } = await newPage(server);
  await signUp(page, 'erin');
  const query = new URLSearchParams({ pluginKey: 'gallery', authDomain: 'blog.erin-site.com', authUser: 'erin' });
  const asked = await fetch(`${server.url}/apis/api.pluginauth.authpay.dev/v1alpha1/public/auth?${query}`, {
    headers: { authorization: 'Bearer ui-public-secret' },
  });
  expect(asked.status).toBe(200);

  await page.reload();
  const row = myRecord(page, 'blog.erin-site.com');
  await expectText(row.getByTestId('unconfirmed'), '待我确认');
  await row.getByRole('button', { name: '确认申请' }).click();
  // Asked in an accessible dialog, never window.confirm.
  const ask = page.getByRole('dialog', { name: '请确认' });
  await ask.getByRole('button', { name: '确认申请' }).click();
  await message(page, '已确认');
  await page.waitForFunction(() => !document.querySelector('[data-testid=my-records] [data-testid=unconfirmed]'));
  await expectText(row.getByTestId('auth-status'), '待审核');
  expect(errors).toEqual([]);
}, 60_000);

async function expectText(locator: Locator, text: string): Promise<void> {
  await locator.filter({ hasText: text }).waitFor();
  expect((await locator.textContent())?.trim()).toBe(text);
}
