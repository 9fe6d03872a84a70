/**
 * Every dialog of both apps, opened as a person opens it, at 390×844 (zh-CN and English) and 1280×800: the
 * dialog and its footer buttons lie inside the viewport (a long form scrolls in the dialog's body, the buttons
 * stay put), a short dialog on a phone is as high as its content (not the whole screen), and the page never
 * scrolls sideways. The scene (a paid plugin, a merchant with paid orders, a settlement, withdrawals, a pending
 * merchant) is made through the API and the store before the browsers start.
 */
import type { Locator, Page } from 'playwright-core';
import { ADMIN_PASSWORD, asAdmin, newPage, startUiServer, type UiServer, type ViewportName } from './support.js';
import { catalog } from './console/catalog.js';
import { HOST, merchantUser, PLUGIN_AUTH, session, shopScene, type Cookie } from './scene.js';

const SHOP = 'dlgshop';

let server: UiServer;
let adminCookies: Cookie[];
let shopCookies: Cookie[];

beforeAll(async () => {
  server = await startUiServer();
  await asAdmin(server, 'PUT', `${HOST}/settings/host-settings`, { auth: { loginPerIpPerMinute: 100000 } });
  await asAdmin(server, 'POST', `${PLUGIN_AUTH}/siteplugins`, {
    key: 'dlg-cache',
    name: 'Dialog Cache',
    price: 19.9,
    url: 'https://files.example.com/dlg-cache.zip',
    description: 'A plugin with a price, so the catalog offers Buy',
  });
  shopCookies = (await shopScene(server, SHOP)).cookies;
  await merchantUser(server, 'dlgpending', 'PENDING');
  adminCookies = (await session(server, 'admin', ADMIN_PASSWORD)).cookies;
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

interface Fit {
  dialog: boolean;
  buttonsOutside: string[];
  sideways: boolean;
  /** Height of the dialog beyond what its header, body content and footer need (px). */
  slack: number;
}

/** Measures the open dialog (the top-most el-dialog or message box) against the viewport. */
function measure(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const shown = (el: Element) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed';
    const dialogs = [...document.querySelectorAll('.el-dialog, .el-message-box')].filter(shown);
    const dialog = dialogs[dialogs.length - 1] as HTMLElement;
    const box = dialog.getBoundingClientRect();
    const inside = (b: DOMRect, outer: { left: number; top: number; right: number; bottom: number }) =>
      b.left >= outer.left - 1 && b.top >= outer.top - 1 && b.right <= outer.right + 1 && b.bottom <= outer.bottom + 1;
    const view = { left: 0, top: 0, right: vw, bottom: vh };
    const buttons = [...dialog.querySelectorAll('.el-dialog__footer button, .el-dialog__footer a, .el-message-box__btns button')];
    const parts = ['.el-dialog__header', '.el-dialog__footer', '.el-message-box__header', '.el-message-box__btns'].map(
      (s) => (dialog.querySelector(s) as HTMLElement | null)?.getBoundingClientRect().height ?? 0,
    );
    const body = dialog.querySelector('.el-dialog__body, .el-message-box__content') as HTMLElement | null;
    const style = getComputedStyle(dialog);
    const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    const need = parts.reduce((a, b) => a + b, 0) + (body?.scrollHeight ?? 0) + padding;
    return {
      dialog: inside(box, view),
      buttonsOutside: buttons
        .filter((b) => !inside(b.getBoundingClientRect(), view) || !inside(b.getBoundingClientRect(), box))
        .map((b) => (b as HTMLElement).innerText.trim() || b.outerHTML.slice(0, 60)),
      sideways: document.documentElement.scrollWidth > vw,
      slack: Math.round(box.height - Math.min(need, vh)),
    };
  });
}

/** The dialog that `open` brings up fits (see the file's comment); then Escape closes it. */
async function expectFits(page: Page, where: string, open: () => Promise<unknown>, closeWith: 'escape' | 'none' = 'escape'): Promise<void> {
  await open();
  const dialog = page.locator('.el-dialog:visible, .el-message-box:visible').last();
  await dialog.waitFor();
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.waitForFunction(() => !document.querySelector('.el-dialog .el-loading-mask, .el-dialog [aria-busy=true]'));
  const fit = await measure(page);
  expect({ where, ...fit, slack: fit.slack > 24 ? fit.slack : 0 }).toEqual({
    where,
    dialog: true,
    buttonsOutside: [],
    sideways: false,
    slack: 0,
  });
  if (closeWith === 'escape') {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }
}

async function at(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(path);
  await page.locator(`${ready}:visible`).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.el-loading-mask'));
}

const first = (page: Page, selector: string): Locator => page.locator(`${selector}:visible`).first();
/** A row's (or phone card's) button by its text, in the first row that has one. */
const rowButton = (page: Page, text: string | RegExp): Locator =>
  page.locator('tr.el-table__row:visible, li.dt-card:visible').getByRole('button', { name: text }).first();

const RUNS: Array<{ locale: 'zh-CN' | 'en'; viewport: ViewportName }> = [
  { locale: 'en', viewport: 'phone' },
  { locale: 'zh-CN', viewport: 'phone' },
  { locale: 'zh-CN', viewport: 'desktop' },
];

describe.each(RUNS)('every dialog fits ($locale, $viewport)', ({ locale, viewport }) => {
  const say = catalog(locale);
  const details = say('common.details');

  test('console', async () => {
    const { page, errors } = await newPage(server, { locale, viewport });
    await page.context().addCookies(adminCookies);
    const w = (where: string) => `console ${where} (${locale}, ${viewport})`;

    await at(page, '/console/plugin-auth/catalog', '[data-testid=new-plugin]');
    await expectFits(page, w('new plugin'), () => first(page, '[data-testid=new-plugin]').click());

    await at(page, '/console/plugin-auth/records', '[data-testid=new-record]');
    await expectFits(page, w('new record'), () => first(page, '[data-testid=new-record]').click());

    await at(page, '/console/plugin-auth/codes', '[data-testid=generate-codes]');
    await expectFits(page, w('generate codes'), () => first(page, '[data-testid=generate-codes]').click());

    await at(page, '/console/plugin-auth/permanent-users', '[data-testid=new-permanent-user]');
    await expectFits(page, w('new permanent user'), () => first(page, '[data-testid=new-permanent-user]').click());

    await at(page, '/console/payment/orders', '[data-testid=payment-status]');
    await expectFits(page, w('order details'), () => rowButton(page, details).click());
    await expectFits(page, w('refund'), () => rowButton(page, say('payment.refund.action')).click());

    await at(page, `/console/payment/settlements?merchant=${SHOP}`, '[data-testid=settlement-status]');
    await expectFits(page, w('settle now'), () => first(page, '[data-testid=open-trigger]').click());
    await expectFits(page, w('settlement details'), () => rowButton(page, details).click());
    await expectFits(page, w('reject settlement'), () => rowButton(page, say('settlement.list.reject')).click());

    await at(page, `/console/payment/merchant-ledger?merchant=${SHOP}`, '[data-testid=open-adjust]');
    await expectFits(page, w('adjust balance'), () => first(page, '[data-testid=open-adjust]').click());

    await at(page, '/console/merchants?status=PENDING', '[data-testid=merchant-status]');
    await expectFits(page, w('review merchant'), () => rowButton(page, say('merchant.list.review')).click());
    await at(page, `/console/merchants/${SHOP}`, '[data-testid=edit]');
    await expectFits(page, w('edit merchant'), () => first(page, '[data-testid=edit]').click());

    await at(page, '/console/withdrawals', '[data-testid=withdrawal-status]');
    await expectFits(page, w('withdrawal details'), () => first(page, '[data-testid=withdrawal-details-open]').click());
    await expectFits(page, w('approve withdrawal'), () => first(page, '[data-testid=move-approve]').click());
    await expectFits(page, w('mark paid out'), () => first(page, '[data-testid=move-complete]').click());

    await at(page, '/console/system/users', '[data-testid=new-user]');
    await expectFits(page, w('new user'), () => first(page, '[data-testid=new-user]').click());
    await expectFits(page, w('user roles'), () => first(page, '[data-testid=set-roles]').click());

    await at(page, '/console/system/roles', '[data-testid=grant-role]');
    await expectFits(page, w('grant role'), () => first(page, '[data-testid=grant-role]').click());

    await at(page, '/console/system/outbox', '[data-testid=open-test-email]');
    await expectFits(page, w('test e-mail'), () => first(page, '[data-testid=open-test-email]').click());

    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);

  test('user center', async () => {
    const { page, errors } = await newPage(server, { locale, viewport });
    await page.context().addCookies(shopCookies);
    const w = (where: string) => `uc ${where} (${locale}, ${viewport})`;

    await at(page, '/uc/plugin-auth/catalog', '[data-testid=apply]');
    await expectFits(page, w('apply'), () => first(page, '[data-testid=apply]').click());
    await expectFits(page, w('activate'), () => first(page, '[data-testid=activate]').click());
    await expectFits(page, w('buy'), () => first(page, '[data-testid=buy]').click());

    await at(page, '/uc/merchant/orders', '[data-testid=payment-status]');
    await expectFits(page, w('order details'), () => rowButton(page, details).click());

    await at(page, '/uc/merchant/withdrawal-accounts', '[data-testid=account-add]');
    await expectFits(page, w('add account'), () => first(page, '[data-testid=account-add]').click());

    await at(page, '/uc/tokens', 'form.token-form');
    await page.locator('form.token-form input[name=name]').fill(`dlg-${locale}-${viewport}`);
    await expectFits(page, w('new token'), () => page.locator('form.token-form button[type=submit]').click());

    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);
});
