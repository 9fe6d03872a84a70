/**
 * UI test support: builds the two apps once if their dist/ is missing or stale, starts the real server
 * (port 0, temporary SQLite data directory, known admin password) and Debian Chromium via playwright-core.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTempServer } from '../support/temp-server.js';
import type { HostRuntime } from '../../src/host/runtime.js';

export const ADMIN_PASSWORD = 'ui-admin-password-1';
/** Administrator credential of API calls the tests make (not a log-in, so never rate-limited). */
export const BOOTSTRAP_TOKEN = 'ui-bootstrap-token-0123456789';
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

export interface UiServer {
  runtime: HostRuntime;
  url: string;
  browser: Browser;
  stop(): Promise<void>;
}

/** Builds the UI when needed (a no-op when dist/ is current), then starts the server and the browser. */
export async function startUiServer(): Promise<UiServer> {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'ensure-ui.mjs'), '--quiet'], { cwd: ROOT, stdio: 'inherit' });
  const server = await startTempServer({
    prefix: 'authpay-ui',
    env: { AUTHPAY_ADMIN_PASSWORD: ADMIN_PASSWORD, AUTHPAY_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN },
  });
  const { runtime, url } = server;
  const browser = await chromium.launch({
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
  return {
    runtime,
    url,
    browser,
    stop: async () => {
      await browser.close();
      await server.stop();
    },
  };
}

export const PHONE = { width: 390, height: 844 };

/** The two sizes every page must work at: a desktop window and a 390×844 phone. */
export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: PHONE } as const;

export type ViewportName = keyof typeof VIEWPORTS;

export interface PageOptions {
  timezoneId?: string;
  /** The browser's language (navigator.languages): the apps start in it. Default zh-CN. */
  locale?: string;
  /** `desktop` (1280×800, the default), `phone` (390×844) or a size. */
  viewport?: ViewportName | { width: number; height: number };
}

/**
 * Transitions and animations take no time in the tests: a dialog or a drawer is there at once, so the tests
 * wait on the pages' work rather than on Element Plus's fades (Vue's <Transition> ends at once when the
 * computed duration is 0). What a test checks does not depend on motion; `UI_ANIMATIONS=on` keeps it.
 */
const STILL_PAGES = `(() => {
  const style = document.createElement('style');
  style.textContent = '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; '
    + 'animation-duration: 0s !important; animation-delay: 0s !important; }';
  const attach = () => (document.head ?? document.documentElement).appendChild(style);
  if (document.documentElement) attach();
  else document.addEventListener('DOMContentLoaded', attach, { once: true });
})();`;

/**
 * A fresh browser context (its own cookies) whose page errors are collected. A native dialog (alert,
 * confirm) fails the test: the apps ask in their own accessible dialogs.
 */
export async function newPage(server: UiServer, options: PageOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const viewport = typeof options.viewport === 'string' ? VIEWPORTS[options.viewport] : (options.viewport ?? VIEWPORTS.desktop);
  const phone = viewport.width <= PHONE.width;
  const context = await server.browser.newContext({
    acceptDownloads: true,
    baseURL: server.url,
    locale: options.locale ?? 'zh-CN',
    viewport,
    isMobile: phone,
    hasTouch: phone,
    timezoneId: options.timezoneId,
  });
  if (process.env.UI_ANIMATIONS !== 'on') await context.addInitScript(STILL_PAGES);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('dialog', (dialog) => {
    errors.push(`native ${dialog.type()} dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { page, errors };
}

/** Opens an app path while logged out, follows the redirect to /login, logs in and comes back. */
export async function logInThrough(page: Page, appPath: string, username: string, password: string): Promise<void> {
  await page.goto(appPath);
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(appPath);
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
  await page.waitForURL((url) => url.pathname.startsWith(appPath));
}

/** Waits for the page's message region to say this (the apps report results and server errors there). */
export async function message(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[data-testid=message]').filter({ hasText: text }).first().waitFor();
}

/** Signs a new user up through /uc/signup (which logs them in) and waits for the user center. */
export async function signUp(page: Page, username: string, password = `${username}-password-1`): Promise<void> {
  await page.goto('/uc/signup');
  await page.fill('input[name=username]', username);
  await page.fill('input[name=email]', `${username}@example.com`);
  await page.fill('input[name=password]', password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL('**/uc/plugin-auth');
}

/** Calls the API as the administrator (bootstrap token) and returns the envelope's data; a failure throws. */
export async function asAdmin<T = unknown>(server: UiServer, method: string, apiPath: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/apis${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${BOOTSTRAP_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as { success: boolean; message: string; data: T };
  if (!env.success) throw new Error(`${method} ${apiPath}: ${res.status} ${env.message}`);
  return env.data;
}

/**
 * Calls an API path (`/apis/…`) as the signed-in page: with its session cookie, CSRF token and origin, as the apps
 * call it. Returns the envelope's data; a failure throws with the status and the server's message.
 */
export async function pageApi<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const cookies = await page.context().cookies();
  const xsrf = decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const origin = new URL(page.url()).origin;
  const res = await page.request.fetch(path, { method, data: body, headers: { 'x-xsrf-token': xsrf, origin, ...headers } });
  const envelope = (await res.json()) as { success: boolean; message: string; data: T };
  if (!envelope.success) throw new Error(`${method} ${path}: ${res.status()} ${envelope.message}`);
  return envelope.data;
}

const AXE_SOURCE = fs.readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/**
 * axe-core over the page as it is now: the serious and critical violations, as readable lines (rule, help,
 * first elements). Evaluated through the DevTools protocol, so the pages' Content-Security-Policy allows it.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Colours are judged once transitions end (a dialog fading in or out is half transparent on the way).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // Half a megabyte of script: evaluated once per document (the apps' in-app navigations keep it).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<unknown> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
    };
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** The same as {@link axeViolations} (the name the console suites use). */
export const axeProblems = axeViolations;

/** Fails the test with the serious or critical axe violations of the page as it is now. */
export async function expectAxeClean(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

const SHOTS = path.join(ROOT, 'docs', 'screenshots');

/** With AUTHPAY_SCREENSHOTS=1 the run refreshes the screenshots docs/ui.md shows; otherwise nothing. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.AUTHPAY_SCREENSHOTS && process.env.UPDATE_SCREENSHOTS !== '1') return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** The same as {@link screenshot} (the name the console suites use). */
export const docScreenshot = screenshot;
