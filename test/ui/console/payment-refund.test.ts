/**
 * Refunds in the console, in Chromium against the real server, on SANDBOX orders (no credentials needed):
 * in zh-CN at desktop size and in English on a phone, an administrator refunds part of a paid order from the
 * order list (a double click sends one request; sent again after a lost answer, it still refunds once), sees
 * the refund in the order's details with the refunded and refundable amounts, syncs and then resolves by
 * hand a refund the payment service never received, is told at the amount field that a refund above the
 * rest is refused, and refunds the rest: the order ends REFUNDED and its notifyUrl has been told of both
 * refunds. Statuses are words throughout; axe-clean in the dialogs and the details.
 */
import type { Locator, Page } from 'playwright-core';
import { eq } from '../../../src/host/sdk/index.js';
import { PaymentInfo } from '../../../src/payment/orders/types.js';
import { reserveRefund } from '../../../src/payment/refunds/reserve-refund.js';
import { PaymentRefund } from '../../../src/payment/refunds/types.js';
import { paymentService } from '../../../src/payment/service.js';
import { NotifyReceiver } from '../../payment/support/notify-receiver.js';
import { ADMIN_PASSWORD, asAdmin, expectAxeClean, logInThrough, newPage, screenshot, startUiServer, type UiServer } from '../support.js';
import { catalog, type Words } from './catalog.js';

const CONSOLE = '/console.api.payment.authpay.dev/v1alpha1';
const PUBLIC = '/api.payment.authpay.dev/v1alpha1';
/** Enum values that must never reach the page as they are. */
const RAW_WORDS = /\b(PARTIALLY_REFUNDED|REFUNDED|PENDING|SUCCESS|FAILED|CONSOLE|SANDBOX|SIMULATED)\b/;

let server: UiServer;
let receiver: NotifyReceiver;
beforeAll(async () => {
  server = await startUiServer();
  receiver = await new NotifyReceiver().start();
  await asAdmin(server, 'PUT', `${CONSOLE}/settings`, { sandboxEnabled: true, allowPrivateNotifyTargets: true });
  receiver.publicKeyPem = (await asAdmin<{ publicKey: string }>(server, 'GET', `${CONSOLE}/interface-keys/public`)).publicKey;
}, 120_000);
afterAll(async () => {
  await receiver?.stop();
  await server?.stop();
});

/** A SANDBOX order of 12.30 CNY, paid by the simulated payer, telling the receiver. */
async function paidOrder(orderId: string): Promise<string> {
  const created = await asAdmin<{ paymentId: string }>(server, 'POST', `${CONSOLE}/payments`, {
    orderId,
    subject: 'refund UI',
    paymentAmount: '12.30',
    paymentType: 'SANDBOX',
    paymentChannel: 'SIMULATED',
    notifyUrl: receiver.url,
  });
  await asAdmin(server, 'POST', `${PUBLIC}/payments/${created.paymentId}/sandboxPay`, { outcome: 'success' });
  return created.paymentId;
}

const refundsOf = async (paymentId: string) =>
  (await server.runtime.client.list(PaymentRefund, { where: eq('spec.paymentId', paymentId) })).items
    .map((r) => r.spec)
    .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));

/** A row (desktop) or card (phone) holding this marker. */
const rowWith = (scope: Page | Locator, page: Page, marker: string) =>
  scope.locator('tr.el-table__row, li.dt-card').filter({ has: page.locator(marker) });

const message = (page: Page, kind: 'success' | 'error' | 'info') => page.locator(`[data-testid=message][data-kind=${kind}]`).first();

/** axe once Element Plus' enter and leave transitions are over (a fading dialog reads as low contrast). */
async function axeClean(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[class*="-enter-active"], [class*="-leave-active"]'));
  await expectAxeClean(page);
}

async function noRawWords(scope: Locator): Promise<void> {
  expect((await scope.innerText()).match(RAW_WORDS)).toBeNull();
}

describe.each([
  { locale: 'zh-CN', viewport: 'desktop' },
  { locale: 'en', viewport: 'phone' },
] as const)('refunds in the console ($locale, $viewport)', ({ locale, viewport }) => {
  test('part, a lost refund synced and resolved, too much refused at the field, the rest: REFUNDED', async () => {
    const w: Words = catalog(locale);
    const money = (amount: string) => `${locale === 'en' ? 'CN¥' : '¥'}${amount}`;
    const paymentId = await paidOrder(`ui-refund-${locale}-${viewport}`);
    const { page, errors } = await newPage(server, { locale, viewport });
    await logInThrough(page, '/console/', 'admin', ADMIN_PASSWORD);
    await page.goto(`/console/payment/orders?paymentId=${paymentId}`);
    const row = rowWith(page, page, `[data-payment-id="${paymentId}"]`);
    await row
      .locator('[data-testid=payment-status]')
      .filter({ hasText: w('enum.paymentStatus.SUCCESS') })
      .waitFor();

    // ---- part of it, from the list: the rest is offered, a double click makes one refund ----
    await row.getByRole('button', { name: w('payment.refund.action'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: w('payment.refund.title') });
    await dialog.waitFor();
    expect(await dialog.locator('input[name=amount]').inputValue()).toBe('12.30');
    await dialog
      .locator('[data-testid=refund-refundable]')
      .filter({ hasText: money('12.30') })
      .waitFor();
    // The reason is required, at its field, before anything is sent.
    await dialog.locator('[data-testid=refund-submit]').click();
    await dialog
      .locator('[data-field=reason] .el-form-item__error')
      .filter({ hasText: w('payment.refund.reasonRequired') })
      .waitFor();
    await dialog.locator('input[name=amount]').fill('5.00');
    await dialog.locator('input[name=reason]').fill(locale === 'en' ? 'Partly unused' : '部分未使用');
    await axeClean(page);
    if (viewport === 'desktop') await screenshot(page, 'console-payment-refund-desktop');
    // The first answer is lost on the way back (the server refunded): the dialog says the network failed,
    // and sending again carries the same refundId, so the server answers that refund instead of a second one.
    const sent: string[] = [];
    await page.route('**/payments/*/refunds', async (route) => {
      sent.push((route.request().postDataJSON() as { refundId: string }).refundId);
      if (sent.length > 1) return route.continue();
      await route.fetch();
      await route.abort('failed');
    });
    await dialog.locator('[data-testid=refund-submit]').dblclick();
    await dialog
      .locator('[data-testid=message][data-kind=error]')
      .filter({ hasText: w('error.network') })
      .waitFor();
    expect(sent).toHaveLength(1); // the double click sent one request
    await dialog.locator('[data-testid=refund-submit]').click();
    await dialog.waitFor({ state: 'hidden' });
    await message(page, 'success').waitFor();
    await page.unroute('**/payments/*/refunds');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    await page.waitForTimeout(300); // a second refund, had either made one, would exist by now
    const [first] = await refundsOf(paymentId);
    expect((await refundsOf(paymentId)).map((r) => [r.amount, r.status])).toEqual([[500, 'SUCCESS']]);
    expect(await message(page, 'success').innerText()).toContain(
      w('payment.refund.done.SUCCESS', { amount: money('5.00'), refundNo: first.refundNo }),
    );
    await row
      .locator('[data-testid=payment-status]')
      .filter({ hasText: w('enum.paymentStatus.PARTIALLY_REFUNDED') })
      .waitFor();

    // ---- a refund reserved whose call never reached the payment service (a crash in between) ----
    const { refund: lost } = await reserveRefund(
      paymentService.current!.deps,
      paymentId,
      { refundId: `lost-${locale}`, amount: '1.00', reason: 'crash' },
      { actor: 'admin', source: 'CONSOLE' },
    );
    const lostNo = lost.spec.refundNo;

    // ---- the details: amounts, the refunds in words, Sync and Resolve for the PENDING one ----
    const detailsButton = row.getByRole('button', { name: w('common.details') });
    await detailsButton.click();
    const details = page.getByRole('dialog', { name: w('payment.details.title') });
    await details
      .locator('[data-testid=details-status]')
      .filter({ hasText: w('enum.paymentStatus.PARTIALLY_REFUNDED') })
      .waitFor();
    // Refundable: 12.30 − 5.00 refunded − 1.00 held by the PENDING refund.
    await details.getByText(money('6.30'), { exact: true }).first().waitFor();
    const firstRow = rowWith(details, page, `[data-refund-no="${first.refundNo}"]`);
    await firstRow
      .locator('[data-testid=refund-status]')
      .filter({ hasText: w('enum.refundStatus.SUCCESS') })
      .waitFor();
    const by = w('payment.refund.byLine', { by: `admin · ${w('payment.words.refundSource.CONSOLE')}` });
    for (const text of [money('5.00'), by, first.channelRefundNo!]) await firstRow.getByText(text, { exact: true }).first().waitFor();
    await firstRow.getByText(first.reason).first().waitFor();
    const lostRow = rowWith(details, page, `[data-refund-no="${lostNo}"]`);
    await lostRow
      .locator('[data-testid=refund-status]')
      .filter({ hasText: w('enum.refundStatus.PENDING') })
      .waitFor();
    await details
      .getByText(`${w('enum.paymentStatus.SUCCESS')} → ${w('enum.paymentStatus.PARTIALLY_REFUNDED')}`)
      .first()
      .waitFor();
    await details
      .getByText(w('payment.refund.byRefund', { refundNo: first.refundNo }))
      .first()
      .waitFor();
    await noRawWords(details);
    await axeClean(page);

    // Sync: the sandbox has no such refund; within the grace time it stays PENDING, and the page says so.
    await lostRow.getByRole('button', { name: w('payment.refund.syncOf', { refundNo: lostNo }) }).click();
    await details
      .locator('[data-testid=message][data-kind=success]')
      .filter({ hasText: w('payment.refund.synced', { refundNo: lostNo, status: w('enum.refundStatus.PENDING') }) })
      .waitFor();

    // Resolve by hand: a verdict, a remark, and a confirmation that says what follows.
    await lostRow.getByRole('button', { name: w('payment.refund.resolveOf', { refundNo: lostNo }) }).click();
    const resolve = page.getByRole('dialog', { name: w('payment.refund.resolveTitle') });
    await resolve.getByText(w('payment.refund.markFailed'), { exact: true }).click();
    await resolve.locator('input[name=remark]').fill(locale === 'en' ? 'not in the merchant console' : '商户后台没有这笔退款');
    await axeClean(page);
    await resolve.locator('[data-testid=resolve-submit]').click();
    const ask = page
      .getByRole('dialog')
      .filter({ hasText: w('payment.refund.confirmFailed', { refundNo: lostNo, amount: money('1.00') }) });
    await ask.waitFor();
    await axeClean(page);
    await ask.getByRole('button', { name: w('payment.refund.markFailed') }).click();
    await resolve.waitFor({ state: 'hidden' });
    await lostRow
      .locator('[data-testid=refund-status]')
      .filter({ hasText: w('enum.refundStatus.FAILED') })
      .waitFor();
    await lostRow.getByText(w('payment.words.refundFailure.ADMIN'), { exact: false }).first().waitFor();

    // ---- the rest, from the details: too much is refused at the amount field, then the rest ----
    await details.locator('[data-testid=details-refund]').click();
    const rest = page.getByRole('dialog', { name: w('payment.refund.title') });
    await rest.waitFor();
    expect(await rest.locator('input[name=amount]').inputValue()).toBe('7.30');
    await rest.locator('input[name=amount]').fill('7.31');
    await rest.locator('input[name=reason]').fill(locale === 'en' ? 'The rest' : '其余全部');
    await rest.locator('[data-testid=refund-submit]').click();
    const amountError = rest.locator('[data-field=amount] .el-form-item__error');
    await amountError.waitFor();
    expect(await amountError.innerText()).toContain('7.30');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'amount');
    await axeClean(page);
    expect((await refundsOf(paymentId)).length).toBe(2);
    await rest.locator('input[name=amount]').fill('7.30');
    await rest.locator('[data-testid=refund-submit]').click();
    await rest.waitFor({ state: 'hidden' });
    const last = (await refundsOf(paymentId)).at(-1)!;
    expect(last).toMatchObject({ amount: 730, status: 'SUCCESS' });
    await details
      .locator('[data-testid=message][data-kind=success]')
      .filter({ hasText: w('payment.refund.done.SUCCESS', { amount: money('7.30'), refundNo: last.refundNo }) })
      .waitFor();
    await details
      .locator('[data-testid=details-status]')
      .filter({ hasText: w('enum.paymentStatus.REFUNDED') })
      .waitFor();
    await details.locator('[data-testid=details-refund]').waitFor({ state: 'detached' });
    await details.getByText(money('0.00'), { exact: true }).first().waitFor(); // nothing left to refund
    await noRawWords(details);
    await axeClean(page);

    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    await row
      .locator('[data-testid=payment-status]')
      .filter({ hasText: w('enum.paymentStatus.REFUNDED') })
      .waitFor();
    await row.getByRole('button', { name: w('payment.refund.action'), exact: true }).waitFor({ state: 'detached' });
    expect((await server.runtime.client.get(PaymentInfo, paymentId)).spec).toMatchObject({
      status: 'REFUNDED',
      refundedAmount: 1230,
      refundPendingAmount: 0,
    });

    // The business system was told of each refund that went through, signed.
    const told = await eventually(() => {
      const refunded = receiver.forPayment(paymentId).filter((n) => n.body.event === 'payment.refunded');
      return refunded.length === 2 ? refunded : undefined;
    });
    expect(told.every((n) => n.signatureValid)).toBe(true);
    expect(told.map((n) => (n.body.refund as { amount: string }).amount).sort()).toEqual(['5.00', '7.30']);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});

async function eventually<T>(check: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
