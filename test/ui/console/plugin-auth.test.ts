/**
 * The administrator's plugin-authorization journey through the console, in both languages, at desktop and
 * phone size, against the real server: log in, create a plugin, find a pending record through filters that
 * live in the URL (and survive a reload), authorize it, batch-authorize with a confirmation that counts only
 * the records the move changes, generate permanent codes once under a double click, and meet a server field
 * error at its field in the settings (with the unsaved-changes prompt). Every page is checked with axe-core;
 * with UPDATE_SCREENSHOTS=1 the main pages are photographed for docs/ui.md.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { PNG_1X1 } from '../../support/images.js';
import {
  ADMIN_PASSWORD,
  docScreenshot,
  expectAxeClean,
  logInThrough,
  newPage,
  pageApi,
  startUiServer,
  type UiServer,
  type ViewportName,
} from '../support.js';
import { answerConfirm, choose, eventually, message, openTab, text, type Lang } from './plugin-auth-support.js';

const CONSOLE = '/apis/console.api.pluginauth.authpay.dev/v1alpha1';
const PUBLIC = '/apis/api.pluginauth.authpay.dev/v1alpha1/public';
const API_SECRET = 'ui-public-api-secret-1';

let server: UiServer;
beforeAll(async () => {
  server = await startUiServer();
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

const JOURNEYS: { lang: Lang; viewport: ViewportName }[] = [
  { lang: 'zh-CN', viewport: 'desktop' },
  { lang: 'zh-CN', viewport: 'phone' },
  { lang: 'en', viewport: 'desktop' },
  { lang: 'en', viewport: 'phone' },
];

/** Screenshots are taken in Chinese (the base language); every journey still runs axe on every page. */
async function shoot(page: Page, lang: Lang, viewport: ViewportName, name: string): Promise<void> {
  if (lang === 'zh-CN') await docScreenshot(page, `console-plugin-auth-${name}-${viewport}`);
}

/** A plugin's records for a user: pending a.…, b.…; authorized c.…; and d.… applied for through the public API. */
async function seedRecords(page: Page, pluginKey: string, user: string, tag: string): Promise<void> {
  await pageApi(page, 'POST', '/apis/console.api.host.authpay.dev/v1alpha1/users', {
    username: user,
    email: `${user}@example.com`,
    password: 'user-password-1',
  });
  for (const [domain, authStatus] of [
    [`a-${tag}.example.com`, 0],
    [`b-${tag}.example.com`, 0],
    [`c-${tag}.example.com`, 1],
  ] as const) {
    await pageApi(page, 'POST', `${CONSOLE}/authlogs`, { pluginKey, authUser: user, authDomain: domain, authStatus });
  }
  await pageApi(page, 'PUT', `${CONSOLE}/settings`, { apiAccessSecret: API_SECRET });
  const query = new URLSearchParams({ pluginKey, authUser: user, authDomain: `d-${tag}.example.com` });
  await pageApi(page, 'GET', `${PUBLIC}/auth?${query}`, undefined, { authorization: API_SECRET });
}

const row = (page: Page, domain: string) =>
  page.locator('[data-testid=records-table] tr, [data-testid=records-table] li').filter({ has: page.locator(`[data-domain="${domain}"]`) });
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A catalog people would recognize, for the reorder test and the pictures in docs/ui.md. */
const SHOWCASE = [
  { key: 'site-seo', name: 'SEO 工具箱', price: 49.9, version: '2.3.1', author: 'Acme', description: '站点地图、结构化数据和页面标题检查' },
  { key: 'site-backup', name: '站点备份', price: 0, version: '1.4.0', author: 'Acme', description: '每天自动备份数据库和附件' },
  { key: 'comment-guard', name: '评论卫士', price: 9999, authCountLimit: -1, version: '0.9.2', author: 'Lumen' },
  { key: 'mail-relay', name: '邮件中继', price: 19, authCountLimit: 3, version: '3.0.0', author: 'Lumen' },
];

async function catalogOrder(page: Page): Promise<string[]> {
  const list = await pageApi<{ items: { spec: { key: string } }[] }>(page, 'GET', `${CONSOLE}/siteplugins?size=500`);
  return list.items.map((p) => p.spec.key).filter((k) => SHOWCASE.some((s) => s.key === k));
}

/** The showcase plugins' order once it is `keys` (or after 10 s, whatever it is then). */
const orderBecomes = (page: Page, keys: string[]) =>
  eventually(
    () => catalogOrder(page),
    (order) => same(order, keys),
  );

test('the whole catalog is reordered with the keyboard and by dragging, and not while a keyword filters it', async () => {
  const { page, errors } = await newPage(server, { locale: 'zh-CN' });
  const t = (key: string, named?: Record<string, string | number>) => text('zh-CN', key, named);
  await logInThrough(page, '/console/', 'admin', ADMIN_PASSWORD);
  for (const plugin of SHOWCASE) await pageApi(page, 'POST', `${CONSOLE}/siteplugins`, plugin);
  await page.reload();
  await page.locator('[data-testid=catalog-table] .plugin-name[data-plugin=mail-relay]').waitFor();
  expect(await catalogOrder(page)).toEqual(['site-seo', 'site-backup', 'comment-guard', 'mail-relay']);
  await expectAxeClean(page);

  // Keyboard: ↓ on the first plugin twice; the focus stays on the moved row's button between presses.
  await page.getByRole('button', { name: t('pluginAuth.catalog.moveDown', { name: 'SEO 工具箱' }) }).focus();
  await page.keyboard.press('Enter');
  await message(page, 'success');
  expect(await orderBecomes(page, ['site-backup', 'site-seo', 'comment-guard', 'mail-relay'])).toEqual([
    'site-backup',
    'site-seo',
    'comment-guard',
    'mail-relay',
  ]);
  await page.keyboard.press('Enter');
  expect(await orderBecomes(page, ['site-backup', 'comment-guard', 'site-seo', 'mail-relay'])).toEqual([
    'site-backup',
    'comment-guard',
    'site-seo',
    'mail-relay',
  ]);

  // Drag: the last plugin's handle onto the first row.
  const handle = (key: string) =>
    page
      .locator('[data-testid=catalog-table] tr')
      .filter({ has: page.locator(`[data-plugin=${key}]`) })
      .locator('.drag-handle');
  await handle('mail-relay').dragTo(handle('site-backup'));
  expect(await orderBecomes(page, ['mail-relay', 'site-backup', 'comment-guard', 'site-seo'])).toEqual([
    'mail-relay',
    'site-backup',
    'comment-guard',
    'site-seo',
  ]);
  await docScreenshot(page, 'console-plugin-auth-catalog-desktop');

  // Filtered by a keyword the list is not whole: no handles, no move buttons, and the hint says why.
  await page.locator('input[name=keyword]').fill('site');
  await page.getByRole('button', { name: t('common.search'), exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('keyword') === 'site');
  await page.locator('[data-testid=catalog-table] .plugin-name[data-plugin=comment-guard]').waitFor({ state: 'detached' });
  expect(await page.getByTestId('order-hint').innerText()).toBe(t('pluginAuth.catalog.orderOffFiltered'));
  expect(await page.locator('[data-move], .drag-handle').count()).toBe(0);

  const phone = await newPage(server, { locale: 'zh-CN', viewport: 'phone' });
  await phone.page.context().addCookies(await page.context().cookies());
  await phone.page.goto('/console/plugin-auth/catalog');
  await phone.page.locator('[data-testid=catalog-table] .plugin-name[data-plugin=mail-relay]').waitFor();
  expect(await phone.page.getByRole('button', { name: t('pluginAuth.catalog.moveUp', { name: '站点备份' }) }).isVisible()).toBe(true);
  await expectAxeClean(phone.page);
  await docScreenshot(phone.page, 'console-plugin-auth-catalog-phone');
  expect([...errors, ...phone.errors]).toEqual([]);
  await page.context().close();
  await phone.page.context().close();
}, 120_000);

test('records: a filter’s YAML export reads back through the import; records made or edited permanent; a permanent user', async () => {
  const { page, errors } = await newPage(server, { locale: 'zh-CN' });
  const t = (key: string, named?: Record<string, string | number>) => text('zh-CN', key, named);
  await logInThrough(page, '/console/', 'admin', ADMIN_PASSWORD);
  await pageApi(page, 'POST', '/apis/console.api.host.authpay.dev/v1alpha1/users', {
    username: 'erin',
    email: 'erin@example.com',
    password: 'user-password-1',
  });
  await pageApi(page, 'POST', `${CONSOLE}/siteplugins`, { key: 'yaml-demo', name: 'YAML 演示', price: 0 });
  for (const domain of ['shop.erin.example', 'blog.erin.example'])
    await pageApi(page, 'POST', `${CONSOLE}/authlogs`, { pluginKey: 'yaml-demo', authUser: 'erin', authDomain: domain, authStatus: 1 });
  await page.goto('/console/plugin-auth/records?authUser=erin');
  await row(page, 'shop.erin.example').waitFor();

  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()]);
  expect(file.suggestedFilename()).toBe('sitePluginAuthLogs.yaml');
  const yaml = fs.readFileSync((await file.path())!, 'utf8');
  expect(yaml.match(/^kind: SitePluginAuthLog$/gm)).toHaveLength(2);
  expect(yaml).not.toContain('dora-');

  await page.getByTestId('import-file').setInputFiles({ name: 'records.yaml', mimeType: 'application/yaml', buffer: Buffer.from(yaml) });
  expect(await message(page, 'success')).toBe(t('pluginAuth.records.imported', { total: 2, created: 0, updated: 0, unchanged: 2 }));

  // A refused import names the refused item, and writes nothing.
  const broken = yaml.replace('authStatus: 1', 'authStatus: 7');
  await page.getByTestId('import-file').setInputFiles({ name: 'broken.yaml', mimeType: 'application/yaml', buffer: Buffer.from(broken) });
  expect((await message(page, 'error')).split('\n').length).toBeGreaterThan(1);

  // Sorting by a header (a button, with aria-sort on its column) goes into the URL.
  await page.getByRole('button', { name: t('pluginAuth.records.authTime') }).click();
  await page.waitForURL((url) => url.searchParams.get('sort') === 'authTime,asc');
  expect(await page.locator('th[aria-sort=ascending]').innerText()).toContain(t('pluginAuth.records.authTime'));

  await row(page, 'blog.erin.example').getByTestId('edit-record').click();
  const dialog = page.getByRole('dialog', { name: t('pluginAuth.records.edit') });
  await dialog.getByTestId('permanent').click();
  await expectAxeClean(page);
  await dialog.getByTestId('save-record').click();
  await dialog.waitFor({ state: 'hidden' });
  const cells = (domain: string) => () => row(page, domain).locator('td, dd').allInnerTexts();
  const permanent = (texts: string[]) => texts.includes(t('enum.validity.PERMANENT'));
  expect(await eventually(cells('blog.erin.example'), permanent)).toContain(t('enum.validity.PERMANENT'));

  // A record made by hand, permanent from the start.
  await page.getByTestId('new-record').click();
  const create = page.getByRole('dialog', { name: t('pluginAuth.records.create') });
  await choose(page, create.getByTestId('record-plugin'), 'YAML 演示');
  await create.locator('input[name=authUser]').fill('erin');
  await create.locator('input[name=authDomain]').fill('https://New.Erin.Example/');
  await create.getByTestId('permanent').click();
  await create.getByTestId('save-record').click();
  await create.waitFor({ state: 'hidden' });
  expect(await eventually(cells('new.erin.example'), permanent)).toContain(t('enum.validity.PERMANENT'));

  // Erin made a permanent user of the plugin by hand.
  await openTab(page, 'zh-CN', 'nav.permanentUsers', '/console/plugin-auth/permanent-users');
  await page.getByTestId('new-permanent-user').click();
  const grant = page.getByRole('dialog', { name: t('pluginAuth.permanentUsers.create') });
  await choose(page, grant.locator('[data-field=pluginKey] .el-select'), 'YAML 演示');
  await grant.locator('input[name=authUser]').fill('erin');
  await expectAxeClean(page);
  await grant.getByRole('button', { name: t('common.save') }).click();
  await grant.waitFor({ state: 'hidden' });
  await page.locator('[data-testid=permanent-users-table]').getByText(t('pluginAuth.permanentUsers.sources.MANUAL')).waitFor();
  expect(errors).toEqual([]);
  await page.context().close();
}, 120_000);

/** Attempts per journey: a CI retry (test/support/ci-retry.ts) must not meet the plugin and user of the failed attempt. */
const journeyAttempts = new Map<string, number>();

test.each(JOURNEYS)(
  'the administrator journey in $lang at $viewport size',
  async ({ lang, viewport }) => {
    const journey = `${lang === 'en' ? 'en' : 'zh'}-${viewport}`;
    const attempt = (journeyAttempts.get(journey) ?? 0) + 1;
    journeyAttempts.set(journey, attempt);
    const tag = attempt === 1 ? journey : `${journey}-r${attempt}`;
    const retry = attempt === 1 ? '' : ` r${attempt}`;
    const plugin = { key: `seo-${tag}`, name: lang === 'en' ? `SEO toolkit ${viewport}${retry}` : `SEO 工具箱 ${viewport}${retry}` };
    const user = `dora-${tag}`;
    const { page, errors } = await newPage(server, { locale: lang, viewport });
    const t = (key: string, named?: Record<string, string | number>) => text(lang, key, named);

    // Log in; the console opens on the catalog.
    await logInThrough(page, '/console/', 'admin', ADMIN_PASSWORD);
    await page.waitForURL('**/console/plugin-auth/catalog');
    await page.getByRole('heading', { name: t('nav.catalog') }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe(lang);

    // Catalog: create a plugin (the key action is visible on a phone).
    const create = page.getByTestId('new-plugin');
    expect(await create.isVisible()).toBe(true);
    await create.click();
    const dialog = page.getByRole('dialog', { name: t('pluginAuth.catalog.create') });
    await dialog.waitFor();
    await expectAxeClean(page);
    await dialog.locator('input[name=key]').fill(plugin.key);
    await dialog.locator('input[name=name]').fill(plugin.name);
    await dialog.locator('input[name=price]').fill('49.9');
    // The logo as an uploaded image: kept by the host, its site path goes into the field, the preview loads it.
    await dialog.getByTestId('logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name=logo]')?.value.startsWith('/attachments/'));
    await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('.logo-preview')?.naturalWidth ?? 0) > 0);
    await dialog.getByTestId('save-plugin').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator(`[data-testid=catalog-table] [data-plugin="${plugin.key}"]`).first().waitFor();
    expect(await message(page, 'success')).toContain(t('common.saved'));
    await expectAxeClean(page);

    // Records: the scene another person set: pending, authorized and public-API records of one user.
    await seedRecords(page, plugin.key, user, tag);
    await openTab(page, lang, 'nav.records', '/console/plugin-auth/records');
    if (viewport === 'phone') await page.getByRole('button', { name: t('filters.toggle'), exact: true }).click();
    await choose(page, page.getByTestId('filter-plugin'), plugin.name);
    await page.locator('input[name=authUser]').fill(user);
    await choose(page, page.getByTestId('filter-status'), text(lang, 'enum.authStatus.0'));
    await page.getByRole('button', { name: t('common.search'), exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('authStatus') === '0' && url.searchParams.get('authUser') === user);
    expect(new URL(page.url()).searchParams.get('pluginKey')).toBe(plugin.key);

    // The filters survive a reload (and so can be shared): only this user's pending records are listed.
    await page.reload();
    await row(page, `a-${tag}.example.com`).waitFor();
    expect(await row(page, `c-${tag}.example.com`).count()).toBe(0);
    expect(await row(page, `d-${tag}.example.com`).getByTestId('unconfirmed').innerText()).toBe(t('pluginAuth.records.unconfirmed'));
    // Plugin names, not keys, are what people read.
    expect(await row(page, `a-${tag}.example.com`).innerText()).toContain(plugin.name);
    await expectAxeClean(page);
    await shoot(page, lang, viewport, 'records');

    // Authorize one record (the key action is on the row, visible on a phone too).
    const authorize = row(page, `a-${tag}.example.com`).getByTestId('authorize');
    expect(await authorize.isVisible()).toBe(true);
    await authorize.click();
    expect(await message(page, 'success')).toContain(t('pluginAuth.records.authorized'));
    await row(page, `a-${tag}.example.com`).waitFor({ state: 'detached' });

    // Batch authorize every record of the user: the confirmation counts only the two still pending.
    await page.goto(`/console/plugin-auth/records?pluginKey=${plugin.key}&authUser=${user}`);
    await row(page, `c-${tag}.example.com`).waitFor();
    const selectAll = t(viewport === 'phone' ? 'table.selectAllShort' : 'table.selectAll');
    await page.locator('label.el-checkbox').filter({ hasText: selectAll }).click();
    expect(await page.getByText(t('pluginAuth.records.selected', { n: 4 })).isVisible()).toBe(true);
    await page.getByTestId('batch-authorize').click();
    const question = await answerConfirm(page, 'confirm');
    expect(question).toContain(t('pluginAuth.records.batch.authorize.confirm', { n: 2 }));
    expect(question).toContain(t('pluginAuth.records.batch.authorize.skipped', { n: 2 }));
    expect(await message(page, 'success')).toContain(t('pluginAuth.records.batch.authorize.done', { n: 2 }));
    const list = await pageApi<{ items: { spec: { authStatus: number } }[] }>(
      page,
      'GET',
      `${CONSOLE}/authlogs?pluginKey=${plugin.key}&authUser=${user}`,
    );
    expect(list.items.map((r) => r.spec.authStatus)).toEqual([1, 1, 1, 1]);

    // Permanent codes: a double click on Generate makes one batch of two codes, shown once.
    await openTab(page, lang, 'nav.codes', '/console/plugin-auth/codes');
    await page.getByTestId('generate-codes').click();
    const generate = page.getByRole('dialog', { name: t('pluginAuth.codes.generate') });
    await choose(page, generate.getByTestId('code-plugin'), plugin.name);
    await choose(page, generate.getByTestId('code-channel'), t('pluginAuth.channel.qq'));
    await generate.locator('input[name=count]').fill('2');
    await expectAxeClean(page);
    await generate.getByTestId('generate-submit').dblclick();
    const fresh = page.getByRole('dialog', { name: t('pluginAuth.codes.newTitle', { n: 2 }) });
    await fresh.waitFor();
    await generate.waitFor({ state: 'hidden' });
    expect((await fresh.getByTestId('new-codes').inputValue()).split('\n')).toHaveLength(2);
    await expectAxeClean(page);
    await fresh
      .getByRole('button', { name: t('common.close'), exact: true })
      .last()
      .click();
    const codes = await pageApi<{ total: number }>(page, 'GET', `${CONSOLE}/permanentcodes?pluginKey=${plugin.key}`);
    expect(codes.total).toBe(2);
    await page.locator('[data-testid=codes-table]').getByText(plugin.name).first().waitFor();
    await expectAxeClean(page);
    await shoot(page, lang, viewport, 'codes');

    // Permanent users and bulk notification pages.
    await openTab(page, lang, 'nav.permanentUsers', '/console/plugin-auth/permanent-users');
    await page.getByTestId('permanent-users-table').waitFor();
    await expectAxeClean(page);
    await openTab(page, lang, 'nav.notify', '/console/plugin-auth/notify');
    await page.locator('textarea[name=content]').fill('<p>Hello <b>all</b></p><script>alert(1)</script>');
    await page.getByRole('button', { name: t('pluginAuth.notify.preview') }).click();
    const preview = page.frameLocator('iframe[sandbox=""]');
    expect(await preview.locator('b').innerText()).toBe('all');
    await expectAxeClean(page);

    // Settings: -1 reads as unlimited; a cron the server refuses is reported at its field, and leaving the
    // tab with the change unsaved asks first.
    await openTab(page, lang, 'nav.pluginAuthSettings', '/console/plugin-auth/settings');
    await page.getByRole('tab', { name: await groupLabel(page, lang, 'limits') }).click();
    expect(await page.locator('[data-field=globalAuthCountLimit]').getByLabel(t('common.unlimited')).isChecked()).toBe(true);
    await expectAxeClean(page);
    await shoot(page, lang, viewport, 'settings');
    await page.getByRole('tab', { name: await groupLabel(page, lang, 'cleanup') }).click();
    const cron = page.locator('[data-field=cleanupCron]');
    await cron.locator('input').fill('every day at noon');
    await page
      .locator('form[data-group=cleanup]')
      .getByRole('button', { name: t('settings.saveGroup') })
      .click();
    await cron.locator('.el-form-item__error').waitFor();
    expect(await cron.locator('.el-form-item__error').innerText()).not.toBe('');
    await expectAxeClean(page);
    await page.getByRole('tab', { name: await groupLabel(page, lang, 'basic') }).click();
    expect(await answerConfirm(page, 'cancel')).toBe(t('common.discardChanges'));
    expect(await cron.locator('input').inputValue()).toBe('every day at noon');

    expect(errors).toEqual([]);
    await page.context().close();
  },
  180_000,
);

/** A settings group's tab label as the page shows it: the Setting's label, or its English one (i18n.en) in English. */
async function groupLabel(page: Page, lang: Lang, group: string): Promise<string> {
  const forms = await pageApi<{ group: string; label?: string; i18n?: { en?: { label?: string } } }[]>(
    page,
    'GET',
    `${CONSOLE}/settings-form`,
  );
  const form = forms.find((f) => f.group === group)!;
  return (lang === 'en' ? form.i18n?.en?.label : undefined) ?? form.label ?? group;
}
