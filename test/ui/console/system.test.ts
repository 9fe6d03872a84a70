/**
 * The console's system pages in Chromium against the real server and a real SMTP server on 127.0.0.1: an
 * e-mail queued before mail settings exist waits, says so and links to the SMTP settings; the administrator
 * sets SMTP up, the waiting e-mail goes out by itself, a test e-mail reports what the mail server answered,
 * and a retry says what it did. Users get roles by name on the users and roles pages; the jobs page shows
 * schedules in words, next runs, and a job that cannot be scheduled with the reason. Every page in both
 * languages, at desktop and phone size, axe-clean; screenshots for docs/ui.md with UPDATE_SCREENSHOTS=1.
 */
import type { Locator, Page } from 'playwright-core';
import { startSmtpServer, waitFor, type TestSmtpServer } from '../../host/notifications/smtp-test-server.js';
import { ADMIN_PASSWORD, docScreenshot, expectAxeClean, newPage, startUiServer, type PageOptions, type UiServer } from '../support.js';

let server: UiServer;
let smtp: TestSmtpServer;
let adminCookies: Array<{ name: string; value: string; url: string }>;

const REFUSED = 'nobody@example.com';

beforeAll(async () => {
  server = await startUiServer();
  smtp = await startSmtpServer({ rejectRecipients: [REFUSED] });
  // One log-in for every page (the log-in rate limit counts per address): its cookies go into each context.
  const res = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  adminCookies = res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** A signed-in administrator's page on a console path. */
async function adminAt(path: string, options: PageOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const opened = await newPage(server, options);
  await opened.page.context().addCookies(adminCookies);
  await opened.page.goto(`/console${path}`);
  await opened.page.locator('h1.page__title').waitFor();
  return opened;
}

/** A docs picture of the page as it opens (top of the page, viewport only). */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await docScreenshot(page, name);
}

/** axe over the page once nothing is loading (a fading loading mask is no state a person reads). */
async function axeClean(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.el-loading-mask, [aria-busy=true]'));
  await expectAxeClean(page);
}

async function textOf(locator: Locator, text: string | RegExp): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor();
}

async function message(page: Page, kind: 'success' | 'error' | 'info', text: string | RegExp): Promise<string> {
  const shown = page.locator(`[data-testid=message][data-kind=${kind}]`).filter({ hasText: text }).first();
  await shown.waitFor();
  return (await shown.textContent()) ?? '';
}

/** Every message the page's message region shows from now on (a confirmation may be replaced within moments). */
async function recordMessages(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { shownMessages: string[] }).shownMessages = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid=message]')) {
        const text = `${el.getAttribute('data-kind')}: ${el.textContent?.trim()}`;
        if (seen[seen.length - 1] !== text) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { shownMessages: string[] }).shownMessages);
}

async function choose(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await select.click();
  await page.locator('.el-select-dropdown__item:visible').filter({ hasText: option }).first().click();
}

const outboxRow = (page: Page, recipient: string) =>
  page.locator('[data-testid=outbox-table] tr.el-table__row').filter({ hasText: recipient });

test('a waiting e-mail says it waits for mail settings and links to them; a retry before SMTP is set says why it cannot send', async () => {
  await server.runtime.notifications.send({
    template: 'host-test-email',
    to: [{ email: 'waiting@example.com' }],
    channels: ['EMAIL'],
    variables: { requestedBy: 'admin' },
  });
  const { page, errors } = await adminAt('/system/outbox', { locale: 'zh-CN' });
  await textOf(page.locator('[data-testid=smtp-missing]'), '尚未设置邮件发送（SMTP）：1 封邮件正在等待');
  const row = outboxRow(page, 'waiting@example.com');
  await textOf(row.locator('[data-testid=message-status]'), '等待邮件设置');
  expect(await row.locator('a', { hasText: '设置邮件发送（SMTP）' }).getAttribute('href')).toBe('/console/system/settings?group=smtp');
  await page.locator('[data-phase=WAITING_CONFIG]').first().waitFor();

  await row.locator('[data-testid=retry]').click();
  expect(await message(page, 'error', '尚未配置邮件发送（SMTP），重试不会发出这封邮件')).not.toMatch(/SMTP_NOT_CONFIGURED|操作成功/);
  await textOf(row.locator('[data-testid=message-status]'), '等待邮件设置');
  await axeClean(page);
  await shot(page, 'console-outbox-desktop');

  await page.locator('[data-testid=smtp-link]').click();
  await page.waitForURL('**/console/system/settings?group=smtp');
  expect(await page.locator('#tab-smtp').getAttribute('aria-selected')).toBe('true');
  expect(errors).toEqual([]);
}, 60_000);

test('SMTP set up against a real mail server: the waiting e-mail goes out by itself, a test e-mail reports the answer', async () => {
  const { page, errors } = await adminAt('/system/settings', { locale: 'zh-CN' });
  await textOf(page.locator('[role=tab]'), '登录与注册');

  // Unsaved changes are asked about before another tab.
  await page.locator('[data-group=auth] [data-field=loginPerIpPerMinute] input').fill('20');
  await page.locator('#tab-smtp').click();
  await page.locator('.el-message-box').waitFor();
  await page.locator('.el-message-box__btns button', { hasText: '取消' }).click();
  expect(await page.locator('#tab-auth').getAttribute('aria-selected')).toBe('true');
  await page.locator('[data-group=auth] [data-field=loginPerIpPerMinute] input').fill('10');

  await page.locator('#tab-smtp').click();
  await page.waitForURL('**/settings?group=smtp');
  const form = page.locator('form[data-group=smtp]');
  await form.locator('[data-field=host] input').fill('127.0.0.1');
  await form.locator('[data-field=port] input').fill(String(smtp.port));
  await form.locator('[data-field=from] input').fill('AuthPay <noreply@example.com>');
  expect(await page.locator('[data-testid=send-test]').isDisabled()).toBe(true);
  await textOf(page.locator('.smtp-test__hint'), '请先保存上面的修改');
  await form.locator('button[type=submit]').click();
  await message(page, 'success', /已保存/);

  // The e-mail that waited goes out by itself once SMTP is there.
  await waitFor(() => smtp.envelopes.some((e) => e.to.includes('waiting@example.com')), 'the waiting e-mail');

  const test = page.locator('[data-testid=smtp-test]');
  await test.locator('input[name=to]').fill('ops@example.com');
  await test.locator('[data-testid=send-test]').click();
  await textOf(page.locator('[data-testid=smtp-test-result][data-kind=sent]'), '测试邮件已发送给 ops@example.com');
  expect(smtp.envelopes.some((e) => e.to.includes('ops@example.com'))).toBe(true);

  await test.locator('input[name=to]').fill(REFUSED);
  await test.locator('[data-testid=send-test]').click();
  // What failed in words; the server's reply (550 …) only as a detail below it.
  const refused = page.locator('[data-testid=smtp-test-result][data-kind=failed]');
  await textOf(refused, '测试邮件未能发出。邮件服务器拒绝了收件人地址。');
  expect(await refused.locator('span').first().textContent()).not.toMatch(/550|EENVELOPE/);
  expect(await refused.locator('[data-testid=smtp-detail]').textContent()).toMatch(/^\s*详细信息：.*550/);
  await axeClean(page);
  expect(errors).toEqual([]);
}, 60_000);

test('a retry of a failed e-mail says it queued it again and then what the mail server answered', async () => {
  const { page, errors } = await adminAt('/system/outbox?status=FAILED', { locale: 'en' });
  const failed = outboxRow(page, REFUSED);
  await textOf(failed.locator('[data-testid=message-status]'), /Failed.*The mail server refused the recipient address.*Details: .*550/s);
  expect(await failed.locator('[data-testid=failure-reason]').textContent()).not.toMatch(/550|EENVELOPE/);
  expect(await page.locator('[data-testid=smtp-missing]').count()).toBe(0);

  const shown = await recordMessages(page);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/retry')),
    failed.locator('[data-testid=retry]').click(),
  ]);
  expect((await answer.json()).data).toMatchObject({ outcome: 'QUEUED', previousPhase: 'FAILED' });
  // The message keeps the title it was written with: the Chinese console above sent it, so it is the Chinese test mail.
  expect(await message(page, 'error', /still did not go out\. The mail server refused the recipient address\..*Details: .*550/s)).toMatch(
    /测试邮件/,
  );
  expect((await shown())[0]).toMatch(/^success: ".*测试邮件" is queued again and being sent \(it was: Failed\)/);

  await page.goto('/console/system/outbox?status=SENT');
  await textOf(outboxRow(page, 'waiting@example.com').locator('[data-testid=message-status]'), /Sent/);
  await axeClean(page);
  expect(errors).toEqual([]);
}, 60_000);

test('roles are granted and removed by name: a new user with a role, another granted on the roles page and taken back', async () => {
  const { page, errors } = await adminAt('/system/users', { locale: 'en' });
  await page.locator('[data-testid=new-user]').click();
  const dialog = page.locator('.el-dialog').filter({ has: page.locator('[data-testid=user-form]') });
  await dialog.locator('input[name=username]').fill('Bad Name');
  await dialog.locator('input[name=email]').click();
  await textOf(dialog.locator('[data-field=username] .el-form-item__error'), 'Only lower-case letters');
  await dialog.locator('input[name=username]').fill('bob');
  await dialog.locator('input[name=displayName]').fill('Bob Builder');
  await dialog.locator('input[name=email]').fill('bob@example.com');
  await dialog.locator('input[name=password]').fill('bob-password-1');
  await dialog.locator('.el-checkbox', { hasText: 'View plugin authorization' }).click();
  await axeClean(page);
  await dialog.locator('[data-testid=create-user]').click();
  await message(page, 'success', 'The user "bob" is created');
  const bob = page.locator('[data-testid=users-table] tr.el-table__row').filter({ hasText: 'Bob Builder' });
  await textOf(bob.locator('[data-testid=user-roles]'), 'Plugin authorization · View plugin authorization');
  await textOf(page.locator('[data-testid=users-table] tr.el-table__row').filter({ hasText: 'Administrator' }), 'Super administrator');
  await axeClean(page);
  await shot(page, 'console-users-desktop');

  await page.goto('/console/system/roles');
  const card = page.locator('[data-role=role-template-payment-console-manage]');
  await textOf(card, 'Manage payments and merchants');
  await card.locator('[data-testid=no-holders]').waitFor();
  // Keyboard: the grant dialog opens from the button, Escape closes it and focus comes back.
  await card.locator('[data-testid=grant-role]').focus();
  await page.keyboard.press('Enter');
  await page.locator('[role=dialog][aria-modal=true]').waitFor();
  await page.keyboard.press('Escape');
  await page.locator('.el-dialog').waitFor({ state: 'hidden' });
  expect(await card.locator('[data-testid=grant-role]').evaluate((el) => el === document.activeElement)).toBe(true);

  await card.locator('[data-testid=grant-role]').click();
  await choose(page, page.locator('[data-testid=grant-user]'), 'Bob Builder (bob)');
  await page.locator('[data-testid=confirm-grant]').click();
  await message(page, 'success', '"Manage payments and merchants" granted to "Bob Builder (bob)"');
  await textOf(card.locator('[data-testid=holders] [data-user=bob]'), 'Bob Builder');
  expect(server.runtime.auth.services.authorizer.boundRoles('bob')).toEqual([
    'role-template-payment-console-manage',
    'role-template-plugin-auth-view',
  ]);
  // Role ids never show (the built-in ones are lower-case words; their names here are "Anonymous visitor", …).
  const text = await page.locator('main').innerText();
  for (const id of ['super-role', 'authenticated', 'anonymous', 'role-template']) expect(text).not.toContain(id);
  await textOf(page.locator('.automatic [data-role=authenticated]'), /Signed-in user.*Includes: .*Apply for authorizations/s);
  await textOf(page.locator('[data-role=super-role] [data-user=admin]'), '(you)');
  expect(await page.locator('[data-role=super-role] [data-user=admin] [data-testid=remove-holder]').count()).toBe(0);
  expect(await page.locator('[data-testid=roles] [data-role=role-template-plugin-auth-user-view]').count()).toBe(0);
  await axeClean(page);
  await shot(page, 'console-roles-desktop');

  await card.locator('[data-user=bob] [data-testid=remove-holder]').click();
  await page.locator('.el-message-box__btns button', { hasText: 'Remove' }).click();
  await message(page, 'success', '"Manage payments and merchants" removed from "Bob Builder"');
  await card.locator('[data-testid=no-holders]').waitFor();
  expect(server.runtime.auth.services.authorizer.boundRoles('bob')).toEqual(['role-template-plugin-auth-view']);

  // The users page sets roles exactly: untick the last one.
  await page.goto('/console/system/users?keyword=bob');
  await bob.locator('[data-testid=set-roles]').click();
  const roles = page.locator('[data-testid=role-choices]');
  await roles.locator('[data-role=role-template-plugin-auth-view]').click();
  await page.locator('[data-testid=save-roles]').click();
  await message(page, 'success', '"bob" no longer has any extra role');
  await textOf(bob.locator('[data-testid=user-roles]'), 'No extra roles');
  expect(server.runtime.auth.services.authorizer.boundRoles('bob')).toEqual([]);
  expect(errors).toEqual([]);
}, 90_000);

test('the jobs page shows each schedule in words with its time zone and next run, and why a job cannot be scheduled', async () => {
  server.runtime.workloads.scheduler.register({
    name: 'Demo:bad-zone',
    cron: '0 0 * * * *',
    timeZone: 'Beijing',
    timeoutMs: 1000,
    handler: () => undefined,
  });
  for (const [locale, words, zone, problem] of [
    ['zh-CN', '每分钟的第 30 秒', '时区：', '无法识别时区“Beijing”'],
    ['en', 'Every minute at second 30', 'Time zone: ', 'unknown time zone "Beijing"'],
  ] as const) {
    const { page, errors } = await adminAt('/system/jobs', { locale });
    const close = page
      .locator('[data-testid=jobs-table] tr.el-table__row')
      .filter({ has: page.locator('[data-job="Payment:close-expired"]') });
    await textOf(close.locator('[data-testid=job-schedule]'), words);
    await textOf(close.locator('[data-testid=job-schedule]'), zone);
    expect(await close.locator('[data-testid=job-schedule]').innerText()).toContain('30 * * * * *');
    expect(await close.locator('[data-testid=job-next-run]').innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await textOf(page.locator('[data-testid=job-problem][data-job="Demo:bad-zone"]'), problem);
    await axeClean(page);
    if (locale === 'en') await shot(page, 'console-jobs-desktop');
    expect(errors).toEqual([]);
    await page.context().close();
  }
}, 60_000);

const PAGES = [
  { path: '/system/users', name: 'users', key: '[data-testid=users-table] .dt-card [data-testid=set-roles]' },
  { path: '/system/roles', name: 'roles', key: '[data-role=role-template-payment-console-manage] [data-testid=grant-role]' },
  { path: '/system/settings?group=smtp', name: 'host-settings', key: '[data-testid=send-test]' },
  { path: '/system/outbox', name: 'outbox', key: '[data-testid=outbox-table] .dt-card [data-testid=retry]' },
  { path: '/system/jobs', name: 'jobs', key: '[data-testid=jobs-table] .dt-card [data-testid=job-schedule]' },
];

test('at phone size every system page, in both languages, is axe-clean and keeps its key action on screen', async () => {
  for (const locale of ['en', 'zh-CN'] as const) {
    for (const target of PAGES) {
      const { page, errors } = await adminAt(target.path, { locale, viewport: 'phone' });
      const key = page.locator(target.key).first();
      await key.waitFor();
      await key.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await axeClean(page);
      if (locale === 'en') await shot(page, `console-${target.name}-phone`);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }
}, 120_000);

test('desktop pages not yet checked above are axe-clean in Chinese too (settings with its SMTP tab)', async () => {
  const { page, errors } = await adminAt('/system/settings?group=smtp', { locale: 'en' });
  await page.locator('[data-testid=send-test]').waitFor();
  await axeClean(page);
  await shot(page, 'console-host-settings-desktop');
  expect(errors).toEqual([]);
  const zh = await adminAt('/system/roles', { locale: 'zh-CN' });
  await textOf(zh.page.locator('[data-role=role-template-payment-console-manage]'), '支付与商户管理');
  await axeClean(zh.page);
  const users = await adminAt('/system/users', { locale: 'zh-CN' });
  await textOf(users.page.locator('[data-testid=users-table]'), '超级管理员');
  await axeClean(users.page);
}, 60_000);
