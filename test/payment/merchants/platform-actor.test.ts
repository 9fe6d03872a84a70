/**
 * Merchant privacy (issue #28 item 10): a merchant's own pages (getMyMerchant, the onboarding answer, their
 * withdrawals) show the administrators who reviewed or moved things as the platform — 平台 / "the platform" —
 * never their user names; the console still shows the names.
 */
import type { MerchantView } from '../../../src/payment/merchants/merchant-view.js';
import { api, CONSOLE, startPaymentServer, UC, type PaymentServer } from '../support/payment-server.js';
import { bankAccount, call, fund, userSession, apply, type Headers, type WithdrawalView } from '../withdrawals/withdrawal-harness.js';

interface MyMerchant {
  merchant?: MerchantView & { history: Array<{ action: string; by: string }> };
}

let server: PaymentServer;
let carol: Headers;

const application = {
  merchantName: 'Carol Shop',
  contactPerson: 'Li Lei',
  contactPhone: '+86 138-0000-0000',
  contactEmail: 'carol@example.com',
  businessType: '软件',
  agreementAccepted: true,
};
const mine = (language: string) => call<MyMerchant>(server, 'GET', `${UC}/merchant`, undefined, { ...carol, 'accept-language': language });

beforeAll(async () => {
  server = await startPaymentServer();
  const settings = await api(server, 'PUT', `${CONSOLE}/merchant-settings`, { enabled: true, onboardingOpen: true, reviewRequired: true });
  expect(settings.status).toBe(200);
  carol = await userSession(server, 'carol');
  const onboarded = await call<MyMerchant>(server, 'POST', `${UC}/merchant`, application, carol);
  expect(onboarded.status).toBe(200);
  expect(onboarded.body.data.merchant?.history).toEqual([expect.objectContaining({ action: 'onboard', by: 'carol' })]);
  expect((await api(server, 'POST', `${CONSOLE}/merchants/carol/approve`, { remark: 'welcome' })).status).toBe(200);
}, 60_000);
afterAll(() => server?.stop());

test('getMyMerchant names the reviewer as the platform in both languages; the console keeps the user name', async () => {
  const consoleView = (await api<MerchantView>(server, 'GET', `${CONSOLE}/merchants/carol`)).body.data;
  const admin = consoleView.reviewedBy!;
  expect(admin).toEqual(expect.any(String));
  expect(['平台', 'the platform']).not.toContain(admin);
  expect(consoleView.history?.map((h) => h.by)).toEqual(['carol', admin]);

  const zh = (await mine('zh-CN')).body.data.merchant!;
  expect(zh.reviewedBy).toBe('平台');
  expect(zh.history.map((h) => [h.action, h.by])).toEqual([
    ['onboard', 'carol'],
    ['approve', '平台'],
  ]);
  const en = (await mine('en')).body.data.merchant!;
  expect(en.reviewedBy).toBe('the platform');
  expect(en.history.map((h) => h.by)).toEqual(['carol', 'the platform']);
  expect(JSON.stringify([zh, en])).not.toContain(`"${admin}"`);
});

test("the merchant's withdrawals show the platform as reviewer and actor; the console shows the administrator", async () => {
  await fund(server.payment.deps, 'carol', 10_000, 'carol-setup');
  const account = await bankAccount(server, carol);
  const applied = await apply(server, carol, account.name, '12.00');
  expect(applied.status).toBe(200);
  expect(applied.body.data.transitions.map((t) => t.actor)).toEqual(['carol']);
  const rejected = await call<WithdrawalView & { reviewedBy: string }>(
    server,
    'POST',
    `${CONSOLE}/withdrawals/${applied.body.data.name}/reject`,
    { remark: 'wrong account' },
  );
  expect(rejected.status).toBe(200);
  const admin = rejected.body.data.reviewedBy;
  expect(rejected.body.data.transitions.map((t) => t.actor)).toEqual(['carol', admin]);

  for (const [language, word] of [
    ['zh-CN', '平台'],
    ['en', 'the platform'],
  ]) {
    const listed = await call<{ items: Array<WithdrawalView & { reviewedBy: string }> }>(server, 'GET', `${UC}/withdrawals`, undefined, {
      ...carol,
      'accept-language': language,
    });
    const own = listed.body.data.items.find((w) => w.name === applied.body.data.name)!;
    expect(own.reviewedBy).toBe(word);
    expect(own.transitions.map((t) => t.actor)).toEqual(['carol', word]);
  }
});
