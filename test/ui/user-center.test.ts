/**
 * The user center on its foundation, in a real browser against the real server: every page in both
 * languages at desktop and phone size with axe-core clean (no serious or critical violation), keyboard-only
 * apply and activate, and the regressions of issue #16 — a wrong current password is a field error (not a
 * lost session), a double click creates one record, a slow list says "loading" (not "no data"), filters
 * survive a reload, confirmations are accessible dialogs that give focus back, the language choice is
 * remembered per user.
 */
import type { Page } from 'playwright-core';
import {
  asAdmin,
  axeViolations,
  BOOTSTRAP_TOKEN,
  message,
  newPage,
  PHONE,
  screenshot,
  signUp,
  startUiServer,
  type UiServer,
} from './support.js';

const PLUGIN_AUTH = '/console.api.pluginauth.authpay.dev/v1alpha1';
const RAW_WORDS = /\b(UNPAID|PAYING|SUCCESS|FAILED|SANDBOX|SIMULATED|PERMANENT|LIMITED|LIMITED_FREE|PAID|undefined|null|NaN)\b|\[object/;
let server: UiServer;

beforeAll(async () => {
  server = await startUiServer();
  await asAdmin(server, 'POST', `${PLUGIN_AUTH}/siteplugins`, {
    key: 'seo-toolkit',
    name: 'SEO 工具箱',
    price: 49.9,
    authCountLimit: -1,
    description: 'Search engine helpers',
  });
  await asAdmin(server, 'POST', `${PLUGIN_AUTH}/siteplugins`, { key: 'gallery', name: '相册', price: 0, authCountLimit: 3 });
  await asAdmin(server, 'PUT', `${PLUGIN_AUTH}/settings`, { channels: ['shop'] });
  // Every journey logs in from 127.0.0.1: lift the per-address log-in limit for this run.
  await asAdmin(server, 'PUT', '/console.api.host.authpay.dev/v1alpha1/settings/host-settings', { auth: { loginPerIpPerMinute: 100000 } });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** A user with something on every page: a pending and an authorized record, two orders, a notification, a token. */
async function userWithData(username: string): Promise<Page> {
  const { page } = await newPage(server);
  await signUp(page, username);
  const password = `${username}-password-1`;
  const asUser = (method: string, apiPath: string, body?: unknown) =>
    fetch(`${server.url}/apis${apiPath}`, {
      method,
      headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (res) => ((await res.json()) as { data: unknown }).data);
  await asUser('POST', '/uc.api.pluginauth.authpay.dev/v1alpha1/authorizations', {
    pluginKey: 'seo-toolkit',
    domain: `${username}.example.com`,
  });
  await asUser('POST', '/uc.api.pluginauth.authpay.dev/v1alpha1/authorizations', {
    pluginKey: 'gallery',
    domain: `www.${username}.example.com`,
  });
  const records = await asAdmin<{ items: { metadata: { name: string }; spec: { pluginKey: string } }[] }>(
    server,
    'GET',
    `${PLUGIN_AUTH}/authlogs?authUser=${username}`,
  );
  const gallery = records.items.find((r) => r.spec.pluginKey === 'gallery')!;
  await asAdmin(server, 'POST', `${PLUGIN_AUTH}/authlogs/${gallery.metadata.name}/authorize`, {});
  // Orders are the user's own: they are created in the user's name with the payment console role for a moment.
  await asAdmin(server, 'PUT', `/console.api.host.authpay.dev/v1alpha1/users/${username}/roles`, {
    roles: ['role-template-payment-console-manage'],
  });
  for (const orderId of [`${username}-order-1`, `${username}-order-2`]) {
    await asUser('POST', '/console.api.payment.authpay.dev/v1alpha1/payments', {
      orderId,
      subject: 'SEO 工具箱 一年',
      paymentAmount: '49.90',
      paymentType: 'SANDBOX',
      paymentChannel: 'SIMULATED',
    });
  }
  await asAdmin(server, 'PUT', `/console.api.host.authpay.dev/v1alpha1/users/${username}/roles`, { roles: [] });
  await asUser('POST', '/uc.api.host.authpay.dev/v1alpha1/personalaccesstokens', { name: 'deploy script' });
  return page;
}

const PAGES = [
  { path: '/uc/plugin-auth', zh: '我的授权', en: 'My authorizations', shot: 'uc-my-authorizations' },
  { path: '/uc/plugin-auth/catalog', zh: '插件目录', en: 'Plugin catalog', shot: 'uc-catalog' },
  { path: '/uc/payment', zh: '我的订单', en: 'My orders', shot: 'uc-orders' },
  { path: '/uc/notifications', zh: '站内通知', en: 'Notifications', shot: 'uc-notifications' },
  { path: '/uc/tokens', zh: '访问令牌', en: 'Access tokens', shot: 'uc-tokens' },
  { path: '/uc/profile', zh: '个人资料', en: 'Profile', shot: 'uc-profile' },
];

test.each([
  { language: 'zh-CN', size: 'desktop' },
  { language: 'en', size: 'desktop' },
  { language: 'zh-CN', size: 'phone' },
  { language: 'en', size: 'phone' },
] as const)(
  'every user-center page in $language on $size: its title, words instead of raw values, axe clean',
  async ({ language, size }) => {
    const username = `walk-${language === 'en' ? 'en' : 'zh'}-${size}`;
    const setup = await userWithData(username);
    await setup.context().close();
    const { page, errors } = await newPage(server, {
      locale: language === 'en' ? 'en-US' : 'zh-CN',
      viewport: size === 'phone' ? PHONE : undefined,
    });
    await page.goto('/uc/signup');
    await page.getByRole('heading', { level: 1, name: language === 'en' ? 'Create an AuthPay account' : '注册 AuthPay 账号' }).waitFor();
    expect({ page: '/uc/signup', violations: await axeViolations(page) }).toEqual({ page: '/uc/signup', violations: [] });
    // Log in with the keyboard only.
    await page.goto('/login?redirect=/uc/');
    await page.getByRole('heading', { level: 1, name: language === 'en' ? 'Log in to AuthPay' : '登录 AuthPay' }).waitFor();
    expect({ page: '/login', violations: await axeViolations(page) }).toEqual({ page: '/login', violations: [] });
    await tabTo(page, page.locator('#username'));
    await page.keyboard.type(username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`${username}-password-1`);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/uc/plugin-auth');
    for (const p of PAGES) {
      await page.goto(p.path);
      await page.getByRole('heading', { level: 1, name: language === 'en' ? p.en : p.zh }).waitFor();
      await page.waitForFunction(() => !document.querySelector('[data-state=loading], .el-loading-mask'));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      expect(await page.title()).toContain(language === 'en' ? p.en : p.zh);
      expect((await page.locator('main').innerText()).match(RAW_WORDS)).toBeNull();
      expect({ page: p.path, violations: await axeViolations(page) }).toEqual({ page: p.path, violations: [] });
      if (language === 'zh-CN') await screenshot(page, `${p.shot}-${size}`);
    }
    if (size === 'phone') {
      // The top tabs fold into a menu button; the key action stays on every card.
      const menu = page.getByRole('button', { name: language === 'en' ? 'Menu' : '菜单', exact: true });
      await menu.click();
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
      expect(await axeViolations(page)).toEqual([]);
      await page.goto('/uc/plugin-auth');
      const card = page.getByRole('listitem').filter({ hasText: `www.${username}.example.com` });
      await card.getByRole('button', { name: language === 'en' ? 'Download license.key' : '下载 license.key' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    expect(errors).toEqual([]);
  },
  120_000,
);

test('keyboard only: apply for a domain and activate with a code, in dialogs that keep and give back focus', async () => {
  const codes = await asAdmin<{ codes: string[] }>(server, 'POST', `${PLUGIN_AUTH}/permanentcodes`, {
    pluginKey: 'gallery',
    channel: 'shop',
    count: 1,
  });
  const { page, errors } = await newPage(server);
  await signUp(page, 'kira');
  await page.goto('/uc/plugin-auth/catalog');
  const apply = page.getByRole('article', { name: 'SEO 工具箱' }).getByRole('button', { name: '申请授权' });
  await apply.waitFor();
  await tabTo(page, apply);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /申请授权/ });
  await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
  expect(await axeViolations(page)).toEqual([]);
  // Escape closes the dialog and focus returns to the button that opened it.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect(apply.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  await page.keyboard.press('Enter');
  await dialog.getByLabel('域名或网址').waitFor();
  await page.waitForFunction(() => document.activeElement?.closest('[role=dialog]'));
  await tabTo(page, dialog.getByLabel('域名或网址'));
  await page.keyboard.type('kira-shop.example.com');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/uc/plugin-auth');
  await message(page, '申请已提交');

  await page.goto('/uc/plugin-auth/catalog');
  const activate = page.getByRole('article', { name: '相册' }).getByRole('button', { name: '授权码激活' });
  await activate.waitFor();
  await tabTo(page, activate);
  await page.keyboard.press('Enter');
  const activation = page.getByRole('dialog', { name: /授权码激活/ });
  await tabTo(page, activation.getByLabel('域名或网址'));
  await page.keyboard.type('gallery.kira.example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type(codes.codes[0]);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/uc/plugin-auth');
  await message(page, '激活成功');
  const row = page.getByTestId('my-records').getByRole('row').filter({ hasText: 'gallery.kira.example.com' });
  await row.getByTestId('auth-status').filter({ hasText: '已授权' }).waitFor();
  expect(errors).toEqual([]);
}, 60_000);

test('a wrong current password is shown at its field and keeps the session; the right one changes the password', async () => {
  const { page, errors } = await newPage(server);
  await signUp(page, 'pat');
  await page.goto('/uc/profile');
  const form = page.getByTestId('password-form');
  await form.getByLabel('当前密码').fill('not-my-password');
  await form.getByLabel('新密码', { exact: true }).fill('pat-password-2');
  await form.getByLabel('确认新密码').fill('pat-password-2');
  await form.getByRole('button', { name: '修改密码' }).click();
  await page.locator('[data-field=oldPassword] .el-form-item__error').waitFor();
  expect(new URL(page.url()).pathname).toBe('/uc/profile');
  expect(await page.locator('[data-field=newPassword] .el-form-item__error').count()).toBe(0);

  await form.getByLabel('当前密码').fill('pat-password-1');
  await form.getByRole('button', { name: '修改密码' }).click();
  await message(page, '密码已修改');
  expect(new URL(page.url()).pathname).toBe('/uc/profile');
  expect(errors).toEqual([]);
}, 60_000);

test('a double click on submit creates one application; a slow list says loading, not "no records"', async () => {
  const { page, errors } = await newPage(server);
  await signUp(page, 'quinn');
  await page.goto('/uc/plugin-auth/catalog');
  await page.getByRole('article', { name: 'SEO 工具箱' }).getByRole('button', { name: '申请授权' }).click();
  const dialog = page.getByRole('dialog', { name: /申请授权/ });
  await dialog.getByLabel('域名或网址').fill('quinn.example.com');
  await dialog.getByRole('button', { name: '提交申请' }).dblclick();
  await page.waitForURL('**/uc/plugin-auth');
  const records = await asAdmin<{ total: number }>(server, 'GET', `${PLUGIN_AUTH}/authlogs?authUser=quinn`);
  expect(records.total).toBe(1);

  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/uc.api.pluginauth.authpay.dev/v1alpha1/authorizations?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  const empty = page.getByTestId('table-empty');
  await empty.filter({ hasText: '加载中' }).waitFor();
  expect(await page.getByText('还没有授权记录').count()).toBe(0);
  release();
  await page.getByTestId('my-records').getByRole('row').filter({ hasText: 'quinn.example.com' }).waitFor();
  expect(errors).toEqual([]);
}, 60_000);

test('order filters live in the URL and survive a reload; closing and deleting ask in a dialog that gives focus back', async () => {
  const page = await userWithData('rosa');
  await page.goto('/uc/payment');
  const table = page.getByTestId('my-orders');
  await table.getByRole('row').filter({ hasText: 'rosa-order-1' }).waitFor();
  await page.getByLabel('订单号').fill('rosa-order-2');
  await page.getByRole('button', { name: '查询' }).click();
  await page.waitForURL(/orderId=rosa-order-2/);
  await page.reload();
  await table.getByRole('row').filter({ hasText: 'rosa-order-2' }).waitFor();
  expect(await table.getByRole('row').filter({ hasText: 'rosa-order-1' }).count()).toBe(0);
  await expect(page.getByLabel('订单号').inputValue()).resolves.toBe('rosa-order-2');

  const row = table.getByRole('row').filter({ hasText: 'rosa-order-2' });
  await expect(row.getByTestId('payment-status').textContent()).resolves.toMatch(/支付中|待支付/);
  const close = row.getByRole('button', { name: '关闭订单' });
  await close.focus();
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: '请确认' });
  await expect(ask.getAttribute('aria-modal')).resolves.toBe('true');
  await page.keyboard.press('Escape');
  await ask.waitFor({ state: 'hidden' });
  await expect(close.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  await close.click();
  await ask.getByRole('button', { name: '关闭订单' }).click();
  await message(page, '订单已关闭');
  await row.getByTestId('payment-status').filter({ hasText: '已关闭或失败' }).waitFor();
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog', { name: '请确认' }).getByRole('button', { name: '删除' }).click();
  await message(page, '已删除');
  await row.waitFor({ state: 'detached' });
}, 90_000);

test('opening a notification shows it in a sandboxed frame and marks it read', async () => {
  const page = await userWithData('nora');
  await page.goto('/uc/notifications?unread=true');
  const unread = page.getByRole('button', { name: /新/ });
  await unread.first().waitFor();
  const before = await unread.count();
  await unread.first().click();
  const frame = page.locator('iframe[sandbox=""]');
  await frame.waitFor();
  await expect(frame.getAttribute('title')).resolves.toMatch(/^通知内容：/);
  await page.waitForFunction((n) => document.querySelectorAll('.el-collapse-item .el-tag').length === n - 1, before);
  await page.reload();
  await page.waitForFunction((n) => document.querySelectorAll('.el-collapse-item').length === n - 1, before);
}, 60_000);

test('continue paying opens the payment page of the order in a new tab', async () => {
  const page = await userWithData('sam');
  await page.goto('/uc/payment');
  const row = page.getByTestId('my-orders').getByRole('row').filter({ hasText: 'sam-order-1' });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), row.getByRole('button', { name: '继续支付' }).click()]);
  await tab.waitForURL(/\/payment\/p/);
  await tab.getByText('49.90').first().waitFor();
}, 60_000);

test('a new token is shown once; revoking asks first', async () => {
  const { page, errors } = await newPage(server);
  await signUp(page, 'tess');
  await page.goto('/uc/tokens');
  await page.getByLabel('名称').fill('ci');
  await page.getByRole('button', { name: '创建令牌' }).click();
  const shown = page.getByRole('dialog', { name: '令牌已创建' });
  const secret = await shown.getByTestId('new-token').inputValue();
  expect(secret.length).toBeGreaterThan(20);
  await shown.getByRole('button', { name: '关闭' }).last().click();
  await shown.waitFor({ state: 'hidden' });
  expect(await page.content()).not.toContain(secret);
  const row = page.getByTestId('tokens').getByRole('row').filter({ hasText: 'ci' });
  await row.getByRole('button', { name: '撤销' }).click();
  await page.getByRole('dialog', { name: '请确认' }).getByRole('button', { name: '撤销' }).click();
  await message(page, '令牌已撤销');
  await row.getByText('已撤销').waitFor();
  expect(errors).toEqual([]);
}, 60_000);

test('the language switch applies at once, is remembered for that user, and another user keeps their own', async () => {
  const { page, errors } = await newPage(server);
  await signUp(page, 'uma');
  await page.getByRole('button', { name: /语言/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByRole('heading', { level: 1, name: 'My authorizations' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'My authorizations' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

  await page.getByTestId('current-user').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('heading', { level: 1, name: 'Log in to AuthPay' }).waitFor();
  const other = await newPage(server);
  await signUp(other.page, 'vic');
  await other.page.getByRole('heading', { level: 1, name: '我的授权' }).waitFor();
  expect(errors).toEqual([]);
}, 60_000);

test('the profile saves display name, e-mail and language (or says the server cannot yet)', async () => {
  const { page, errors } = await newPage(server);
  await signUp(page, 'wen');
  await page.goto('/uc/profile');
  const form = page.getByTestId('profile-form');
  await form.getByLabel('显示名').fill('Wen Li');
  await form.getByLabel('邮箱').fill('not-an-address');
  await form.getByRole('button', { name: '保存' }).click();
  await page.locator('[data-field=email] .el-form-item__error').waitFor();
  await form.getByLabel('邮箱').fill('wen.li@example.com');
  await form.getByRole('button', { name: '保存' }).click();
  const openapi = await fetch(`${server.url}/openapi.json`, { headers: { authorization: `Bearer ${BOOTSTRAP_TOKEN}` } });
  const doc = (await openapi.json()) as { paths: Record<string, Record<string, { operationId?: string }>> };
  const supported = Object.values(doc.paths).some((ops) => Object.values(ops).some((op) => op.operationId === 'updateCurrentUser'));
  if (supported) {
    await message(page, '资料已保存');
    await page.getByTestId('current-user').filter({ hasText: 'Wen Li' }).waitFor();
  } else {
    await message(page, '服务器暂不支持修改资料');
  }
  expect(errors).toEqual([]);
}, 60_000);

/** Presses Tab until the element has focus (keyboard-only journeys); fails after 60 presses. */
async function tabTo(page: Page, target: import('playwright-core').Locator): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('could not reach the element with Tab');
}
