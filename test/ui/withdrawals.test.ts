/**
 * Withdrawals in Chromium against the real server.
 *
 * The journey (zh-CN, desktop): an ACTIVE merchant's 100.00 SANDBOX order (made through the platform API,
 * paid on the payment page) is settled from the console's trigger dialog and confirmed (fee 0.60 % → 99.40 to
 * the balance); the merchant adds a bank card (the Luhn error shows at the field), sees the withdrawable balance,
 * applies for a withdrawal; the administrator approves it and marks it paid out with a serial number in the
 * console, reads the transition log; the merchant sees the balance fall.
 *
 * Then the new pages in zh-CN and en, desktop and phone: words instead of raw values, no sideways scroll on the
 * phone, axe-clean (serious and critical).
 */
import type { Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  asAdmin,
  axeViolations,
  logInThrough,
  newPage,
  signUp,
  startUiServer,
  type UiServer,
  type ViewportName,
} from './support.js';
import { catalog } from './console/catalog.js';
import { paymentService } from '../../src/payment/service.js';
import { adjustmentMove } from '../../src/payment/ledger/moves.js';
import { postLedgerEntry } from '../../src/payment/ledger/post-entry.js';

const PAY_CONSOLE = '/console.api.payment.authpay.dev/v1alpha1';
const HOST_CONSOLE = '/console.api.host.authpay.dev/v1alpha1';
const RAW_WORDS =
  /\b(PENDING_AUDIT|APPROVED|REJECTED|PROCESSING|COMPLETED|FAILED|BANK_CARD|WALLET_A|WALLET_B|undefined|null|NaN)\b|\[object/;

let server: UiServer;
beforeAll(async () => {
  server = await startUiServer();
  await asAdmin(server, 'PUT', `${HOST_CONSOLE}/settings/host-settings`, { auth: { loginPerIpPerMinute: 100000 } });
  await asAdmin(server, 'PUT', `${PAY_CONSOLE}/settings`, {
    sandboxEnabled: true,
    allowLocalCallbackDomain: true,
    callbackDomain: server.url,
  });
  await asAdmin(server, 'PUT', `${PAY_CONSOLE}/merchant-settings`, {
    enabled: true,
    onboardingOpen: true,
    reviewRequired: false,
    defaultFeeRate: '0.60',
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function axeClean(page: Page, where: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[class*="-enter-active"], [class*="-leave-active"], .el-loading-mask'));
  expect({ where, violations: await axeViolations(page) }).toEqual({ where, violations: [] });
}

/** A signed-up user onboards through the API with the page's own session (the onboarding page has its own test). */
async function merchantPage(username: string, locale = 'zh-CN', viewport: ViewportName = 'desktop', testMoney = true): Promise<Page> {
  const { page } = await newPage(server, { locale, viewport });
  await signUp(page, username);
  const status = await page.evaluate(async () => {
    const xsrf = decodeURIComponent(
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))!
        .split('=')[1],
    );
    const res = await fetch('/apis/uc.api.payment.authpay.dev/v1alpha1/merchant', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
      body: JSON.stringify({
        merchantName: '小店',
        contactPerson: '李雷',
        contactPhone: '13800000000',
        contactEmail: 'shop@example.com',
        businessType: '软件',
        agreementAccepted: true,
      }),
    });
    return res.status;
  });
  expect(status).toBe(200);
  // Test set-up of the page checks only (the journey earns its money): an ADJUSTMENT through the ledger.
  if (testMoney)
    await postLedgerEntry(
      paymentService.current!.deps,
      adjustmentMove(10_000, { merchant: username, currency: 'CNY', reference: `${username}-setup`, actor: 'test', note: 'test money' }),
    );
  // The merchant role arrives through the reconciler: reload until the merchant pages are offered.
  await page.goto('/uc/merchant/withdrawals');
  return page;
}

/** A bank card and a 1.00 withdrawal through the page's own session, so the lists show their words. */
async function withAccountAndWithdrawal(page: Page): Promise<void> {
  const statuses = await page.evaluate(async () => {
    const xsrf = decodeURIComponent(
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))!
        .split('=')[1],
    );
    const post = (path: string, body: unknown) =>
      fetch(`/apis/uc.api.payment.authpay.dev/v1alpha1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: JSON.stringify(body),
      });
    const account = await post('/withdrawal-accounts', {
      type: 'BANK_CARD',
      accountName: 'Li',
      accountNumber: '5500005555555559',
      bankName: 'BOC',
    });
    const { data } = (await account.json()) as { data: { name: string } };
    const applied = await post('/withdrawals', { account: data.name, amount: '1.00' });
    return [account.status, applied.status];
  });
  expect(statuses).toEqual([200, 200]);
}

describe('the withdrawal journey (zh-CN, desktop)', () => {
  test('a paid SANDBOX order settled and confirmed, a card, apply, approved and paid out in the console, the balance falls', async () => {
    const w = catalog('zh-CN', 'uc');
    const cw = catalog('zh-CN');
    const page = await merchantPage('wdshop', 'zh-CN', 'desktop', false);

    // A payer pays the merchant's 100.00 SANDBOX order (made with the page's session once the role has arrived).
    const paymentId = await page.evaluate(async () => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))!
          .split('=')[1],
      );
      for (let attempt = 0; attempt < 40; attempt++) {
        const res = await fetch('/apis/platform.api.payment.authpay.dev/v1alpha1/initiatePayment', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
          body: JSON.stringify({
            orderId: 'wd-1',
            subject: '插件授权',
            paymentAmount: '100.00',
            paymentType: 'SANDBOX',
            paymentChannel: 'SIMULATED',
          }),
        });
        if (res.status === 200) return ((await res.json()) as { data: { paymentId: string } }).data.paymentId;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return '';
    });
    expect(paymentId).not.toBe('');
    await page.goto(`/payment/${paymentId}`);
    await page.locator('#sandbox-pay').click();
    await page.locator('#status-text').filter({ hasText: '支付成功' }).waitFor({ timeout: 20_000 });

    // The administrator settles the merchant from the trigger dialog and confirms: 100.00 − 0.60 fee.
    const admin = await newPage(server, { locale: 'zh-CN' });
    await logInThrough(admin.page, '/console/', 'admin', ADMIN_PASSWORD);
    await admin.page.goto('/console/payment/settlements?merchant=wdshop');
    await admin.page.locator('[data-testid=settlements-table]').waitFor();
    await admin.page.locator('[data-testid=open-trigger]').click();
    const trigger = admin.page.getByRole('dialog', { name: cw('settlement.triggerDialog.title') });
    await trigger.getByText(cw('settlement.triggerDialog.merchant'), { exact: true }).click();
    await trigger.locator('input[name=merchant]').fill('wdshop');
    await trigger.locator('[data-testid=trigger-submit]').click();
    await trigger.waitFor({ state: 'hidden' });
    const settled = admin.page.locator('[data-testid=settlement-status]:visible');
    await settled
      .filter({ hasText: cw('enum.settlementStatus.PENDING') })
      .first()
      .waitFor();
    await admin.page
      .getByRole('button', { name: cw('settlement.list.confirm'), exact: true })
      .first()
      .click();
    await admin.page
      .locator('.el-message-box')
      .getByRole('button', { name: cw('settlement.list.confirm'), exact: true })
      .click();
    await settled
      .filter({ hasText: cw('enum.settlementStatus.SUCCESS') })
      .first()
      .waitFor();

    await page.goto('/uc/merchant/withdrawals');
    await page.getByTestId('balance').filter({ hasText: '¥99.40' }).waitFor();

    await page.goto('/uc/merchant/withdrawal-accounts');
    await page.getByTestId('account-add').click();
    const form = page.getByTestId('account-form');
    await form.locator('input[name=accountName]').fill('李雷');
    await form.locator('input[name=accountNumber]').fill('4111 1111 1111 1112');
    await form.locator('input[name=bankName]').fill('工商银行');
    await page.getByTestId('account-save').click();
    await form
      .locator('[data-field=accountNumber] .el-form-item__error')
      .filter({ hasText: w('withdrawal.account.luhn') })
      .waitFor();
    await axeClean(page, 'account dialog with the Luhn error');
    await form.locator('input[name=accountNumber]').fill('4111 1111 1111 1111');
    await page.getByTestId('account-save').click();
    // Once saved, the user center shows the card by its last four digits only (the console shows it whole below).
    await page
      .getByTestId('withdrawal-accounts')
      .getByText(w('accountNumber.masked', { last4: '1111' }))
      .first()
      .waitFor();
    expect(await page.locator('body').innerText()).not.toContain('4111111111111111');
    await axeClean(page, 'accounts');

    await page.goto('/uc/merchant/withdrawals');
    await page.getByTestId('withdrawable-amount').filter({ hasText: '¥99.40' }).waitFor();
    await page.getByTestId('apply-form').locator('input[name=amount]').fill('30.00');
    await page.getByTestId('apply-submit').click();
    await page.getByTestId('my-withdrawals').getByText(w('enum.withdrawalStatus.PENDING_AUDIT')).waitFor();
    await page.getByTestId('frozen').filter({ hasText: '¥30.00' }).waitFor();
    await page.getByTestId('withdrawable-amount').filter({ hasText: '¥69.40' }).waitFor();
    await axeClean(page, 'withdrawals');

    await admin.page.goto('/console/withdrawals?status=PENDING_AUDIT');
    const row = admin.page.locator('tr.el-table__row').filter({ hasText: 'wdshop' });
    await row.getByText('****1111').waitFor();
    await axeClean(admin.page, 'console withdrawals');
    await row.getByTestId('move-approve').click();
    const approve = admin.page.getByRole('dialog', { name: cw('withdrawal.move.action.approve') });
    await approve.getByTestId('withdrawal-move-submit').click();
    await approve.waitFor({ state: 'hidden' });

    await admin.page.goto('/console/withdrawals');
    const approved = admin.page.locator('tr.el-table__row').filter({ hasText: 'wdshop' });
    await approved.getByText(cw('enum.withdrawalStatus.APPROVED')).waitFor();
    await approved.getByTestId('move-complete').click();
    const complete = admin.page.getByRole('dialog', { name: cw('withdrawal.move.action.complete') });
    await complete.getByTestId('withdrawal-move-submit').click();
    await complete.locator('[data-field=payoutSerial] .el-form-item__error').waitFor();
    await complete.locator('input[name=payoutSerial]').fill('ICBC-20261126-0001');
    await complete.getByTestId('withdrawal-move-submit').click();
    await complete.waitFor({ state: 'hidden' });
    await approved.getByText(cw('enum.withdrawalStatus.COMPLETED')).waitFor();
    await approved.getByTestId('withdrawal-details-open').click();
    const details = admin.page.getByRole('dialog', { name: cw('withdrawal.details.title') });
    await details.getByTestId('account-number').filter({ hasText: '4111111111111111' }).waitFor();
    await details.getByTestId('transition-log').getByText('ICBC-20261126-0001').waitFor();
    await axeClean(admin.page, 'withdrawal details');

    await page.reload();
    await page.getByTestId('balance').filter({ hasText: '¥69.40' }).waitFor();
    await page.getByTestId('frozen').filter({ hasText: '¥0.00' }).waitFor();
    await page.getByTestId('my-withdrawals').getByText(w('enum.withdrawalStatus.COMPLETED')).waitFor();
    await page.getByTestId('my-withdrawals').getByText('ICBC-20261126-0001').waitFor();
  }, 180_000);
});

describe('the withdrawal pages in both languages and sizes', () => {
  for (const locale of ['zh-CN', 'en'] as const) {
    for (const viewport of ['desktop', 'phone'] as const) {
      test(`${locale} ${viewport}`, async () => {
        const page = await merchantPage(`wd${locale === 'en' ? 'en' : 'zh'}${viewport}`, locale, viewport);
        await withAccountAndWithdrawal(page);
        const pages: Array<[Page, string]> = [
          [page, '/uc/merchant/withdrawal-accounts'],
          [page, '/uc/merchant/withdrawals'],
        ];
        const admin = await newPage(server, { locale, viewport });
        await logInThrough(admin.page, '/console/', 'admin', ADMIN_PASSWORD);
        pages.push([admin.page, '/console/withdrawals']);
        for (const [p, path] of pages) {
          await p.goto(path);
          await p.locator('h1').first().waitFor();
          await p.waitForLoadState('networkidle');
          const text = await p.locator('main').innerText();
          expect({ path, raw: RAW_WORDS.exec(text)?.[0] }).toEqual({ path, raw: undefined });
          if (viewport === 'phone')
            expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
          await axeClean(p, `${locale} ${viewport} ${path}`);
        }
      }, 180_000);
    }
  }
});
