/**
 * Every page in the reader's language (issue 29, "Done when"): an administrator, a merchant and an ordinary user
 * open every page of the console and the user center their permissions show — the list comes from the apps'
 * route tables — in zh-CN and in English, and the visible texts (text nodes and the `placeholder`, `title`,
 * `aria-label` attributes, code samples excepted) are scanned for the other language's script and for raw ids
 * and enum words. The data the test seeds is ASCII, so what is found is the apps' own text.
 */
import type { Page } from 'playwright-core';
import type { RouteRecordRaw } from 'vue-router';
import { Merchant } from '../../src/payment/merchants/types.js';
import { ADMIN_PASSWORD, asAdmin, newPage, startUiServer, type UiServer } from './support.js';
import { HOST, session, shopScene, type Cookie } from './scene.js';
import { findingsIn, type PageText } from './page-language/scan.js';

const MERCHANT = 'lang-shop-1';
const READER = 'lang-reader-1';
const LOCALES = ['zh-CN', 'en'] as const;
type Locale = (typeof LOCALES)[number];

let server: UiServer;
const cookies: Record<string, Cookie[]> = {};
const permissions: Record<string, string[]> = {};

beforeAll(async () => {
  server = await startUiServer();
  const shop = await shopScene(server, MERCHANT, { confirmSettlement: true });
  // The scene names the shop in Chinese; this test's data is ASCII so every finding is the apps' own text.
  await server.runtime.client.patch(Merchant, MERCHANT, { spec: { merchantName: 'Lang Shop One' } });
  await asAdmin(server, 'POST', `${HOST}/users`, { username: READER, email: `${READER}@example.com`, password: `${READER}-password-1` });
  const reader = await session(server, READER, `${READER}-password-1`);
  const admin = await session(server, 'admin', ADMIN_PASSWORD);
  for (const [name, login] of [
    ['admin', admin],
    [MERCHANT, shop],
    [READER, reader],
  ] as const) {
    cookies[name] = login.cookies;
    permissions[name] = (await login.call<{ uiPermissions: string[] }>('GET', '/uc.api.host.authpay.dev/v1alpha1/users/-')).uiPermissions;
  }
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

interface PageVisit {
  url: string;
  permission?: string;
}

/** The pages of an app from its route table; a path parameter is filled with the seeded merchant. */
function pagesOf(base: string, routes: RouteRecordRaw[]): PageVisit[] {
  return routes
    .filter((r) => !r.meta?.public && !r.redirect)
    .map((r) => ({ url: `${base}${r.path.replace(/:name\b/, MERCHANT)}`, permission: r.meta?.permission as string | undefined }));
}

/**
 * The apps' route tables, imported at run time: their pages are `.vue` files, which the Node type check cannot
 * resolve (the routes only name them in `import()` calls, so nothing of them loads here).
 */
async function routesOf(app: 'console-ui' | 'uc-ui'): Promise<RouteRecordRaw[]> {
  const module = `../../${app}/src/routes.js`;
  return ((await import(module)) as { ROUTES: RouteRecordRaw[] }).ROUTES;
}
const CONSOLE_ROUTES = await routesOf('console-ui');
const UC_ROUTES = await routesOf('uc-ui');

const PAGES = [...pagesOf('/console', CONSOLE_ROUTES), ...pagesOf('/uc', UC_ROUTES)];
const PUBLIC_PAGES = UC_ROUTES.filter((r) => r.meta?.public).map((r) => `/uc${r.path}`);

/** Waits until the page shows its content: no loading mask, no skeleton, the network quiet. */
async function settled(page: Page): Promise<void> {
  await page.locator('main#main, form').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.el-loading-mask:not([style*="display: none"]), .el-skeleton'), null, {
    timeout: 10_000,
  });
}

/** What a person sees or hears on the page: text nodes and text attributes of rendered elements, code excepted. */
async function pageText(page: Page): Promise<PageText> {
  return page.evaluate(() => {
    const shown = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const texts: string[] = [];
    const foreign: string[] = [];
    const page = document.documentElement.lang;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !parent || parent.closest('pre, code, script, style, noscript') || !shown(parent)) continue;
      // A text marked as written in another language (a message in the language its reader saved) is that language's.
      if ((parent.closest('[lang]')?.getAttribute('lang') ?? page) !== page) {
        foreign.push(text);
        continue;
      }
      texts.push(text);
    }
    for (const el of document.querySelectorAll('[placeholder], [title], [aria-label]')) {
      if (!shown(el) || el.closest('pre, code')) continue;
      for (const name of ['placeholder', 'title', 'aria-label']) {
        const value = el.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return { texts, foreign };
  });
}

async function scan(user: string | undefined, locale: Locale, urls: string[]): Promise<string[]> {
  const { page, errors } = await newPage(server, { locale, viewport: 'desktop' });
  if (user) await page.context().addCookies(cookies[user]);
  const found: string[] = [];
  for (const url of urls) {
    await page.goto(url);
    await settled(page).catch((err: Error) => found.push(`${url} (${user ?? 'anonymous'}, ${locale}): never settled: ${err.message}`));
    for (const finding of findingsIn(await pageText(page), locale)) found.push(`${url} (${user ?? 'anonymous'}, ${locale}): ${finding}`);
  }
  expect(errors).toEqual([]);
  await page.context().close();
  return found;
}

const may = (user: string, permission?: string) => !permission || permissions[user].includes('*') || permissions[user].includes(permission);

test('every page of the route tables is opened by one of the three users', () => {
  const opened = PAGES.filter((p) => ['admin', MERCHANT, READER].some((u) => may(u, p.permission)));
  expect(opened.map((p) => p.url)).toEqual(PAGES.map((p) => p.url));
  expect(PAGES.length).toBeGreaterThan(30);
});

describe.each(LOCALES)('%s', (locale) => {
  test.each(['admin', MERCHANT, READER])(
    '%s: no text in the other language, no raw id or enum word',
    async (user) => {
      const urls = PAGES.filter((p) => may(user, p.permission)).map((p) => p.url);
      expect(await scan(user, locale, urls)).toEqual([]);
    },
    300_000,
  );

  test('the public pages (sign-up)', async () => {
    expect(await scan(undefined, locale, PUBLIC_PAGES)).toEqual([]);
  }, 60_000);
});
