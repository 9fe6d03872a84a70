/**
 * Settlement in the browsers, against the real server (zh-CN at desktop size, English on a phone): the
 * administrator settles one merchant's paid orders from the trigger dialog, sees the orders in the details,
 * confirms one record and rejects another with a reason, opens the merchant's account (balance, check, entries)
 * and the reconciliation report; the merchant sees its balance card and its settlement records in the user
 * center. Statuses are words; every view is axe-clean.
 */
import type { Locator, Page } from 'playwright-core';
import { Merchant } from '../../../src/payment/merchants/types.js';
import sharedZh from '../../../ui-shared/locales/zh-CN.js';
import sharedEn from '../../../ui-shared/locales/en.js';
import ucZh from '../../../uc-ui/src/locales/zh-CN/index.js';
import ucEn from '../../../uc-ui/src/locales/en/index.js';
import { seedPaidOrders } from '../../payment/settlement/seed-orders.js';
import { ADMIN_PASSWORD, asAdmin, expectAxeClean, logInThrough, newPage, screenshot, startUiServer, type UiServer } from '../support.js';
import { catalog } from './catalog.js';

const CONSOLE = '/console.api.payment.authpay.dev/v1alpha1';
const HOST = '/console.api.host.authpay.dev/v1alpha1';
const RAW_WORDS = /\b(PENDING|SUCCESS|FAILED|SETTLEMENT_CREDIT|MANUAL)\b/;
let server: UiServer;

beforeAll(async () => {
  server = await startUiServer();
  await asAdmin(server, 'PUT', `${CONSOLE}/merchant-settings`, { enabled: true, defaultFeeRate: '0.60' });
}, 120_000);
afterAll(() => server?.stop());

async function merchantWithOrders(name: string, orders: number): Promise<void> {
  await asAdmin(server, 'POST', `${HOST}/users`, { username: name, email: `${name}@example.com`, password: `${name}-password-1` });
  await server.runtime.client.create(Merchant, {
    metadata: { name },
    spec: {
      merchantName: `店铺 ${name}`,
      contactPerson: 'Li Lei',
      contactPhone: '+86 138-0000-0000',
      contactEmail: `${name}@example.com`,
      businessType: '软件',
      agreementAccepted: true,
      username: name,
      status: 'ACTIVE',
    },
  });
  await seedPaidOrders(server.runtime.client, name, orders, name.replace(/[^a-z0-9]/g, ''));
}

const rowWith = (page: Page, marker: string) => page.locator('tr.el-table__row, li.dt-card').filter({ has: page.locator(marker) });

async function axeClean(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[class*="-enter-active"], [class*="-leave-active"]'));
  await expectAxeClean(page);
}

async function noRawWords(scope: Locator): Promise<void> {
  expect((await scope.innerText()).match(RAW_WORDS)).toBeNull();
}

function ucWords(locale: 'zh-CN' | 'en') {
  const cat = (locale === 'en' ? { ...sharedEn, ...ucEn } : { ...sharedZh, ...ucZh }) as Record<string, unknown>;
  return (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], cat) as string;
}

describe.each([
  { locale: 'zh-CN', viewport: 'desktop' },
  { locale: 'en', viewport: 'phone' },
] as const)('settlement pages ($locale, $viewport)', ({ locale, viewport }) => {
  test('settle one merchant, details, confirm, reject with a reason, the account and the report; the merchant sees it', async () => {
    const w = catalog(locale);
    const cny = (amount: string) => `${locale === 'en' ? 'CN¥' : '¥'}${amount}`;
    const shop = `shop-${locale === 'en' ? 'en' : 'zh'}`;
    const other = `${shop}-b`;
    await merchantWithOrders(shop, 3); // 1.00 + 1.01 + 1.02 = 3.03; fee 0.60 % = 0.018 → 0.02
    await merchantWithOrders(other, 1);
    const { page, errors } = await newPage(server, { locale, viewport });
    await logInThrough(page, '/console/', 'admin', ADMIN_PASSWORD);
    await page.goto(`/console/payment/settlements?merchant=${shop}`);
    await page.locator('[data-testid=settlements-table]').waitFor();

    // ---- settle one merchant from the dialog ----
    await page.locator('[data-testid=open-trigger]').click();
    const dialog = page.getByRole('dialog', { name: w('settlement.triggerDialog.title') });
    await dialog.getByText(w('settlement.triggerDialog.merchant'), { exact: true }).click();
    await dialog.locator('[data-testid=trigger-submit]').click();
    await dialog
      .locator('[data-field=merchant] .el-form-item__error')
      .filter({ hasText: w('settlement.triggerDialog.merchantRequired') })
      .waitFor();
    await dialog.locator('input[name=merchant]').fill(shop);
    await axeClean(page);
    await dialog.locator('[data-testid=trigger-submit]').click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .locator('[data-testid=message]')
      .filter({ hasText: w('settlement.triggerDialog.made', { count: 1, orders: 3 }) })
      .first()
      .waitFor();
    const status = (word: string) => page.locator('[data-testid=settlement-status]:visible').filter({ hasText: word }).first();
    await status(w('enum.settlementStatus.PENDING')).waitFor();
    await noRawWords(page.locator('[data-testid=settlements-table]'));
    await axeClean(page);
    if (viewport === 'desktop') await screenshot(page, 'console-settlements-desktop');

    // ---- details: the orders, paged ----
    await page
      .getByRole('button', { name: w('common.details'), exact: true })
      .first()
      .click();
    const details = page.getByRole('dialog', { name: w('settlement.details.title') });
    await details
      .locator('[data-testid=settlement-details]')
      .getByText(w('settlement.details.orders', { n: 3 }))
      .waitFor();
    await details.getByText(cny('3.03')).first().waitFor();
    await axeClean(page);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    // ---- confirm ----
    await page
      .getByRole('button', { name: w('settlement.list.confirm'), exact: true })
      .first()
      .click();
    await page
      .locator('.el-message-box')
      .getByRole('button', { name: w('settlement.list.confirm'), exact: true })
      .click();
    await status(w('enum.settlementStatus.SUCCESS')).waitFor();

    // ---- the other merchant: reject with a reason ----
    await asAdmin(server, 'POST', `${CONSOLE}/settlements/trigger`, { merchant: other });
    await page.goto(`/console/payment/settlements?merchant=${other}`);
    const otherRow = rowWith(page, '[data-testid=settlement-status]:visible').first();
    await otherRow.getByRole('button', { name: w('settlement.list.reject'), exact: true }).click();
    const reject = page.getByRole('dialog', { name: w('settlement.remarkDialog.rejectTitle') });
    await reject.locator('[data-testid=reason-submit]').click();
    await reject
      .locator('[data-field=reason] .el-form-item__error')
      .filter({ hasText: w('settlement.remarkDialog.required') })
      .waitFor();
    await reject.locator('textarea[name=reason]').fill(locale === 'en' ? 'Amounts to check' : '金额待核对');
    await axeClean(page);
    await reject.locator('[data-testid=reason-submit]').click();
    await reject.waitFor({ state: 'hidden' });
    await status(w('enum.settlementStatus.FAILED')).waitFor();

    // ---- the merchant's account ----
    // The merchant details page (linked from each settlement's merchant) shows the account.
    await page.goto(`/console/merchants/${shop}`);
    await page.locator('[data-testid=merchant-ledger] [data-testid=ledger-balances]').getByText(cny('3.01')).first().waitFor();
    await page
      .locator('[data-testid=ledger-check]')
      .filter({ hasText: w('settlement.ledger.checkOk', { n: 1 }) })
      .waitFor();
    await page.locator('[data-testid=ledger-entries]').getByText(w('enum.ledgerEntryType.SETTLEMENT_CREDIT')).first().waitFor();
    await noRawWords(page.locator('[data-testid=ledger-entries]'));
    await axeClean(page);
    if (viewport === 'desktop') await screenshot(page, 'console-merchant-ledger-desktop');

    // ---- reconciliation ----
    await page.goto('/console/payment/reconciliation');
    await page
      .locator('[data-testid=report-check]')
      .filter({ hasText: w('settlement.report.allMatch') })
      .waitFor();
    await page.locator('[data-testid=report-table]').getByText(`${shop} (CNY)`).first().waitFor();
    expect(await page.locator('[data-testid=report-export]').getAttribute('href')).toContain('/reports/reconciliation.csv?from=');
    await axeClean(page);
    expect(errors).toEqual([]);
    await page.context().close();

    // ---- the merchant in the user center ----
    const uc = ucWords(locale);
    const mine = await newPage(server, { locale, viewport });
    await logInThrough(mine.page, '/uc/merchant/settlements', shop, `${shop}-password-1`);
    const card = mine.page.locator('[data-testid=balance-card]');
    await card.locator('[data-figure=withdrawable]').getByText('3.01').waitFor();
    await card.getByText(uc('merchantMoney.balance.frozen')).waitFor();
    const records = mine.page.locator('[data-testid=my-settlements]');
    await records.getByText(uc('enum.settlementStatus.SUCCESS')).first().waitFor();
    expect(await records.innerText()).not.toContain(other);
    await noRawWords(records);
    await axeClean(mine.page);
    if (viewport === 'phone') await screenshot(mine.page, 'uc-merchant-settlements-phone');
    expect(mine.errors).toEqual([]);
    await mine.page.context().close();
  }, 180_000);
});
