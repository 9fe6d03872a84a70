/**
 * Faults a person met on a phone and in a few states (issue 29, items 6 and 10), each checked as they met it:
 *
 * - phones (390×844): the console's users page in English with long role names does not scroll sideways; the
 *   brand is whole in both apps; the menu closes with Escape, gives the focus back and its button stays visible
 *   (it turned into a white box); the onboarding consent is whole; a field error of two lines stays above the
 *   next field's label;
 * - states: a page that cannot load because the server is gone says so; a list's error goes when the same search
 *   is repeated and succeeds; "Mark paid out" opens clean after a refused attempt and drops its "required" once a
 *   remark meets it; paid orders and credited settlements offer no Delete; a saved bank card shows only its last
 *   four digits in the user center; log-in and sign-up are one design.
 */
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, asAdmin, message, newPage, signUp, startUiServer, type UiServer } from './support.js';
import { catalog } from './console/catalog.js';
import { CARD_NUMBER, HOST, session, shopScene, type Cookie } from './scene.js';

const SHOP = 'lfshop';
let server: UiServer;
let adminCookies: Cookie[];
let shopCookies: Cookie[];

beforeAll(async () => {
  server = await startUiServer();
  await asAdmin(server, 'PUT', `${HOST}/settings/host-settings`, { auth: { loginPerIpPerMinute: 100000 } });
  shopCookies = (await shopScene(server, SHOP, { confirmSettlement: true })).cookies;
  // Every role an administrator grants by hand, on one user: English role names are long.
  const roles = await asAdmin<Array<{ name: string; hidden?: boolean; aggregatedInto?: string[] }>>(
    server,
    'GET',
    `${HOST}/roles?includeHidden=true`,
  );
  const grantable = roles.filter((r) => !r.hidden && !r.aggregatedInto?.length).map((r) => r.name);
  await asAdmin(server, 'POST', `${HOST}/users`, {
    username: 'many-roles',
    email: 'many.roles.of.one.person@example.com',
    displayName: 'A person with a rather long display name',
    password: 'many-roles-pw-1',
  });
  await asAdmin(server, 'PUT', `${HOST}/users/many-roles/roles`, { roles: grantable });
  adminCookies = (await session(server, 'admin', ADMIN_PASSWORD)).cookies;
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

async function signedIn(cookies: Cookie[], path: string, options: Parameters<typeof newPage>[1] = {}) {
  const opened = await newPage(server, options);
  await opened.page.context().addCookies(cookies);
  await opened.page.goto(path);
  await opened.page.locator('h1.page__title').waitFor();
  await opened.page.waitForFunction(() => !document.querySelector('.el-loading-mask'));
  return opened;
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The brand's text is whole (not cut with an ellipsis) and inside the viewport. */
const brandWhole = (page: Page) =>
  page
    .locator('.topbar__brand')
    .evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().right <= window.innerWidth);

/** Relative luminance of a CSS colour (rgb/rgba over the dark top bar). */
function luminance(css: string): number {
  const [r, g, b, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
  // Over the top bar (#1f2937): mix a translucent colour with it.
  const mix = (c: number, bar: number) => (a * c + (1 - a) * bar) / 255;
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(mix(r, 31)) + 0.7152 * lin(mix(g, 41)) + 0.0722 * lin(mix(b, 55));
}

describe('on a phone (390×844, English)', () => {
  test('users with long role names: no sideways scroll; the brand is whole; the menu closes with Escape, stays visible', async () => {
    const { page, errors } = await signedIn(adminCookies, '/console/system/users', { locale: 'en', viewport: 'phone' });
    await page.locator('[data-user=many-roles]').first().waitFor();
    expect({ sideways: await sideways(page) }).toEqual({ sideways: 0 });
    expect(await brandWhole(page)).toBe(true);

    const menu = page.locator('.topbar__menu');
    await menu.click();
    await page.locator('#app-tabs').waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    // The open menu's button: its icon and its background are far apart (it was white on white).
    const look = await menu.evaluate((el) => ({ bg: getComputedStyle(el).backgroundColor, fg: getComputedStyle(el).color }));
    const contrast = (Math.max(luminance(look.fg), luminance(look.bg)) + 0.05) / (Math.min(luminance(look.fg), luminance(look.bg)) + 0.05);
    expect({ look, enough: contrast >= 3 }).toEqual({ look, enough: true });
    await page.locator('#app-tabs a').first().focus();
    await page.keyboard.press('Escape');
    await page.locator('#app-tabs').waitFor({ state: 'hidden' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  test('user center: the brand and the onboarding consent are whole; a two-line field error stays above the next label', async () => {
    const { page, errors } = await newPage(server, { locale: 'en', viewport: 'phone' });
    await signUp(page, 'phone-onboarder');
    expect(await brandWhole(page)).toBe(true);
    await page.goto('/uc/merchant');
    const consent = page.locator('[data-field=agreementAccepted] .el-checkbox');
    await consent.waitFor();
    const cut = await consent.evaluate((box) => {
      const label = box.querySelector('.el-checkbox__label') as HTMLElement;
      return {
        clipped: label.scrollWidth > label.clientWidth + 1 || label.getBoundingClientRect().right > window.innerWidth,
        outsideForm: box.getBoundingClientRect().right > (box.closest('form') as HTMLElement).getBoundingClientRect().right + 1,
      };
    });
    expect(cut).toEqual({ clipped: false, outsideForm: false });
    expect(await sideways(page)).toBe(0);
    await page.context().clearCookies();

    // Sign-up with a user name the server refuses: its message takes two lines at the field.
    await page.goto('/uc/signup');
    await page.fill('input[name=username]', 'not a name!');
    await page.fill('input[name=email]', 'not-a-name@example.com');
    await page.fill('input[name=password]', 'not-a-name-password-1');
    await page.locator('form button[type=submit]').click();
    const error = page.locator('[data-field=username] .el-form-item__error');
    await error.waitFor();
    const place = await error.evaluate((el) => {
      const next = el.closest('.el-form-item')!.nextElementSibling!.querySelector('.el-form-item__label')!;
      return {
        height: el.getBoundingClientRect().height,
        bottom: el.getBoundingClientRect().bottom,
        nextTop: next.getBoundingClientRect().top,
      };
    });
    expect(place.height).toBeGreaterThan(24); // two lines, or the check below proves nothing
    expect({ overlaps: place.bottom > place.nextTop }).toEqual({ overlaps: false });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});

describe('states (English, desktop)', () => {
  const w = catalog('en');

  test('a page that cannot load because the server is gone says so in the message region', async () => {
    const { page } = await signedIn(adminCookies, '/console/system/users', { locale: 'en' });
    await page.context().setOffline(true);
    await page
      .getByRole('navigation', { name: w('layout.subNav') })
      .getByRole('link', { name: w('nav.jobs') })
      .click();
    await message(page, w('navigation.pageLoadFailed'));
    expect(new URL(page.url()).pathname).toBe('/console/system/users');
    await page.context().close();
  }, 60_000);

  test('a list that failed loads again when the same search is repeated, and its error goes', async () => {
    const { page } = await signedIn(adminCookies, '/console/system/users?keyword=many', { locale: 'en' });
    await page.locator('[data-user=many-roles]').first().waitFor();
    let fail = true;
    await page.route('**/apis/console.api.host.authpay.dev/v1alpha1/users?**', (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, code: 'INTERNAL', message: 'list broke' }),
          })
        : route.continue(),
    );
    const search = page.locator('form').getByRole('button', { name: w('common.search') });
    await page.locator('input[name=keyword]').fill('many-roles');
    await search.click();
    await message(page, 'list broke');
    fail = false;
    await search.click(); // the same search again: same URL
    await page.locator('[data-testid=message]').waitFor({ state: 'detached' });
    await page.locator('[data-user=many-roles]').first().waitFor();
    await page.context().close();
  }, 60_000);

  test('"Mark paid out" opens clean after a refused attempt, and its "required" goes once a remark meets it', async () => {
    const { page } = await signedIn(adminCookies, '/console/withdrawals', { locale: 'en' });
    const open = () => page.locator('[data-testid=move-complete]:visible').first().click();
    await open();
    const dialog = page.getByRole('dialog', { name: w('withdrawal.move.action.complete') });
    await dialog.locator('[data-testid=withdrawal-move-submit]').click();
    await dialog.getByText(w('withdrawal.move.serialRequired')).waitFor();
    await dialog.getByRole('button', { name: w('common.cancel') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await open();
    await dialog.locator('input[name=payoutSerial]').waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await dialog.locator('.el-form-item__error').count()).toBe(0);
    // Refused again, then a remark (a serial number or a remark is needed): the "required" goes at once.
    await dialog.locator('[data-testid=withdrawal-move-submit]').click();
    await dialog.getByText(w('withdrawal.move.serialRequired')).waitFor();
    await dialog.locator('textarea[name=remark]').fill('paid by hand at the bank counter');
    await dialog.getByText(w('withdrawal.move.serialRequired')).waitFor({ state: 'detached' });
    await page.context().close();
  }, 60_000);

  test('paid orders and credited settlements offer no Delete; a credited settlement offers its reversal', async () => {
    const { page } = await signedIn(adminCookies, `/console/payment/orders?status=SUCCESS`, { locale: 'en' });
    const rows = page.locator('tr.el-table__row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.getByRole('button', { name: w('common.delete'), exact: true }).count()).toBe(0);

    await page.goto(`/console/payment/settlements?merchant=${SHOP}`);
    const credited = page.locator('tr.el-table__row').filter({ hasText: w('enum.settlementStatus.SUCCESS') });
    await credited.first().waitFor();
    expect(await credited.getByRole('button', { name: w('common.delete'), exact: true }).count()).toBe(0);
    // What the state allows stays, named for what it does: a credited settlement is reversed, with a reason.
    await credited
      .first()
      .getByRole('button', { name: w('settlement.list.reverse'), exact: true })
      .click();
    await page.getByRole('dialog', { name: w('settlement.remarkDialog.deleteTitle') }).waitFor();
    await page.context().close();

    const uc = await signedIn(shopCookies, '/uc/merchant/orders', { locale: 'en' });
    const mine = uc.page.locator('tr.el-table__row');
    await mine.first().waitFor();
    expect(await mine.getByRole('button', { name: w('common.delete'), exact: true }).count()).toBe(0);
    await uc.page.context().close();
  }, 60_000);

  test('a saved bank card shows only its last four digits on the withdrawal pages', async () => {
    const { page } = await signedIn(shopCookies, '/uc/merchant/withdrawal-accounts', { locale: 'en' });
    await page.locator('[data-testid=account-number]:visible').first().waitFor();
    const last4 = CARD_NUMBER.slice(-4);
    expect(await page.locator('[data-testid=withdrawal-accounts]').innerText()).toContain(last4);
    expect(await page.locator('body').innerText()).not.toContain(CARD_NUMBER);
    // The edit dialog does not show it either; left empty it keeps the card.
    await page
      .getByRole('button', { name: w('common.edit') })
      .first()
      .click();
    const dialog = page.locator('.el-dialog:visible');
    await dialog.locator('input[name=accountNumber]').waitFor();
    expect(await dialog.locator('input[name=accountNumber]').inputValue()).toBe('');
    expect(await dialog.locator('input[name=accountNumber]').getAttribute('placeholder')).toContain(last4);
    await dialog.locator('[data-testid=account-save]').click();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto('/uc/merchant/withdrawals');
    await page.locator('[data-testid=withdrawal-status]:visible').first().waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain(last4);
    expect(text).not.toContain(CARD_NUMBER);
    await page.context().close();
  }, 60_000);

  test('log-in and sign-up are one design: the same brand, card, title, fields and button', async () => {
    const { page } = await newPage(server, { locale: 'en' });
    const look = () =>
      page.evaluate(() => {
        const card = document.querySelector('.auth-card, .signup__form') as HTMLElement;
        const style = (el: Element | null) => (el ? getComputedStyle(el) : null);
        const button = card.querySelector('button[type=submit]')!;
        const input = card.querySelector('input:not([type=hidden])')!;
        return {
          brand: (document.querySelector('.auth-brand, .signup__brand') as HTMLElement | null)?.innerText.trim(),
          cardWidth: Math.round(card.getBoundingClientRect().width),
          cardPadding: style(card)!.paddingTop,
          cardRadius: style(card)!.borderTopLeftRadius,
          titleSize: style(card.querySelector('h1'))!.fontSize,
          buttonColour: style(button)!.backgroundColor,
          buttonHeight: Math.round(button.getBoundingClientRect().height),
          inputHeight: Math.round((input.closest('.el-input__wrapper') ?? input).getBoundingClientRect().height),
          font: style(document.body)!.fontFamily.split(',')[0],
          // The page's colour behind the card: the body's, else the root's (the apps paint :root).
          background: [document.body, document.documentElement]
            .map((el) => style(el)!.backgroundColor)
            .find((c) => c !== 'rgba(0, 0, 0, 0)'),
        };
      });
    await page.goto('/login?lang=en');
    const login = await look();
    await page.goto('/uc/signup');
    await page.locator('.signup__form').waitFor();
    const signup = await look();
    expect(signup).toEqual(login);
    await page.context().close();
  }, 60_000);
});
