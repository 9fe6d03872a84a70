import {
  anonymous,
  api,
  BOOTSTRAP_TOKEN,
  configure,
  CONSOLE,
  eventually,
  PUBLIC,
  startPaymentServer,
  UC,
  type PaymentServer,
} from '../support/payment-server.js';
import { Merchant } from '../../../src/payment/merchants/types.js';
import type { MerchantView } from '../../../src/payment/merchants/merchant-view.js';
import { PaymentInfo } from '../../../src/payment/orders/types.js';
import type { Resource } from '../../../src/host/resource/types.js';

type Binding = Resource & { subjects?: Array<{ kind: string; name: string }>; roleRef: { name: string } };
interface MyMerchant {
  merchant?: MerchantView;
  paymentId?: string;
  payUrl?: string;
  onboarding: { businessTypes: Array<{ value: string; label: string; i18n?: { en?: { label?: string } } }>; agreementTerms: string };
}

let server: PaymentServer;
const users: Record<string, Record<string, string>> = {};
const ROLE = 'role-template-payment-platform-manage';
const admin = { authorization: `Bearer ${BOOTSTRAP_TOKEN}` };

async function userHeaders(username: string): Promise<Record<string, string>> {
  const created = await api(server, 'POST', '/apis/console.api.host.authpay.dev/v1alpha1/users', {
    username,
    email: `${username}@example.com`,
    password: 'user-password-1',
  });
  expect(created.status).toBe(201);
  const login = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'user-password-1' }),
  });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]);
  return { cookie: cookies.join('; '), 'x-xsrf-token': csrf };
}

const application = (over: Record<string, unknown> = {}) => ({
  merchantName: 'Shop',
  contactPerson: 'Li Lei',
  contactPhone: '+86 138-0000-0000',
  contactEmail: 'shop@example.com',
  businessType: '软件',
  description: 'plugins',
  agreementAccepted: true,
  ...over,
});

const merchantSettings = (patch: Record<string, unknown>) => api(server, 'PUT', `${CONSOLE}/merchant-settings`, patch);
const binding = (username: string) => server.runtime.client.fetch<Binding>('RoleBinding', `payment-merchant-${username}`);
const client = () => server.runtime.client;

beforeAll(async () => {
  server = await startPaymentServer();
  await configure(server, { sandboxEnabled: true });
  for (const name of ['alice', 'bob', 'carol', 'dave', 'erin']) users[name] = await userHeaders(name);
}, 60_000);
afterAll(() => server?.stop());

describe('merchant settings', () => {
  test('read with defaults; written flat; terms sanitised; bad values and unknown roles refused', async () => {
    const initial = (await api<Record<string, unknown>>(server, 'GET', `${CONSOLE}/merchant-settings`)).body.data;
    expect(initial).toMatchObject({
      enabled: false,
      onboardingOpen: true,
      reviewRequired: true,
      merchantRole: ROLE,
      defaultFeeRate: '0.60',
    });
    const written = await merchantSettings({ agreementTerms: '<p>Terms</p><script>alert(1)</script><img src=x onerror=alert(1)>' });
    expect(written.status).toBe(200);
    const terms = (written.body.data as { agreementTerms: string }).agreementTerms;
    expect(terms).toContain('<p>Terms</p>');
    expect(terms).not.toMatch(/script|onerror/);
    for (const bad of [
      { defaultFeeRate: '0.605' },
      { accountOpeningFee: '-1' },
      { settlementCron: 'every day' },
      { merchantRole: 'no-such-role' },
    ]) {
      const res = await merchantSettings(bad);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    // The payment settings form does not carry the merchant group; its operations refuse merchant keys.
    const payment = (await api<{ forms: Array<{ group: string }> }>(server, 'GET', `${CONSOLE}/settings`)).body.data;
    expect(payment.forms.map((f) => f.group)).not.toContain('merchant');
  });
});

describe('onboarding', () => {
  test('refused while the platform is off or onboarding closed, and for bad input; nothing is created', async () => {
    const off = await api(server, 'POST', `${UC}/merchant`, application(), users.alice);
    expect([off.status, off.body.code]).toEqual([403, 'MERCHANT_PLATFORM_DISABLED']);
    await merchantSettings({ enabled: true, onboardingOpen: false });
    const closed = await api(server, 'POST', `${UC}/merchant`, application(), { ...users.alice, 'accept-language': 'en' });
    expect([closed.status, closed.body.code, closed.body.message]).toEqual([
      403,
      'MERCHANT_ONBOARDING_CLOSED',
      'merchant onboarding is closed',
    ]);
    await merchantSettings({ onboardingOpen: true, reviewRequired: false });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ agreementAccepted: false }, 'agreementAccepted'],
      [{ businessType: '赌博' }, 'businessType'],
      [{ contactPhone: 'call me' }, 'contactPhone'],
      [{ contactEmail: 'not-an-email' }, 'contactEmail'],
    ];
    for (const [over, field] of cases) {
      const res = await api<unknown>(server, 'POST', `${UC}/merchant`, application(over), users.alice);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    expect(await client().fetch(Merchant, 'alice')).toBeUndefined();
  });

  test('no fee and no review: ACTIVE at once, holding the merchant role; a second onboarding is refused', async () => {
    const res = await api<MyMerchant>(server, 'POST', `${UC}/merchant`, application(), users.alice);
    expect(res.status).toBe(200);
    expect(res.body.data.merchant).toMatchObject({ name: 'alice', username: 'alice', status: 'ACTIVE' });
    await eventually(async () => (await binding('alice'))?.roleRef.name === ROLE);
    const again = await api(server, 'POST', `${UC}/merchant`, application(), users.alice);
    expect([again.status, again.body.code]).toEqual([409, 'MERCHANT_EXISTS']);
  });

  test('a fee: one order until paid (never a second), the merchant follows its SUCCESS as PENDING', async () => {
    await merchantSettings({ accountOpeningFee: '9.90', reviewRequired: true });
    const first = (await api<MyMerchant>(server, 'POST', `${UC}/merchant`, application({ merchantName: 'Bob Shop' }), users.bob)).body.data;
    expect(first.merchant).toBeUndefined();
    expect(first.paymentId).toBeTruthy();
    expect(first.payUrl).toContain(`/payment/${first.paymentId}`);
    // The payment page leads back to the merchant page of the user center, on the site of the payment page.
    expect((await client().get(PaymentInfo, first.paymentId!)).spec.returnUrl).toBe(`${new URL(first.payUrl!).origin}/uc/merchant`);
    const second = (await api<MyMerchant>(server, 'POST', `${UC}/merchant`, application({ merchantName: 'Bob Shop 2' }), users.bob)).body
      .data;
    expect(second.paymentId).toBe(first.paymentId);
    const mine = (await api<MyMerchant>(server, 'GET', `${UC}/merchant`, undefined, users.bob)).body.data;
    expect(mine.paymentId).toBe(first.paymentId);
    // The offered types: stable values with a label per language (issue #29 item 7).
    expect(mine.onboarding.businessTypes.map((type) => [type.value, type.i18n?.en?.label])).toEqual([
      ['软件', 'Software'],
      ['数字内容', 'Digital content'],
      ['服务', 'Services'],
      ['其他', 'Other'],
    ]);
    expect(await client().fetch(Merchant, 'bob')).toBeUndefined();

    const paid = await api(server, 'POST', `${PUBLIC}/payments/${first.paymentId}/sandboxPay`, { outcome: 'success' }, anonymous);
    expect(paid.status).toBe(200);
    const merchant = await eventually(() => client().fetch(Merchant, 'bob'));
    expect(merchant.spec).toMatchObject({ status: 'PENDING', merchantName: 'Bob Shop 2', username: 'bob' });
    const after = await api(server, 'POST', `${UC}/merchant`, application(), users.bob);
    expect([after.status, after.body.code]).toEqual([409, 'MERCHANT_EXISTS']);
    const feeOrders = (await client().list(PaymentInfo)).items.filter((o) => o.spec.orderId.startsWith('merchant-fee.bob.'));
    expect(feeOrders.map((o) => o.spec.status)).toEqual(['SUCCESS']);
    // Used up: a merchant deleted later is not brought back from this order.
    await eventually(async () => (await client().get(PaymentInfo, feeOrders[0].metadata.name)).spec.additionalData?.merchantCreatedAt);
    expect(feeOrders[0].spec.paymentAmount).toBe(990);
    expect(await binding('bob')).toBeUndefined();
  });
});

describe('fee orders', () => {
  test('a closed fee order makes room for the next attempt; the paid one creates the merchant once', async () => {
    await merchantSettings({ accountOpeningFee: '1.00', reviewRequired: true });
    const first = (await api<MyMerchant>(server, 'POST', `${UC}/merchant`, application(), users.dave)).body.data;
    const closed = await api(server, 'POST', `${UC}/payments/${first.paymentId}/close`, undefined, users.dave);
    expect(closed.status).toBe(200);
    expect((await api<MyMerchant>(server, 'GET', `${UC}/merchant`, undefined, users.dave)).body.data.paymentId).toBeUndefined();
    const second = (await api<MyMerchant>(server, 'POST', `${UC}/merchant`, application(), users.dave)).body.data;
    expect(second.paymentId).not.toBe(first.paymentId);
    const orders = (await client().list(PaymentInfo)).items.filter((o) => o.spec.orderId.startsWith('merchant-fee.dave.'));
    expect(orders.map((o) => o.spec.orderId).sort()).toEqual(['merchant-fee.dave.1', 'merchant-fee.dave.2']);
    await api(server, 'POST', `${PUBLIC}/payments/${second.paymentId}/sandboxPay`, { outcome: 'success' }, anonymous);
    const mine = await eventually(
      async () => (await api<MyMerchant>(server, 'GET', `${UC}/merchant`, undefined, users.dave)).body.data.merchant,
    );
    expect(mine).toMatchObject({ name: 'dave', status: 'PENDING' });
    await server.payment.merchants.settled();
    const rejected = await api<MerchantView>(server, 'POST', `${CONSOLE}/merchants/dave/reject`, { remark: 'duplicate' });
    expect(rejected.body.data.status).toBe('REJECTED');
    // Deleted by an administrator: the used fee order does not bring it back.
    await client().delete(Merchant, 'dave');
    expect((await api<MyMerchant>(server, 'GET', `${UC}/merchant`, undefined, users.dave)).body.data.merchant).toBeUndefined();
    expect(await client().fetch(Merchant, 'dave')).toBeUndefined();
    await merchantSettings({ accountOpeningFee: '0' });
  });
});

describe('review and lifecycle', () => {
  test('list and filter; approve with a remark (who and when, a message to the user); illegal moves name the status', async () => {
    const pending = (await api<{ items: MerchantView[] }>(server, 'GET', `${CONSOLE}/merchants?status=PENDING`)).body.data;
    expect(pending.items.map((m) => m.name)).toEqual(['bob']);
    const byKeyword = (await api<{ items: MerchantView[] }>(server, 'GET', `${CONSOLE}/merchants?keyword=BOB%20SHOP`)).body.data;
    expect(byKeyword.items.map((m) => m.name)).toEqual(['bob']);
    const none = (await api<{ total: number }>(server, 'GET', `${CONSOLE}/merchants?businessType=${encodeURIComponent('服务')}`)).body.data;
    expect(none.total).toBe(0);

    const noRemark = await api(server, 'POST', `${CONSOLE}/merchants/bob/approve`, {});
    expect(noRemark.status).toBe(400);
    const suspendPending = await api(
      server,
      'POST',
      `${CONSOLE}/merchants/bob/suspend`,
      { remark: 'x' },
      { ...admin, 'accept-language': 'en' },
    );
    expect([suspendPending.status, suspendPending.body.code]).toEqual([409, 'MERCHANT_STATE_CONFLICT']);
    expect(suspendPending.body.message).toContain('PENDING');

    const approved = await api<MerchantView>(server, 'POST', `${CONSOLE}/merchants/bob/approve`, { remark: 'welcome' });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'ACTIVE', reviewRemark: 'welcome', reviewedBy: expect.any(String) });
    expect(Date.parse(approved.body.data.reviewedAt!)).not.toBeNaN();
    const repeat = await api<MerchantView>(server, 'POST', `${CONSOLE}/merchants/bob/approve`, { remark: 'again' });
    expect(repeat.body.data).toMatchObject({ status: 'ACTIVE', reviewRemark: 'welcome', reviewedAt: approved.body.data.reviewedAt });
    const reject = await api(server, 'POST', `${CONSOLE}/merchants/bob/reject`, { remark: 'no' });
    expect([reject.status, reject.body.code]).toEqual([409, 'MERCHANT_STATE_CONFLICT']);
    await eventually(async () => (await binding('bob'))?.roleRef.name === ROLE);
    // The history: the user's onboarding, then the approval (repeats and refusals add nothing).
    const history = (await api<MerchantView>(server, 'GET', `${CONSOLE}/merchants/bob`)).body.data.history;
    expect(history).toEqual([
      { action: 'onboard', to: 'PENDING', by: 'bob', at: expect.any(String) },
      {
        action: 'approve',
        from: 'PENDING',
        to: 'ACTIVE',
        remark: 'welcome',
        by: approved.body.data.reviewedBy,
        at: approved.body.data.reviewedAt,
      },
    ]);

    const messages = (await client().list('OutboxMessage')).items.filter((m) =>
      [(m.spec as { username?: string }).username, (m.spec as { recipient?: string }).recipient].includes('bob'),
    );
    expect(messages.some((m) => String((m.spec as { text: string }).text).includes('welcome'))).toBe(true);
  });

  test('suspend revokes the role, activate grants it again; reject of a pending merchant keeps it without the role', async () => {
    expect((await api<MerchantView>(server, 'POST', `${CONSOLE}/merchants/bob/suspend`, { remark: 'audit' })).body.data.status).toBe(
      'SUSPENDED',
    );
    await eventually(async () => (await binding('bob')) === undefined);
    const platform = await api(server, 'POST', `${CONSOLE}/merchants/bob/activate`, {});
    expect((platform.body.data as MerchantView).status).toBe('ACTIVE');
    await eventually(async () => (await binding('bob')) !== undefined);

    await merchantSettings({ accountOpeningFee: '0' });
    await api(server, 'POST', `${UC}/merchant`, application({ businessType: '服务' }), users.carol);
    const rejected = await api<MerchantView>(server, 'POST', `${CONSOLE}/merchants/carol/reject`, { remark: 'incomplete' });
    expect(rejected.body.data.status).toBe('REJECTED');
    const approveRejected = await api(server, 'POST', `${CONSOLE}/merchants/carol/approve`, { remark: 'x' });
    expect([approveRejected.status, approveRejected.body.code]).toEqual([409, 'MERCHANT_STATE_CONFLICT']);
    expect(await binding('carol')).toBeUndefined();
  });

  test('concurrent approvals: one decision, one message', async () => {
    await merchantSettings({ reviewRequired: true, accountOpeningFee: '0' });
    expect((await api(server, 'POST', `${UC}/merchant`, application(), users.erin)).status).toBe(200);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => api<MerchantView>(server, 'POST', `${CONSOLE}/merchants/erin/approve`, { remark: `ok ${n}` })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.reviewRemark)).size).toBe(1);
    const messages = (await client().list('OutboxMessage')).items
      .map((m) => m.spec as { dedupeKey?: string; html?: string })
      .filter((m) => m.dedupeKey?.startsWith('merchant-status:erin:'));
    expect(new Set(messages.map((m) => m.dedupeKey)).size).toBe(1);
    // The status in the apps' word (enum.merchantStatus), never the code beside it.
    expect(messages[0].html).toContain('<b>正常</b>');
    expect(messages[0].html).not.toContain('ACTIVE');
  });

  test('updateMerchant edits the profile and sets or clears the individual fee rate', async () => {
    const set = await api<MerchantView>(server, 'PUT', `${CONSOLE}/merchants/bob`, { merchantName: 'Bob Ltd', feeRate: '1.25' });
    expect(set.body.data).toMatchObject({ merchantName: 'Bob Ltd', feeRateBasisPoints: 125, feeRate: '1.25', status: 'ACTIVE' });
    const cleared = await api<MerchantView>(server, 'PUT', `${CONSOLE}/merchants/bob`, { feeRate: null });
    expect(cleared.body.data.feeRateBasisPoints).toBeUndefined();
    for (const bad of [{ feeRate: '0.123' }, { businessType: 'casino' }, { status: 'ACTIVE' }]) {
      expect((await api(server, 'PUT', `${CONSOLE}/merchants/bob`, bad)).status).toBe(400);
    }
    expect((await api(server, 'GET', `${CONSOLE}/merchants/nobody`)).status).toBe(404);
  });
});

describe('role reconciler', () => {
  test('a status written without its binding (a crash in between) heals; a deleted binding comes back', async () => {
    // What a process killed after the status write leaves behind: ACTIVE without a binding.
    await client().patch(Merchant, 'carol', { spec: { status: 'ACTIVE' } });
    await eventually(async () => (await binding('carol'))?.roleRef.name === ROLE);
    await client().delete('RoleBinding', 'payment-merchant-carol');
    await eventually(async () => (await binding('carol')) !== undefined);
    // SUSPENDED written without revoking: the binding goes.
    await client().patch(Merchant, 'carol', { spec: { status: 'SUSPENDED' } });
    await eventually(async () => (await binding('carol')) === undefined);
    expect((await client().get(Merchant, 'carol')).status?.roleBound).toBe(false);
  });

  test('a binding of the merchant role added by hand for a suspended merchant is revoked; a role change moves every binding', async () => {
    await client().create({
      apiVersion: 'host.authpay.dev/v1alpha1',
      kind: 'RoleBinding',
      metadata: { name: `carol-${ROLE}-binding` },
      subjects: [{ kind: 'User', name: 'carol' }],
      roleRef: { kind: 'Role', name: ROLE },
    } as Binding);
    await eventually(async () => (await client().fetch('RoleBinding', `carol-${ROLE}-binding`)) === undefined);

    await client().create({
      apiVersion: 'host.authpay.dev/v1alpha1',
      kind: 'Role',
      metadata: { name: 'merchant-role-2' },
      rules: [{ apiGroups: ['platform.api.payment.authpay.dev'], resources: ['*'], verbs: ['*'] }],
    } as Resource);
    expect((await merchantSettings({ merchantRole: 'merchant-role-2' })).status).toBe(200);
    await eventually(
      async () =>
        (await binding('alice'))?.roleRef.name === 'merchant-role-2' && (await binding('bob'))?.roleRef.name === 'merchant-role-2',
    );
    expect(await binding('carol')).toBeUndefined();
  });
});

test('the operations are in /openapi.json', async () => {
  const doc = (await api(server, 'GET', '/openapi.json')).text;
  for (const id of [
    'getMerchantSettings',
    'updateMerchantSettings',
    'onboardMerchant',
    'getMyMerchant',
    'listMerchants',
    'getMerchant',
    'approveMerchant',
    'rejectMerchant',
    'suspendMerchant',
    'activateMerchant',
    'updateMerchant',
  ])
    expect(doc).toContain(`"${id}"`);
});
