/**
 * UI test support: builds the two apps once if their dist/ is missing or stale, starts the real server
 * (port 0, temporary SQLite data directory, known admin password) and Debian Chromium via playwright-core.
 */
import { execFileSync } from 'node:child_process';
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

/** A fresh browser context (its own cookies) whose page errors are collected, and every confirm() accepted. */
export async function newPage(server: UiServer, options: { timezoneId?: string } = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await server.browser.newContext({ acceptDownloads: true, baseURL: server.url, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('dialog', (dialog) => void dialog.accept());
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

/** Waits for a toast with this text (the apps report success and server messages there). */
export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.toast').filter({ hasText: text }).first().waitFor();
}
