/**
 * Words, not ids (issue #29 items 4, 7 and 8), in Chromium in zh-CN and English: the profile names the
 * merchant's role by its display name; the merchant role setting is a choice of roles by display name; every
 * scheduled job has a title and a description; the site's own orders say 系统 / System; the merchant business
 * types read in the page's language in the console, the merchant's page and the onboarding form; and an SMTP
 * sender that is no e-mail address is refused at its field, with nothing saved.
 */
import type { Page } from 'playwright-core';
import { catalog } from './console/catalog.js';
import { HOST, PAY, merchantUser, session, type Cookie } from './scene.js';
import { ADMIN_PASSWORD, asAdmin, BOOTSTRAP_TOKEN, newPage, startUiServer, type UiServer } from './support.js';

const LOCALES = ['zh-CN', 'en'] as const;
type Locale = (typeof LOCALES)[number];

// Written out, not computed: what each reader sees (role templates and the payment settings' defaults).
const MERCHANT_ROLE = { 'zh-CN': '支付 · 商户平台', en: 'Payment · Merchant platform' };
const SOFTWARE = { 'zh-CN': '软件', en: 'Software' };
const DIGITAL = { 'zh-CN': '数字内容', en: 'Digital content' };
const JOBS = {
  'host:idempotency-retention': { 'zh-CN': '清理幂等键记录', en: 'Clean up idempotency keys' },
  'Payment:auto-settlement': { 'zh-CN': '自动结算', en: 'Automatic settlement' },
};

let server: UiServer;
let admin: Cookie[];
let merchant: Cookie[];
let newcomer: Cookie[];

beforeAll(async () => {
  server = await startUiServer();
  await asAdmin(server, 'PUT', `${PAY}/merchant-settings`, { enabled: true });
  await merchantUser(server, 'shopkeeper', 'ACTIVE');
  await asAdmin(server, 'POST', `${HOST}/users`, { username: 'newcomer', email: 'newcomer@example.com', password: 'newcomer-password-1' });
  // One log-in per user (the log-in rate limit counts per address): the cookies go into each page's context.
  admin = (await session(server, 'admin', ADMIN_PASSWORD)).cookies;
  merchant = (await session(server, 'shopkeeper', 'shopkeeper-password-1')).cookies;
  newcomer = (await session(server, 'newcomer', 'newcomer-password-1')).cookies;
  // An order of the site itself (platform `system`), made by the administrator.
  await asAdmin(server, 'PUT', `${PAY}/settings`, { sandboxEnabled: true });
  await asAdmin(server, 'POST', `${PAY}/payments`, {
    orderId: 'ui-words-system-order-0001',
    subject: 'system order',
    paymentAmount: '1.00',
    paymentType: 'SANDBOX',
    paymentChannel: 'SIMULATED',
  });
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

async function pageAt(path: string, locale: Locale, cookies: Cookie[]): Promise<{ page: Page; errors: string[] }> {
  const opened = await newPage(server, { locale });
  await opened.page.context().addCookies(cookies);
  await opened.page.goto(path);
  return opened;
}

/** The texts of a select's options once it is opened (Element Plus renders them in a popper). */
async function optionTexts(page: Page, select: string): Promise<string[]> {
  await page.locator(select).click();
  const options = page.locator('.el-select-dropdown:visible .el-select-dropdown__item');
  await options.first().waitFor();
  return (await options.allInnerTexts()).map((text) => text.trim());
}

test.each(LOCALES)(
  '%s: the profile names the role by its display name, never its id',
  async (locale) => {
    const { page, errors } = await pageAt('/uc/profile', locale, merchant);
    const roles = page.locator('[data-testid=profile-form] .facts dd').nth(1);
    await roles.filter({ hasText: MERCHANT_ROLE[locale] }).waitFor();
    expect(await roles.innerText()).not.toContain('role-template');
    expect(errors).toEqual([]);
    await page.context().close();
  },
  60_000,
);

test.each(LOCALES)(
  '%s: the merchant role is chosen among roles by display name; business types have names per language',
  async (locale) => {
    const w = catalog(locale);
    const { page, errors } = await pageAt('/console/merchant-settings', locale, admin);
    const role = page.locator('[data-field=merchantRole]');
    await role.locator('.el-select__selected-item', { hasText: MERCHANT_ROLE[locale] }).waitFor();
    const choices = await optionTexts(page, '[data-field=merchantRole] .el-select__wrapper');
    expect(choices).toContain(MERCHANT_ROLE[locale]);
    expect(choices.filter((text) => /role-template|super-role/.test(text))).toEqual([]);
    await page.keyboard.press('Escape');

    // The business types: one row each, its value and both names.
    const first = page.locator('[data-field=businessTypes] [data-testid=entry-row]').first();
    await expect(first.locator('input').nth(0).inputValue()).resolves.toBe('软件');
    await expect(first.locator('input').nth(2).inputValue()).resolves.toBe('Software');
    expect(await page.locator('[data-field=businessTypes]').innerText()).toContain(w('settings.entries.en'));

    // A new type with both names is saved as an entry; the stored values of the others stay.
    await page.getByTestId('entry-add').click();
    const added = page.locator('[data-field=businessTypes] [data-testid=entry-row]').last();
    await added.locator('input').nth(0).fill(`games-${locale}`);
    await added.locator('input').nth(1).fill('游戏');
    await added.locator('input').nth(2).fill('Games');
    await page.locator('.settings-form__group[data-group=merchant] button[type=submit]').click();
    await page.locator('[data-testid=message][data-kind=success]', { hasText: w('common.saved') }).waitFor();
    const saved = await asAdmin<{ businessTypes: unknown[] }>(server, 'GET', `${PAY}/merchant-settings`);
    expect(saved.businessTypes).toContainEqual({ value: `games-${locale}`, label: '游戏', i18n: { en: { label: 'Games' } } });
    expect(saved.businessTypes).toContainEqual({ value: '软件', label: '软件', i18n: { en: { label: 'Software' } } });
    await asAdmin(server, 'PUT', `${PAY}/merchant-settings`, { businessTypes: null });
    expect(errors).toEqual([]);
    await page.context().close();
  },
  60_000,
);

test.each(LOCALES)(
  '%s: scheduled jobs show a title and a description, the id only as a detail',
  async (locale) => {
    const { page, errors } = await pageAt('/console/system/jobs', locale, admin);
    for (const [id, title] of Object.entries(JOBS)) {
      const cell = page.locator(`[data-testid=jobs-table] tr.el-table__row [data-job="${id}"]`);
      await cell.locator('.job-name', { hasText: title[locale] }).waitFor();
      expect((await cell.locator('[data-testid=job-description]').innerText()).length).toBeGreaterThan(10);
      expect(await cell.locator('[data-testid=job-id]').innerText()).toBe(id);
    }
    // Every job has a description in the page's language.
    const descriptions = await page.locator('[data-testid=jobs-table] tr.el-table__row [data-testid=job-description]').allInnerTexts();
    expect(descriptions.length).toBeGreaterThanOrEqual(9);
    expect(descriptions.filter((d) => !d.trim())).toEqual([]);
    if (locale === 'en') expect(descriptions.filter((d) => /[\u4e00-\u9fff]/.test(d))).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  },
  60_000,
);

test.each(LOCALES)(
  '%s: an order of the site itself says 系统 / System, not `system`',
  async (locale) => {
    const w = catalog(locale);
    const { page, errors } = await pageAt('/console/payment/orders?orderId=ui-words-system-order-0001', locale, admin);
    const platform = page.locator('tr.el-table__row [data-testid=order-platform]').first();
    await platform.waitFor();
    expect(await platform.innerText()).toBe(w('common.system'));
    expect(errors).toEqual([]);
    await page.context().close();
  },
  60_000,
);

test.each(LOCALES)(
  '%s: a business type reads in the page language in the merchant list, the merchant page and onboarding',
  async (locale) => {
    const list = await pageAt('/console/merchants', locale, admin);
    const row = list.page.locator('tr.el-table__row', { hasText: '店铺 shopkeeper' });
    await row.waitFor();
    expect(await row.innerText()).toContain(SOFTWARE[locale]);
    if (locale === 'en') expect(await row.innerText()).not.toContain('软件');
    expect(list.errors).toEqual([]);
    await list.page.context().close();

    const mine = await pageAt('/uc/merchant', locale, merchant);
    const profile = mine.page.locator('.merchant-status__profile');
    await profile.waitFor();
    expect(await profile.innerText()).toContain(SOFTWARE[locale]);
    expect(mine.errors).toEqual([]);
    await mine.page.context().close();

    const onboarding = await pageAt('/uc/merchant', locale, newcomer);
    const choices = await optionTexts(onboarding.page, '[data-field=businessType] .el-select__wrapper');
    expect(choices).toEqual(expect.arrayContaining([SOFTWARE[locale], DIGITAL[locale]]));
    if (locale === 'en') expect(choices.filter((c) => /[\u4e00-\u9fff]/.test(c))).toEqual([]);
    expect(onboarding.errors).toEqual([]);
    await onboarding.page.context().close();
  },
  90_000,
);

test.each(LOCALES)(
  '%s: an SMTP sender that is no e-mail address is refused at its field and nothing is saved',
  async (locale) => {
    const w = catalog(locale);
    const { page, errors } = await pageAt('/console/system/settings?group=smtp', locale, admin);
    const from = page.locator('.settings-form__group[data-group=smtp] input[name=from]');
    await from.fill('not-an-email');
    await page.locator('.settings-form__group[data-group=smtp] button[type=submit]').click();
    await page
      .locator('[data-field=from] .el-form-item__error', { hasText: w('validation.mailbox', { example: 'AuthPay <noreply@example.com>' }) })
      .waitFor();
    expect(await page.locator('[data-testid=message][data-kind=success]').count()).toBe(0);
    const stored = await fetch(`${server.url}/apis${HOST}/settings/host-settings`, {
      headers: { authorization: `Bearer ${BOOTSTRAP_TOKEN}` },
    });
    const values = ((await stored.json()) as { data: { values: { smtp: { from: string } } } }).data.values;
    expect(values.smtp.from).toBe('');

    // A proper sender is taken.
    await from.fill('AuthPay <noreply@example.com>');
    await page.locator('.settings-form__group[data-group=smtp] button[type=submit]').click();
    await page.locator('[data-testid=message][data-kind=success]', { hasText: w('common.saved') }).waitFor();
    await asAdmin(server, 'PUT', `${HOST}/settings/host-settings`, { smtp: { from: null } });
    expect(errors).toEqual([]);
    await page.context().close();
  },
  60_000,
);
