/**
 * The merchant platform in Chromium against the real server.
 *
 * The journey (zh-CN, desktop): a user signs up and onboards (notice and sanitised terms shown, the terms must
 * be accepted, the browser's and the server's objections at their fields); the account-opening fee sends them to the SANDBOX payment page,
 * they come back and pay it later from the merchant page; the administrator reviews the application in the
 * console (the remark is required) and approves it; the merchant creates an API key (a token restricted to
 * the platform API group), initiates a payment with it over real HTTP, and finds the order in the merchant's
 * order list, its details, the overview and the API documentation (this site's address and key).
 *
 * Then every new page of both apps in zh-CN and en, desktop and phone: its title, words instead of raw values,
 * no sideways scroll on the phone, axe-clean (serious and critical).
 */
import type { Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  asAdmin,
  axeViolations,
  docScreenshot,
  logInThrough,
  newPage,
  signUp,
  startUiServer,
  type UiServer,
  type ViewportName,
} from './support.js';
import { catalog, type Words } from './console/catalog.js';
import { Merchant, type MerchantStatus } from '../../src/payment/merchants/types.js';

const PAY_CONSOLE = '/console.api.payment.authpay.dev/v1alpha1';
const HOST_CONSOLE = '/console.api.host.authpay.dev/v1alpha1';
const PLATFORM = '/apis/platform.api.payment.authpay.dev/v1alpha1';
const TERMS =
  '<p onmouseover="window.hacked = true">商户须遵守<b>平台规则</b>。</p><script>window.hacked = true</script>'
  + '<a href="javascript:window.hacked = true">link</a>';
const NOTICE = '入驻前请准备好营业信息。';
const RAW_WORDS = /\b(UNPAID|PAYING|SUCCESS|FAILED|PENDING|ACTIVE|REJECTED|SUSPENDED|SANDBOX|SIMULATED|undefined|null|NaN)\b|\[object/;

let server: UiServer;
beforeAll(async () => {
  server = await startUiServer();
  // Every page logs in from 127.0.0.1: lift the per-address log-in limit for this run.
  await asAdmin(server, 'PUT', `${HOST_CONSOLE}/settings/host-settings`, { auth: { loginPerIpPerMinute: 100000 } });
  await asAdmin(server, 'PUT', `${PAY_CONSOLE}/settings`, {
    sandboxEnabled: true,
    allowLocalCallbackDomain: true,
    callbackDomain: server.url,
  });
  await asAdmin(server, 'PUT', `${PAY_CONSOLE}/merchant-settings`, {
    enabled: true,
    onboardingOpen: true,
    reviewRequired: true,
    accountOpeningFee: '1.00',
    agreementTerms: TERMS,
    onboardingNotice: NOTICE,
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** The page's one message (feedback/messages.ts). */
const message = (page: Page, kind: 'success' | 'error', text: string) =>
  page.locator(`[data-testid=message][data-kind=${kind}]`).filter({ hasText: text }).first();

/** axe over the page once Element Plus' transitions are over (a fading dialog reads as low contrast). */
async function axeClean(page: Page, where: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[class*="-enter-active"], [class*="-leave-active"], .el-loading-mask'));
  expect({ where, violations: await axeViolations(page) }).toEqual({ where, violations: [] });
}

/** Picks an option of an el-select (its list is put at the end of the body). */
async function choose(page: Page, select: ReturnType<Page['locator']>, option: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).locator('visible=true').click();
}

/** A sub-page of the merchant area, through the page navigation. */
async function subPage(page: Page, w: Words, titleKey: string): Promise<void> {
  await page
    .getByRole('navigation', { name: w('layout.subNav') })
    .getByRole('link', { name: w(titleKey) })
    .click();
  await page.getByRole('heading', { level: 1, name: w(titleKey) }).waitFor();
}

/** Onboards through the form: empty and unaccepted submissions are refused at the fields first. */
async function onboard(page: Page, w: Words): Promise<void> {
  await page.goto('/uc/merchant');
  const form = page.getByTestId('onboarding-form');
  await form.waitFor();
  await page.getByTestId('onboarding-notice').filter({ hasText: NOTICE }).waitFor();
  const terms = page.getByTestId('agreement-terms');
  expect(await terms.locator('b').innerText()).toBe('平台规则');
  expect(await terms.locator('script, [onmouseover], a[href^="javascript"]').count()).toBe(0);
  await terms.locator('p').hover();
  expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
  await page.getByTestId('onboarding-fee').filter({ hasText: '¥1.00' }).waitFor();
  await axeClean(page, 'onboarding form');

  await page.getByTestId('onboard-submit').click();
  await form
    .locator('[data-field=merchantName] .el-form-item__error')
    .filter({ hasText: w('validation.required') })
    .waitFor();
  await form
    .locator('[data-field=agreementAccepted] .el-form-item__error')
    .filter({ hasText: w('merchant.onboard.acceptRequired') })
    .waitFor();
  await axeClean(page, 'onboarding form with errors');

  await form.locator('input[name=merchantName]').fill('小店科技');
  await form.locator('input[name=contactPerson]').fill('王小店');
  await form.locator('input[name=contactPhone]').fill('12');
  await form.locator('input[name=contactEmail]').fill('shop@example.com');
  await choose(page, form.locator('[data-field=businessType] .el-select'), '软件');
  await form.locator('textarea[name=description]').fill('插件与主题');
  await page.getByTestId('onboard-submit').click();
  await form
    .locator('[data-field=contactPhone] .el-form-item__error')
    .filter({ hasText: w('merchant.onboard.phoneInvalid') })
    .waitFor();
  await form.locator('input[name=contactPhone]').fill('+86 138 0000 0000');
  await form.getByText(w('merchant.onboard.accept')).click();
  expect(await form.getByRole('checkbox', { name: w('merchant.onboard.accept') }).isChecked()).toBe(true);
  // The administrator takes the chosen business type off the list meanwhile: the server's refusal is at the field.
  await asAdmin(server, 'PUT', `${PAY_CONSOLE}/merchant-settings`, { businessTypes: ['服务', '其他'] });
  await page.getByTestId('onboard-submit').click();
  await form.locator('[data-field=businessType] .el-form-item__error').filter({ hasText: '软件' }).waitFor();
  await asAdmin(server, 'PUT', `${PAY_CONSOLE}/merchant-settings`, { businessTypes: ['软件', '服务', '其他'] });
  await page.getByTestId('onboard-submit').click();
}

/** The SANDBOX payment page pays the order and offers the way back to the merchant page. */
async function payOnPage(page: Page): Promise<void> {
  await page.locator('#sandbox-pay').click();
  await page.locator('#status-text').filter({ hasText: '支付成功' }).waitFor({ timeout: 20_000 });
  await page.locator('#return-link').click();
  await page.waitForURL('**/uc/merchant');
}

/** Calls the merchant platform API over HTTP with a bearer token. */
async function platform<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: { success: boolean; code: string; data: T } }> {
  const res = await fetch(`${server.url}${path.startsWith('/apis') ? path : `${PLATFORM}${path}`}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; code: string; data: T } };
}

describe('the merchant journey (zh-CN, desktop)', () => {
  test('onboard, pay the fee later on SANDBOX, approved in the console, an API key initiates a payment shown in the orders', async () => {
    const w = catalog('zh-CN', 'uc');
    const cw = catalog('zh-CN');
    const { page, errors } = await newPage(server, { locale: 'zh-CN' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signUp(page, 'shopowner');
    await page
      .getByRole('navigation', { name: w('layout.mainNav') })
      .getByRole('link', { name: w('tab.merchant') })
      .click();
    await page.getByRole('heading', { level: 1, name: w('nav.merchant') }).waitFor();
    await onboard(page, w);

    // The fee sends the user to its payment page; they leave without paying and find it again on the merchant page.
    await page.waitForURL('**/payment/*');
    const paymentId = new URL(page.url()).pathname.split('/').pop()!;
    await page.locator('#sandbox-pay').waitFor();
    await page.goto('/uc/merchant');
    const due = page.getByTestId('fee-due');
    await due.getByTestId('fee-amount').filter({ hasText: '¥1.00' }).waitFor();
    await due.getByText(paymentId).waitFor();
    await axeClean(page, 'fee due');
    await docScreenshot(page, 'uc-merchant-fee-desktop');
    await due.getByTestId('pay-fee').click();
    await page.waitForURL(`**/payment/${paymentId}`);
    await payOnPage(page);
    const status = page.getByTestId('merchant-status');
    await status.and(page.locator('[data-status=PENDING]')).waitFor();
    await status.getByText(w('merchant.status.explain.PENDING')).waitFor();
    await axeClean(page, 'pending');

    // The administrator reviews it: the remark is required, then approves.
    const admin = await newPage(server, { locale: 'zh-CN' });
    await logInThrough(admin.page, '/console/', 'admin', ADMIN_PASSWORD);
    await admin.page.goto('/console/merchants');
    const filters = admin.page.getByRole('region', { name: cw('filters.title') });
    await choose(
      admin.page,
      filters.locator('.el-form-item', { hasText: cw('merchant.field.status') }).locator('.el-select'),
      cw('enum.merchantStatus.PENDING'),
    );
    await filters.locator('input[name=keyword]').fill('小店');
    await filters.getByRole('button', { name: cw('common.search') }).click();
    await admin.page.waitForURL((url) => url.searchParams.get('status') === 'PENDING' && url.searchParams.get('keyword') === '小店');
    const row = admin.page.locator('tr.el-table__row').filter({ has: admin.page.locator('[data-merchant=shopowner]') });
    await row.waitFor();
    await axeClean(admin.page, 'merchant list');
    await docScreenshot(admin.page, 'console-merchants-desktop');
    await row.getByRole('button', { name: cw('merchant.list.review') }).click();
    const dialog = admin.page.getByRole('dialog', { name: cw('merchant.move.reviewTitle') });
    await dialog.waitFor();
    await dialog.getByTestId('move-submit').click();
    await dialog
      .locator('[data-field=remark] .el-form-item__error')
      .filter({ hasText: cw('merchant.move.remarkRequired') })
      .waitFor();
    await axeClean(admin.page, 'review dialog');
    await docScreenshot(admin.page, 'console-merchant-review-desktop');
    await dialog.locator('textarea[name=remark]').fill('资料齐全，欢迎入驻');
    await dialog.getByTestId('move-submit').click();
    await message(admin.page, 'success', cw('merchant.move.done.approve')).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The list keeps its filter: the approved merchant is no longer PENDING.
    await row.waitFor({ state: 'detached' });
    await admin.page.goto('/console/merchants/shopowner');
    await admin.page
      .getByTestId('merchant-status')
      .filter({ hasText: cw('enum.merchantStatus.ACTIVE') })
      .waitFor();
    const history = admin.page.getByTestId('merchant-history');
    await history.getByText('资料齐全，欢迎入驻').waitFor();
    await history
      .locator('tr')
      .filter({ hasText: cw('enum.merchantAction.approve') })
      .filter({ hasText: 'admin' })
      .waitFor();
    await history
      .locator('tr')
      .filter({ hasText: cw('enum.merchantAction.onboard') })
      .filter({ hasText: 'shopowner' })
      .waitFor();
    await axeClean(admin.page, 'merchant details');
    await docScreenshot(admin.page, 'console-merchant-details-desktop');
    // The individual fee rate: a bad value at its field, then set, then cleared (the default applies again).
    const rate = admin.page.locator('input[name=feeRate]');
    await rate.fill('101');
    await admin.page.getByRole('button', { name: cw('merchant.fee.set') }).click();
    await admin.page
      .locator('[data-field=feeRate] .el-form-item__error')
      .filter({ hasText: cw('merchant.fee.invalid') })
      .waitFor();
    await rate.fill('1.25');
    await admin.page.getByRole('button', { name: cw('merchant.fee.set') }).click();
    await admin.page
      .getByTestId('fee-rate-now')
      .filter({ hasText: cw('merchant.fee.own', { rate: '1.25' }) })
      .waitFor();
    expect((await server.runtime.client.get(Merchant, 'shopowner')).spec.feeRateBasisPoints).toBe(125);
    await admin.page.getByRole('button', { name: cw('merchant.fee.clear') }).click();
    await admin.page
      .getByTestId('fee-rate-now')
      .filter({ hasText: cw('merchant.fee.default', { rate: '0.60' }) })
      .waitFor();

    // The merchant: ACTIVE, and the platform pages appear once the role is there.
    await page.reload();
    await status.and(page.locator('[data-status=ACTIVE]')).waitFor();
    await page
      .getByRole('navigation', { name: w('merchant.status.platform') })
      .getByRole('link', { name: w('nav.apiKeys') })
      .waitFor({ timeout: 15_000 });
    await axeClean(page, 'active');
    await docScreenshot(page, 'uc-merchant-status-desktop');
    await subPage(page, w, 'nav.apiKeys');
    await page.locator('input[name=name]').fill('shop backend');
    await page.getByRole('button', { name: w('account.tokens.create') }).click();
    const secret = page.getByRole('dialog', { name: w('account.tokens.createdTitle') });
    const token = await secret.getByTestId('new-token').inputValue();
    expect(token).toMatch(/^authpay_pat_/);
    await axeClean(page, 'new API key');
    await secret.getByRole('button', { name: w('common.copy'), exact: true }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await secret.getByRole('button', { name: w('common.close'), exact: true }).click();
    await page.getByRole('cell', { name: 'shop backend' }).waitFor();
    await docScreenshot(page, 'uc-merchant-api-keys-desktop');

    // The key initiates a payment over HTTP, and reaches nothing but the platform API.
    const initiated = await platform<{ paymentId: string; platform: string }>(token, 'POST', '/initiatePayment', {
      orderId: 'shop-1001',
      subject: '主题授权 一年',
      paymentAmount: '88.00',
      paymentType: 'SANDBOX',
      paymentChannel: 'SIMULATED',
    });
    expect(initiated.status).toBe(200);
    expect(initiated.body.data.platform).toBe('shopowner');
    const outside = await platform(token, 'GET', '/apis/uc.api.host.authpay.dev/v1alpha1/users/-');
    expect([outside.status, outside.body.code]).toEqual([403, 'TOKEN_SCOPE_DENIED']);

    await subPage(page, w, 'nav.merchantOrders');
    const order = page.locator('tr.el-table__row').filter({ has: page.locator(`[data-payment-id="${initiated.body.data.paymentId}"]`) });
    await order
      .locator('[data-testid=payment-status]')
      .filter({ hasText: w('enum.paymentStatus.PAYING') })
      .or(order.locator('[data-testid=payment-status]').filter({ hasText: w('enum.paymentStatus.UNPAID') }))
      .waitFor();
    await order.getByRole('button', { name: w('common.details') }).click();
    const details = page.getByRole('dialog', { name: w('merchant.orders.detailsTitle') });
    await details.getByText('shop-1001').waitFor();
    await axeClean(page, 'order details');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    await axeClean(page, 'merchant orders');
    await docScreenshot(page, 'uc-merchant-orders-desktop');

    await subPage(page, w, 'nav.merchantOverview');
    await page.locator('[data-stat=totalOrders] .overview__stat-value').filter({ hasText: /^1$/ }).waitFor();
    await axeClean(page, 'merchant overview');
    await docScreenshot(page, 'uc-merchant-overview-desktop');

    await subPage(page, w, 'nav.apiDocs');
    const base = `${server.url}${PLATFORM}`;
    await page.getByTestId('api-base').filter({ hasText: base }).waitFor();
    const { publicKey } = await asAdmin<{ publicKey: string }>(server, 'GET', `${PAY_CONSOLE}/interface-keys/public`);
    expect((await page.getByTestId('interface-public-key').innerText()).trim()).toBe(publicKey.trim());
    await page.getByTestId('copy-base').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(base);
    const encrypted = page.locator('[data-sample=encrypted]');
    await encrypted.getByRole('tab', { name: 'Python' }).click();
    await encrypted.getByTestId('copy-encrypted-python').click();
    const python = await page.evaluate(() => navigator.clipboard.readText());
    expect(python).toContain(`BASE = "${base}"`);
    expect(python).toContain(publicKey.trim().split('\n')[1]);
    await axeClean(page, 'API documentation');
    await page.evaluate(() => window.scrollTo(0, 0));
    await docScreenshot(page, 'uc-merchant-api-docs-desktop');

    // Disabled in the console with a remark: the key is refused at once and the merchant page says why; enabled again.
    await admin.page.getByTestId('suspend').click();
    const suspend = admin.page.getByRole('dialog', { name: cw('merchant.move.title.suspend') });
    await suspend.locator('textarea[name=remark]').fill('暂停核查');
    await axeClean(admin.page, 'suspend dialog');
    await suspend.getByTestId('move-submit').click();
    await message(admin.page, 'success', cw('merchant.move.done.suspend')).waitFor();
    await admin.page
      .getByTestId('merchant-status')
      .filter({ hasText: cw('enum.merchantStatus.SUSPENDED') })
      .waitFor();
    const refused = await platform(token, 'GET', '/listPaymentInfo');
    expect(refused.status).toBe(403);
    await page.goto('/uc/merchant');
    await status.and(page.locator('[data-status=SUSPENDED]')).waitFor();
    await page.getByTestId('merchant-remark').filter({ hasText: '暂停核查' }).waitFor();
    await admin.page.getByTestId('activate').click();
    const activate = admin.page.getByRole('dialog', { name: cw('merchant.move.title.activate') });
    await activate.getByTestId('move-submit').click();
    await message(admin.page, 'success', cw('merchant.move.done.activate')).waitFor();
    await admin.page.getByTestId('merchant-history').locator('tr').filter({ hasText: '暂停核查' }).waitFor();
    for (let i = 0; i < 100 && (await platform(token, 'GET', '/listPaymentInfo')).status !== 200; i++) await page.waitForTimeout(100);
    expect((await platform(token, 'GET', '/listPaymentInfo')).status).toBe(200);
    expect(admin.errors).toEqual([]);
    await admin.page.context().close();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);
});

// ---- every page, both languages, both sizes ----

/** A user with a merchant in the given status (made directly; the role follows from the reconciler). */
async function merchantUser(username: string, status: MerchantStatus | undefined, remark?: string): Promise<void> {
  await asAdmin(server, 'POST', `${HOST_CONSOLE}/users`, {
    username,
    email: `${username}@example.com`,
    password: `${username}-password-1`,
  });
  if (!status) return;
  await server.runtime.client.create(Merchant, {
    metadata: { name: username },
    spec: {
      merchantName: `${username} 小店`,
      contactPerson: '张三',
      contactPhone: '+86 138 0000 0000',
      contactEmail: `${username}@example.com`,
      businessType: '软件',
      description: '插件',
      agreementAccepted: true,
      username,
      status,
      ...(remark ? { reviewRemark: remark, reviewedBy: 'admin', reviewedAt: new Date().toISOString() } : {}),
    },
  });
}

/** The user applies through the API (Basic credentials): with the fee of this run, an unpaid fee order. */
async function applyWithFee(username: string): Promise<void> {
  const res = await fetch(`${server.url}/apis/uc.api.payment.authpay.dev/v1alpha1/merchant`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${username}:${username}-password-1`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      merchantName: `${username} 小店`,
      contactPerson: '李四',
      contactPhone: '010-12345678',
      contactEmail: `${username}@example.com`,
      businessType: '服务',
      agreementAccepted: true,
    }),
  });
  const envelope = (await res.json()) as { data: { paymentId?: string } };
  expect(envelope.data.paymentId).toBeTruthy();
}

async function signIn(username: string, locale: 'zh-CN' | 'en', viewport: ViewportName, app = '/uc/merchant') {
  const opened = await newPage(server, { locale, viewport });
  await logInThrough(opened.page, app, username, username === 'admin' ? ADMIN_PASSWORD : `${username}-password-1`);
  return opened;
}

/** Title, language, words (not raw values), no sideways scroll, axe-clean. */
async function checkPage(page: Page, w: Words, titleKey: string, ready: string, where: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: w(titleKey) }).waitFor();
  await page.locator(ready).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.el-loading-mask'));
  // Words, not raw values (code samples are code: they are left out).
  const text = await page.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('pre').forEach((pre) => pre.remove());
    document.body.append(copy);
    const visible = copy.innerText;
    copy.remove();
    return visible;
  });
  expect({ where, raw: text.match(RAW_WORDS) }).toEqual({ where, raw: null });
  expect({ where, wide: await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth) }).toEqual({
    where,
    wide: false,
  });
  await axeClean(page, where);
}

describe.each([
  { locale: 'zh-CN', viewport: 'desktop' },
  { locale: 'zh-CN', viewport: 'phone' },
  { locale: 'en', viewport: 'desktop' },
  { locale: 'en', viewport: 'phone' },
] as const)('every merchant page ($locale, $viewport)', ({ locale, viewport }) => {
  const tag = `${locale === 'en' ? 'en' : 'zh'}-${viewport}`;
  const w = catalog(locale, 'uc');
  const cw = catalog(locale);
  const shot = (page: Page, name: string) => (locale === 'zh-CN' ? docScreenshot(page, `${name}-${viewport}`) : Promise.resolve());

  test('user center: onboarding, fee due, pending, rejected, suspended, and the platform pages', async () => {
    await merchantUser(`new-${tag}`, undefined);
    await merchantUser(`fee-${tag}`, undefined);
    await applyWithFee(`fee-${tag}`);
    await merchantUser(`pend-${tag}`, 'PENDING');
    await merchantUser(`rej-${tag}`, 'REJECTED', '资料不全 / incomplete');
    await merchantUser(`susp-${tag}`, 'SUSPENDED', '违规 / rules broken');
    await merchantUser(`act-${tag}`, 'ACTIVE');

    const fresh = await signIn(`new-${tag}`, locale, viewport);
    await checkPage(fresh.page, w, 'nav.merchant', '[data-testid=onboarding-form]', `onboarding ${tag}`);
    await shot(fresh.page, 'uc-merchant-onboarding');
    expect(fresh.errors).toEqual([]);
    await fresh.page.context().close();

    const due = await signIn(`fee-${tag}`, locale, viewport);
    await checkPage(due.page, w, 'nav.merchant', '[data-testid=fee-due]', `fee due ${tag}`);
    await due.page.getByTestId('fee-amount').filter({ hasText: '¥1.00' }).waitFor();
    await shot(due.page, 'uc-merchant-fee');
    expect(due.errors).toEqual([]);
    await due.page.context().close();

    for (const [who, status] of [
      [`pend-${tag}`, 'PENDING'],
      [`rej-${tag}`, 'REJECTED'],
      [`susp-${tag}`, 'SUSPENDED'],
    ] as const) {
      const { page, errors } = await signIn(who, locale, viewport);
      await checkPage(page, w, 'nav.merchant', `[data-testid=merchant-status][data-status=${status}]`, `${status} ${tag}`);
      await page.getByText(w(`merchant.status.explain.${status}`)).waitFor();
      if (status !== 'PENDING')
        await page
          .getByTestId('merchant-remark')
          .filter({ hasText: status === 'REJECTED' ? '资料不全' : '违规' })
          .waitFor();
      // No platform pages without the merchant role.
      expect(await page.getByRole('navigation', { name: w('layout.subNav') }).count()).toBe(0);
      expect(errors).toEqual([]);
      await page.context().close();
    }

    const { page, errors } = await signIn(`act-${tag}`, locale, viewport);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await checkPage(page, w, 'nav.merchant', '[data-testid=merchant-status][data-status=ACTIVE]', `active ${tag}`);
    await page
      .getByRole('navigation', { name: w('merchant.status.platform') })
      .getByRole('link')
      .first()
      .waitFor();
    if (viewport === 'phone') await shot(page, 'uc-merchant-status');
    for (const [path, titleKey, ready] of [
      ['/uc/merchant/overview', 'nav.merchantOverview', '[data-testid=daily-chart]'],
      ['/uc/merchant/orders', 'nav.merchantOrders', '[data-testid=merchant-orders]'],
      ['/uc/merchant/api-keys', 'nav.apiKeys', 'input[name=name]'],
      ['/uc/merchant/api-docs', 'nav.apiDocs', '[data-testid=interface-public-key]'],
    ] as const) {
      await page.goto(path);
      await checkPage(page, w, titleKey, ready, `${path} ${tag}`);
      if (viewport === 'phone') await shot(page, `uc-merchant-${path.split('/').pop()}`);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  }, 150_000);

  test('console: merchant list, review dialog, details, settings', async () => {
    const name = `rev-${tag}`;
    await merchantUser(name, 'PENDING');
    const { page, errors } = await signIn('admin', locale, viewport, '/console/');
    // Many merchants exist by now (oldest first, 20 a page): the keyword filter in the URL finds this one.
    await page.goto(`/console/merchants?keyword=${name}`);
    await checkPage(page, cw, 'nav.merchants', `[data-merchant="${name}"]`, `merchant list ${tag}`);
    const item = page.locator('tr.el-table__row, li.dt-card').filter({ has: page.locator(`[data-merchant="${name}"]`) });
    await item.getByRole('button', { name: cw('merchant.list.review') }).click();
    const dialog = page.getByRole('dialog', { name: cw('merchant.move.reviewTitle') });
    await dialog.waitFor();
    await axeClean(page, `review dialog ${tag}`);
    if (viewport === 'phone') await shot(page, 'console-merchant-review');
    await dialog.getByRole('radio', { name: cw('merchant.move.action.reject') }).check({ force: true });
    await dialog.locator('textarea[name=remark]').fill('incomplete');
    await dialog.getByTestId('move-submit').click();
    await message(page, 'success', cw('merchant.move.done.reject')).waitFor();
    await item
      .getByTestId('merchant-status')
      .filter({ hasText: cw('enum.merchantStatus.REJECTED') })
      .waitFor();
    if (viewport === 'phone') await shot(page, 'console-merchants');

    await page.goto(`/console/merchants/${name}`);
    await checkPage(page, cw, 'nav.merchantDetails', '[data-testid=merchant-history]', `merchant details ${tag}`);
    await page.getByTestId('merchant-history').getByText('incomplete').first().waitFor();
    await page.getByTestId('edit').click();
    const edit = page.getByRole('dialog', { name: cw('merchant.details.editTitle') });
    await edit.waitFor();
    await axeClean(page, `edit dialog ${tag}`);
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'hidden' });
    if (viewport === 'phone') await shot(page, 'console-merchant-details');

    await page.goto('/console/merchant-settings');
    await checkPage(page, cw, 'nav.merchantSettings', '.settings-form__group', `merchant settings ${tag}`);
    await shot(page, 'console-merchant-settings');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
