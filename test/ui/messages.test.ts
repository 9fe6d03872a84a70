/**
 * Every message a person meets is a sentence in their language that names the field in words (issue 29,
 * item 5), provoked in Chromium against the real server in zh-CN and English:
 *
 * - sign-up with a bad user name: the server's pattern error names 用户名 / User name (the form's label), never
 *   `username`; a name that is taken says which name is taken;
 * - a domain with a space: one sentence about the domain, not `domain: contains spaces…`;
 * - too many failed log-ins: the wait in whole minutes (请 15 分钟后再试 / Try again in 15 minutes), not "875 s";
 * - a reverse proxy answering 502 with nginx's HTML page, and a dropped connection, in both apps: what it means
 *   and what to do, never "HTTP 502" or "Failed to fetch".
 *
 * Each text is checked for the other language's script and for property ids. (SMTP refusals are checked where
 * the mail server is: test/ui/console/system.test.ts.)
 */
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, asAdmin, newPage, signUp, startUiServer, type UiServer } from './support.js';
import { HOST, PLUGIN_AUTH, session, type Cookie } from './scene.js';

type Lang = 'zh-CN' | 'en';
let server: UiServer;
let adminCookies: Cookie[];

const NGINX_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n'
  + '<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n';

beforeAll(async () => {
  server = await startUiServer();
  await asAdmin(server, 'POST', `${PLUGIN_AUTH}/siteplugins`, { key: 'msg-tools', name: 'Message Tools', price: 0, authCountLimit: -1 });
  // The failed log-ins below count against their user name; the per-address limit must not come first.
  await asAdmin(server, 'PUT', `${HOST}/settings/host-settings`, { auth: { loginPerIpPerMinute: 100000 } });
  adminCookies = (await session(server, 'admin', ADMIN_PASSWORD)).cookies;
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

const HAN = /\p{Script=Han}/u;
/** Property ids and transport words that must never reach a person. */
const RAW = /\b(username|displayName|pluginKey|body\.|HTTP|EENVELOPE|Failed to fetch|NetworkError)\b|\d+ s\b/;

/**
 * A sentence in `lang`: an English one has no Chinese; a Chinese one has no English words once the values the
 * person typed (`allowed`) are taken out. Neither shows a property id.
 */
function expectSentence(text: string | null, lang: Lang, allowed: string[] = []): void {
  const shown = (text ?? '').trim();
  expect(shown.length).toBeGreaterThan(4);
  expect(shown).not.toMatch(RAW);
  if (lang === 'en') expect({ text: shown, han: HAN.test(shown) }).toEqual({ text: shown, han: false });
  else {
    const rest = allowed.reduce((t, value) => t.split(value).join(''), shown);
    expect({ text: shown, han: HAN.test(shown), latin: rest.match(/[A-Za-z]{2,}/g) }).toEqual({ text: shown, han: true, latin: null });
  }
}

const fieldError = (page: Page, field: string) => page.locator(`[data-field=${field}] .el-form-item__error`);
const shownMessage = (page: Page) => page.locator('[data-testid=message][data-kind=error]').first();

async function signUpWith(page: Page, lang: Lang, username: string): Promise<void> {
  await page.goto('/uc/signup');
  await page.fill('input[name=username]', username);
  await page.fill('input[name=email]', `${username.replace(/\W/g, '')}-${lang}@example.com`);
  await page.fill('input[name=password]', 'a-long-password-1');
  await page.locator('form button[type=submit]').click();
}

describe.each<Lang>(['zh-CN', 'en'])('in %s', (lang) => {
  const zh = lang === 'zh-CN';

  test('sign-up: a bad user name is named by its label; a taken one says which name is taken', async () => {
    const { page, errors } = await newPage(server, { locale: lang });
    await signUpWith(page, lang, 'Bad_Name');
    const bad = fieldError(page, 'username');
    await bad.waitFor();
    const badText = await bad.textContent();
    expect(badText).toMatch(zh ? /^用户名只能包含小写字母/ : /^User name may contain only lower-case letters/);
    expectSentence(badText, lang);

    await signUpWith(page, lang, 'admin');
    await page.locator('[data-field=username] .el-form-item__error', { hasText: 'admin' }).waitFor();
    const taken = await fieldError(page, 'username').textContent();
    expect(taken).toBe(zh ? '用户名“admin”已被占用，请换一个' : 'The user name "admin" is already taken. Choose another one.');
    expectSentence(taken, lang, ['admin']);
    expect(errors).toEqual([]);
  }, 60_000);

  test('a domain with a space: one sentence about the domain', async () => {
    const { page, errors } = await newPage(server, { locale: lang });
    await signUp(page, `msg-domain-${zh ? 'zh' : 'en'}`);
    await page.goto('/uc/plugin-auth/catalog');
    await page.locator('[data-testid=apply]').first().click();
    const dialog = page.locator('.el-dialog');
    await dialog.locator('input[name=domain]').fill('shop example.com');
    await dialog.locator('button[type=submit]').click();
    const error = fieldError(page, 'domain');
    await error.waitFor();
    const text = await error.textContent();
    expect(text).toBe(zh ? '域名格式不正确：含有空格或控制字符' : 'This is not a valid domain: it contains spaces or control characters.');
    expectSentence(text, lang);
    expect(errors).toEqual([]);
  }, 60_000);

  test('too many failed log-ins: the wait in minutes, rounded up from Retry-After', async () => {
    const { page } = await newPage(server, { locale: lang });
    const user = `nobody-${zh ? 'zh' : 'en'}`;
    let retryAfter = '';
    for (let attempt = 1; attempt <= 6; attempt++) {
      await page.goto(`/login?lang=${lang}`);
      await page.fill('#username', user);
      await page.fill('#password', 'wrong-password');
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/login'),
        page.click('button[type=submit]'),
      ]);
      retryAfter = (await answer.headerValue('retry-after')) ?? '';
      await page.locator('p.error').filter({ hasText: /./ }).waitFor();
    }
    // The sliding window's wait is over a minute (5 failures per 15 minutes): said in whole minutes, rounded up.
    expect(Number(retryAfter)).toBeGreaterThan(60);
    const minutes = Math.ceil(Number(retryAfter) / 60);
    const text = await page.locator('p.error').textContent();
    expect(text).toBe(zh ? `登录尝试过于频繁，请 ${minutes} 分钟后再试` : `Too many log-in attempts. Try again in ${minutes} minutes.`);
    expectSentence(text, lang);
  }, 60_000);

  describe.each([
    { app: 'user center', path: '/uc/plugin-auth', api: '/uc.api.pluginauth.authpay.dev/v1alpha1/authorizations' },
    { app: 'console', path: '/console/system/outbox', api: '/console.api.host.authpay.dev/v1alpha1/outbox' },
  ])('$app', ({ app, path, api }) => {
    async function openWith(answer: 'proxy 502' | 'dropped'): Promise<Page> {
      const { page } = await newPage(server, { locale: lang });
      if (app === 'console') await page.context().addCookies(adminCookies);
      else await signUp(page, `msg-${answer === 'dropped' ? 'down' : 'proxy'}-${zh ? 'zh' : 'en'}`);
      await page.route(
        (url) => url.pathname === `/apis${api}`,
        (route) =>
          answer === 'dropped' ? route.abort('connectionreset') : route.fulfill({ status: 502, contentType: 'text/html', body: NGINX_502 }),
      );
      await page.goto(path);
      return page;
    }

    test('a reverse proxy answering 502 with its HTML page: the server is unreachable for now, try again later', async () => {
      const page = await openWith('proxy 502');
      await shownMessage(page).waitFor();
      const text = await shownMessage(page).textContent();
      expect(text).toContain(
        zh ? '服务器暂时无法访问，请稍后重试' : 'The server is temporarily unavailable. Please try again in a few minutes',
      );
      expectSentence(text, lang);
    }, 60_000);

    test('a dropped connection: the server cannot be reached, check the connection', async () => {
      const page = await openWith('dropped');
      await shownMessage(page).waitFor();
      const text = await shownMessage(page).textContent();
      expect(text).toContain(zh ? '无法连接服务器，请检查网络后重试' : 'Cannot reach the server. Check the connection and try again');
      expectSentence(text, lang);
    }, 60_000);
  });
});
