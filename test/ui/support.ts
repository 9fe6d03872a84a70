/**
 * UI test support: builds the two apps once if their dist/ is missing or stale, starts the real server
 * (port 0, temporary SQLite data directory, known admin password) and Debian Chromium via playwright-core.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTempServer } from '../support/temp-server.js';
import type { HostRuntime } from '../../src/host/runtime.js';

export const ADMIN_PASSWORD = 'ui-admin-password-1';
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
  const server = await startTempServer({ prefix: 'authpay-ui', env: { AUTHPAY_ADMIN_PASSWORD: ADMIN_PASSWORD } });
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

/** The two sizes every page must work at: a desktop window and a 390×844 phone. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

export interface PageOptions {
  timezoneId?: string;
  /** Browser language (`zh-CN` or `en`): the apps' default language follows it. */
  locale?: 'zh-CN' | 'en';
  viewport?: ViewportName;
}

/** A fresh browser context (its own cookies) whose page errors are collected, and every confirm() accepted. */
export async function newPage(server: UiServer, options: PageOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const { viewport = 'desktop', locale, timezoneId } = options;
  const context = await server.browser.newContext({
    acceptDownloads: true,
    baseURL: server.url,
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    ...(locale ? { locale } : {}),
    ...(timezoneId ? { timezoneId } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('dialog', (dialog) => void dialog.accept());
  return { page, errors };
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe-core (WCAG 2 A/AA rules) over the page as it is now and returns the serious and critical
 * violations, each as "rule: help (selectors)" so a failing test names what to fix.
 */
export async function axeProblems(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol: the apps' CSP (script-src 'self') refuses an inline <script> tag.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    type Axe = { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> };
    const axe = (globalThis as unknown as { axe: Axe }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
}

/** Fails the test with the list of serious or critical axe violations of the page as it is now. */
export async function expectAxeClean(page: Page): Promise<void> {
  expect(await axeProblems(page)).toEqual([]);
}

const SCREENSHOT_DIR = path.join(ROOT, 'docs', 'ui', 'screenshots');

/**
 * With UPDATE_SCREENSHOTS=1 the browser tests write the pictures docs/ui.md shows
 * (docs/ui/screenshots/<name>.png); otherwise this does nothing, so an ordinary run leaves the tree clean.
 */
export async function docScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
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

/** Waits for a toast with this text (the apps report success and server messages there). */
export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.toast').filter({ hasText: text }).first().waitFor();
}
