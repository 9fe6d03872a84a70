/**
 * Helpers of the console plugin-auth browser suites: API calls with the page's session (to set the scene the
 * way another person would), Element Plus selects and message boxes driven as a person drives them, and the
 * catalog texts the assertions read (so a test checks what the page says in its language).
 */
import type { Locator, Page } from 'playwright-core';
import consoleZh from '../../../console-ui/src/locales/zh-CN/index.js';
import consoleEn from '../../../console-ui/src/locales/en/index.js';
import sharedZh from '../../../ui-shared/locales/zh-CN.js';
import sharedEn from '../../../ui-shared/locales/en.js';
import { fillMessage } from './catalog.js';

export type Lang = 'zh-CN' | 'en';
type Catalog = { [key: string]: string | Catalog };
const CATALOGS: Record<Lang, Catalog[]> = { 'zh-CN': [consoleZh, sharedZh], en: [consoleEn, sharedEn] };

/** A catalog text in a language with its `{name}` placeholders filled, as the page shows it. */
export function text(lang: Lang, key: string, named: Record<string, string | number> = {}): string {
  for (const catalog of CATALOGS[lang]) {
    const found = key
      .split('.')
      .reduce<string | Catalog | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), catalog);
    if (typeof found === 'string') return fillMessage(found, named);
  }
  throw new Error(`no catalog text ${key}`);
}

/**
 * Picks an option of an el-select by its visible text, and waits for the list to close: on a phone a list still
 * fading out lies over the next field and takes its click.
 */
export async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  const item = page.locator('.el-select-dropdown__item:visible', { hasText: option }).first();
  await item.click();
  await item.waitFor({ state: 'hidden' });
}

/** The open message box (confirmAction): its text, then the named button is pressed. */
export async function answerConfirm(page: Page, button: 'confirm' | 'cancel'): Promise<string> {
  const box = page.locator('.el-message-box:visible');
  await box.waitFor();
  const said = (await box.locator('.el-message-box__message').innerText()).trim();
  await box
    .locator(
      button === 'confirm' ? '.el-button--primary, .el-button--danger' : '.el-button:not(.el-button--primary):not(.el-button--danger)',
    )
    .first()
    .click();
  await box.waitFor({ state: 'hidden' });
  return said;
}

/** The page's message region text once it shows a message of this kind. */
export async function message(page: Page, kind: 'success' | 'error' | 'info' | 'warning', expected?: string): Promise<string> {
  // With the text expected, wait for it: the region may still show the previous action's message for a moment.
  const shown = page.locator(`[data-testid=message][data-kind=${kind}]`);
  const region = (expected === undefined ? shown : shown.filter({ hasText: expected })).last();
  await region.waitFor();
  return (await region.innerText()).trim();
}

/** Goes to a sub-page through its tab (the page navigation), as a person would. */
export async function openTab(page: Page, lang: Lang, titleKey: string, path: string): Promise<void> {
  const tabs = page.getByRole('navigation', { name: text(lang, 'layout.subNav') });
  await tabs.getByRole('link', { name: text(lang, titleKey), exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
}

/** Reads until `read` gives what `done` accepts (a write the page made is visible), or gives up after 10 s; returns the last value. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}
