/**
 * The console's self-service tool page (spec: "Console tool page … for self-service authorization"): a user
 * who is no administrator signs in to the console, lands on the tool page, applies for a domain and
 * activates it with a permanent code using the keyboard only, and downloads the license. Checked with
 * axe-core at desktop and phone size, in both languages; pictured for docs/ui.md.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, docScreenshot, expectAxeClean, logInThrough, newPage, pageApi, startUiServer, type UiServer } from '../support.js';
import { message, text } from './plugin-auth-support.js';

const CONSOLE = '/apis/console.api.pluginauth.authpay.dev/v1alpha1';
const USER = { username: 'frank', email: 'frank@example.com', password: 'frank-password-1' };

let server: UiServer;
let code = '';
beforeAll(async () => {
  server = await startUiServer();
  const { page } = await newPage(server);
  await logInThrough(page, '/console/', 'admin', ADMIN_PASSWORD);
  await pageApi(page, 'POST', `${CONSOLE}/siteplugins`, { key: 'kb-tools', name: 'Keyboard Tools', price: 29 });
  await pageApi(page, 'POST', `${CONSOLE}/siteplugins`, { key: 'site-backup', name: '站点备份', price: 0 });
  await pageApi(page, 'POST', '/apis/console.api.host.authpay.dev/v1alpha1/users', USER);
  await pageApi(page, 'POST', `${CONSOLE}/authlogs`, {
    pluginKey: 'site-backup',
    authUser: USER.username,
    authDomain: 'blog.example.com',
    authStatus: 1,
  });
  code = (await pageApi<{ codes: string[] }>(page, 'POST', `${CONSOLE}/permanentcodes`, { pluginKey: 'kb-tools', channel: 'qq', count: 1 }))
    .codes[0];
  await page.context().close();
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

/** Presses Tab until the focus is inside an element matching `selector` (fails after `max` presses). */
async function tabTo(page: Page, selector: string, backwards = false, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

const mine = (page: Page, domain: string) =>
  page.locator('[data-testid=my-records] tr, [data-testid=my-records] li').filter({ has: page.locator(`[data-domain="${domain}"]`) });

test('a user applies and activates from the console tool page with the keyboard only, then downloads the license', async () => {
  const { page, errors } = await newPage(server, { locale: 'en' });
  const t = (key: string, named?: Record<string, string | number>) => text('en', key, named);
  await logInThrough(page, '/console/', USER.username, USER.password);
  // The only console page a user without administrator roles may see.
  await page.waitForURL('**/console/plugin-auth/self-service');
  await page.getByRole('heading', { name: t('nav.selfService') }).waitFor();
  await expectAxeClean(page);

  // Apply: choose the plugin, type the domain as a URL, Enter submits.
  await tabTo(page, '[data-testid=request-plugin]');
  await page.keyboard.type('Keyboard');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await tabTo(page, '[data-field=domain]');
  await page.keyboard.type('https://Shop.Example.com/store/');
  await page.keyboard.press('Enter');
  expect(await message(page, 'success')).toBe(t('selfService.applied', { domain: 'shop.example.com', plugin: 'Keyboard Tools' }));
  const record = mine(page, 'shop.example.com');
  await record
    .getByTestId('auth-status')
    .filter({ hasText: t('enum.authStatus.0') })
    .waitFor();
  // People read the plugin's name, not its key.
  expect(await record.innerText()).toContain('Keyboard Tools');

  // Activate with the code: back to the choice of how, arrow to "activate", then plugin, domain and code.
  await tabTo(page, '[data-testid=request-mode]', true);
  await page.keyboard.press('ArrowRight');
  await tabTo(page, '[data-field=domain]');
  await page.keyboard.type('shop.example.com');
  await tabTo(page, '[data-field=code]');
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  const activated = t('selfService.activated', { domain: 'shop.example.com', plugin: 'Keyboard Tools' });
  expect(await message(page, 'success', activated)).toBe(activated);
  await record
    .getByTestId('auth-status')
    .filter({ hasText: t('enum.authStatus.1') })
    .waitFor();
  expect(await record.getByTestId('expiry').innerText()).toBe(t('enum.validity.PERMANENT'));
  await expectAxeClean(page);

  // The license downloads from the keyboard too.
  await tabTo(page, '[data-testid=download-license]');
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe('license.key');
  expect(fs.readFileSync((await download.path())!, 'utf8').split('.')).toHaveLength(3);
  expect(errors).toEqual([]);
  await page.context().close();
}, 120_000);

test('the tool page in Chinese at desktop and phone size: the key actions visible, axe clean', async () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    const { page, errors } = await newPage(server, { locale: 'zh-CN', viewport });
    const t = (key: string, named?: Record<string, string | number>) => text('zh-CN', key, named);
    await logInThrough(page, '/console/', USER.username, USER.password);
    await page.waitForURL('**/console/plugin-auth/self-service');
    const record = mine(page, 'blog.example.com');
    await record.waitFor();
    expect(await record.getByTestId('download-license').isVisible()).toBe(true);
    expect(await page.getByTestId('request-submit').isVisible()).toBe(true);
    expect(await page.getByTestId('request-submit').innerText()).toBe(t('selfService.submitApply'));
    await expectAxeClean(page);
    await docScreenshot(page, `console-plugin-auth-self-service-${viewport}`);
    expect(errors).toEqual([]);
    await page.context().close();
  }
}, 120_000);
