/**
 * Plugin authorization through both browser apps against the real server: the administrator creates a
 * catalog plugin in the console; a new user signs up in the user center and applies for a domain; the
 * administrator authorizes the record; the user sees it authorized and downloads a license.key that
 * verifies against the server's published JWKS.
 */
import fs from 'node:fs';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { ADMIN_PASSWORD, logInThrough, newPage, startUiServer, toast, type UiServer } from './support.js';

let server: UiServer;

beforeAll(async () => {
  server = await startUiServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

test('a plugin created in the console is applied for in the user center, authorized, and its license downloaded', async () => {
  const admin = await newPage(server);
  await logInThrough(admin.page, '/console/', 'admin', ADMIN_PASSWORD);
  await admin.page.waitForURL('**/console/plugin-auth/catalog');

  // Console: create a catalog plugin.
  await admin.page.click('[data-testid=new-plugin]');
  await admin.page.fill('input[name=key]', 'seo-toolkit');
  await admin.page.fill('input[name=name]', 'SEO 工具箱');
  await admin.page.fill('input[name=price]', '49.9');
  await admin.page.click('.modal button[type=submit]');
  await admin.page.locator('[data-testid=catalog-table] td', { hasText: 'seo-toolkit' }).waitFor();

  // User center: sign up, land on the user center, apply for a domain given as a URL.
  const user = await newPage(server);
  await user.page.goto('/uc/signup');
  await user.page.fill('input[name=username]', 'carol');
  await user.page.fill('input[name=email]', 'carol@example.com');
  await user.page.fill('input[name=password]', 'carol-password-1');
  await user.page.click('button[type=submit]');
  await user.page.waitForURL('**/uc/plugin-auth');
  await user.page.locator('.subtabs a', { hasText: '插件目录' }).click();
  await user.page.locator('[data-plugin=seo-toolkit] [data-testid=apply]').click();
  await user.page.fill('input[name=domain]', 'https://Shop.Example.com/store/');
  await user.page.click('.modal button[type=submit]');
  await user.page.waitForURL('**/uc/plugin-auth');
  const mine = user.page.locator('[data-testid=my-records] tr[data-domain="shop.example.com"]');
  await expectText(mine.locator('[data-testid=auth-status]'), '待审核');
  await expectText(mine.locator('[data-testid=expiry]'), '-');
  expect(await mine.locator('[data-testid=download-license]').count()).toBe(0);

  // Console: the pending record is listed (filtered by user) and authorized.
  await admin.page.locator('.subtabs a', { hasText: '授权记录' }).click();
  await admin.page.fill('input[name=authUser]', 'carol');
  await admin.page.locator('form.filters button[type=submit]').click();
  const record = admin.page.locator('[data-testid=records-table] tr[data-domain="shop.example.com"]');
  await expectText(record.locator('[data-testid=auth-status]'), '待审核');
  await record.locator('[data-testid=authorize]').click();
  await expectText(record.locator('[data-testid=auth-status]'), '已授权');

  // User center: authorized with an expiry date; the license downloads and verifies offline.
  await user.page.reload();
  await expectText(mine.locator('[data-testid=auth-status]'), '已授权');
  expect(await mine.locator('[data-testid=expiry]').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  const [download] = await Promise.all([user.page.waitForEvent('download'), mine.locator('[data-testid=download-license]').click()]);
  expect(download.suggestedFilename()).toBe('license.key');
  const license = fs.readFileSync((await download.path())!, 'utf8').trim();
  const jwks = (await (await fetch(`${server.url}/apis/api.pluginauth.authpay.dev/v1alpha1/public/jwks`)).json()) as JSONWebKeySet;
  const { payload } = await jwtVerify(license, createLocalJWKSet(jwks));
  expect(payload).toMatchObject({ sub: 'carol', aud: 'seo-toolkit', domain: 'shop.example.com' });

  expect(admin.errors).toEqual([]);
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

test('a signed-in user without console permissions sees no console tabs, and console API calls are refused', async () => {
  const { page, errors } = await newPage(server);
  await page.goto('/uc/signup');
  await page.fill('input[name=username]', 'dave');
  await page.fill('input[name=email]', 'dave@example.com');
  await page.fill('input[name=password]', 'dave-password-1');
  await page.click('button[type=submit]');
  await page.waitForURL('**/uc/plugin-auth');
  expect(await page.locator('.topbar .user a', { hasText: '管理控制台' }).count()).toBe(0);
  await page.goto('/console/');
  await page.locator('main.page', { hasText: '没有可访问的页面' }).waitFor();
  expect(await page.locator('.topbar nav a').count()).toBe(0);
  expect(await page.locator('.toast.error').count()).toBe(0);
  const status = await page.evaluate(async () => (await fetch('/apis/console.api.pluginauth.authpay.dev/v1alpha1/siteplugins')).status);
  expect(status).toBe(403);
  expect(errors).toEqual([]);
}, 30_000);

test("a domain applied for in a user's name through the public API waits for that user, who confirms it in the user center", async () => {
  const base = `${server.url}/apis`;
  const asAdmin = {
    authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`,
    'content-type': 'application/json',
  };
  const send = (method: string, path: string, body: unknown) =>
    fetch(`${base}${path}`, { method, headers: asAdmin, body: JSON.stringify(body) });
  expect((await send('PUT', '/console.api.pluginauth.authpay.dev/v1alpha1/settings', { apiAccessSecret: 'ui-public-secret' })).status).toBe(
    200,
  );
  const plugin = { key: 'gallery', name: '相册', price: 0, authCountLimit: 2 };
  expect((await send('POST', '/console.api.pluginauth.authpay.dev/v1alpha1/siteplugins', plugin)).status).toBe(201);

  const { page, errors } = await newPage(server);
  await page.goto('/uc/signup');
  await page.fill('input[name=username]', 'erin');
  await page.fill('input[name=email]', 'erin@example.com');
  await page.fill('input[name=password]', 'erin-password-1');
  await page.click('button[type=submit]');
  await page.waitForURL('**/uc/plugin-auth');

  const query = new URLSearchParams({ pluginKey: 'gallery', authDomain: 'blog.erin-site.com', authUser: 'erin' });
  const asked = await fetch(`${base}/api.pluginauth.authpay.dev/v1alpha1/public/auth?${query}`, {
    headers: { authorization: 'Bearer ui-public-secret' },
  });
  expect(asked.status).toBe(200);

  await page.reload();
  const row = page.locator('[data-testid=my-records] tr[data-domain="blog.erin-site.com"]');
  await expectText(row.locator('[data-testid=unconfirmed]'), '待我确认');
  await row.locator('[data-testid=confirm]').click();
  await toast(page, '已确认');
  await row.locator('[data-testid=auth-status]').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid=my-records] [data-testid=unconfirmed]'));
  await expectText(row.locator('[data-testid=auth-status]'), '待审核');
  expect(errors).toEqual([]);
}, 60_000);

async function expectText(locator: import('playwright-core').Locator, text: string): Promise<void> {
  await locator.filter({ hasText: text }).waitFor();
  expect((await locator.textContent())?.trim()).toBe(text);
}
