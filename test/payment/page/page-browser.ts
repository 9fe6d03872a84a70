/**
 * Browser support for the payment page suites: Debian Chromium through playwright-core, pages in a language
 * at desktop or phone size, axe-core, the keyboard, and the screenshots docs/ui.md shows.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export type Locale = 'zh-CN' | 'en';
export const LOCALES: readonly Locale[] = ['zh-CN', 'en'];

/** The two sizes the page must work at: a desktop window and a 390×844 phone. */
export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
export type ViewportName = keyof typeof VIEWPORTS;
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];

/** Han, kana, Hangul, CJK punctuation and full-width forms. */
export const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
}

export interface PageOptions {
  /** The browser's language: Chromium sends it as Accept-Language. */
  locale?: Locale;
  viewport?: ViewportName;
  userAgent?: string;
}

/** A page in a fresh context; page errors and console errors are collected. */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const { locale = 'zh-CN', viewport = 'desktop', userAgent } = options;
  const phone = viewport === 'phone';
  const context = await browser.newContext({ locale, viewport: VIEWPORTS[viewport], isMobile: phone, hasTouch: phone, userAgent });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  return { page, errors };
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * axe-core's serious and critical violations (WCAG 2.1 A/AA rules) of the page as it is now, each as
 * "rule: help (selectors)". The source is evaluated through the debugging protocol: the page's CSP allows
 * no inline script, so addScriptTag would be refused.
 */
export async function axeProblems(page: Page): Promise<string[]> {
  // Half a megabyte of script: evaluated once per document.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
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

/** The id (or tag name) of the element that has the keyboard focus. */
export function focusedId(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName.toLowerCase() || '');
}

/** Presses Tab until the element with this id has the focus; the ids passed on the way, in order. */
export async function tabTo(page: Page, id: string, maxPresses = 12): Promise<string[]> {
  const passed: string[] = [];
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    const now = await focusedId(page);
    passed.push(now);
    if (now === id) return passed;
  }
  throw new Error(`#${id} not reached with Tab; focus went through ${passed.join(', ')}`);
}

/** Whether nothing is wider than the window (no sideways scrolling on a phone). */
export function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/**
 * Every text a person can meet on the page (title, text nodes including hidden ones, aria-labels), leaving
 * out the elements skipSelector names (the language switch, which names the other language in itself).
 */
export function pageTexts(page: Page, skipSelector: string): Promise<string> {
  return page.evaluate((skip) => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    clone.querySelectorAll(`script, style, ${skip}`).forEach((el) => el.remove());
    const labels = [...clone.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label'));
    return [document.title, clone.textContent ?? '', ...labels].join('\n');
  }, skipSelector);
}

/**
 * With AUTHPAY_SCREENSHOTS=1 (or UPDATE_SCREENSHOTS=1) writes docs/screenshots/<name>.png (the viewport
 * only); otherwise does nothing, so an ordinary run leaves the tree clean.
 */
export async function docScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.AUTHPAY_SCREENSHOTS !== '1' && process.env.UPDATE_SCREENSHOTS !== '1') return;
  const dir = path.join(ROOT, 'docs', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}
