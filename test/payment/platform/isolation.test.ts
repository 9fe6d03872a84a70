/**
 * Two merchants never see each other's orders, by any path, over real HTTP: the platform API (another
 * merchant's payment number or order number, a `platform` or `username` in a query or body), the user-center
 * order operations, and the generic resource API (`/apis/payment.authpay.dev/…`: list, get, watch) with a
 * merchant's session, its API key (a token restricted to the platform group) and an unrestricted token.
 * The merchants are made the way onboarding makes them (ACTIVE, the merchant role bound by the reconciler).
 */
import {
  api,
  configure,
  CONSOLE,
  eventually,
  UC,
  startPaymentServer,
  type Answer,
  type ListResult,
  type PaymentServer,
  type PaymentView,
} from '../support/payment-server.js';
import { Merchant } from '../../../src/payment/merchants/types.js';
import { PaymentInfo } from '../../../src/payment/orders/types.js';

const PLATFORM_GROUP = 'platform.api.payment.authpay.dev';
const PLATFORM = `/apis/${PLATFORM_GROUP}/v1alpha1`;
const GENERIC = '/apis/payment.authpay.dev/v1alpha1';
const HOST_CONSOLE = '/apis/console.api.host.authpay.dev/v1alpha1';
const HOST_UC = '/apis/uc.api.host.authpay.dev/v1alpha1';

let server: PaymentServer;

interface MerchantCredentials {
  session: Record<string, string>;
  /** An API key: a token restricted to the platform group. */
  key: Record<string, string>;
  /** A token with every right of the user. */
  token: Record<string, string>;
  orders: Record<string, PaymentView>;
}
const m: Record<'ma' | 'mb', MerchantCredentials> = {} as never;

async function login(username: string): Promise<Record<string, string>> {
  const res = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'user-password-1' }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]);
  return { cookie: cookies.join('; '), 'x-xsrf-token': csrf };
}

async function tokenOf(session: Record<string, string>, body: Record<string, unknown>): Promise<Record<string, string>> {
  const res = await api<{ token: string }>(server, 'POST', `${HOST_UC}/personalaccesstokens`, body, session);
  expect(res.status).toBe(201);
  return { authorization: `Bearer ${res.body.data.token}` };
}

/** A user with an ACTIVE merchant (named by the user), once the reconciler has bound the merchant role. */
async function merchant(username: string): Promise<MerchantCredentials> {
  const created = await api(server, 'POST', `${HOST_CONSOLE}/users`, {
    username,
    email: `${username}@example.com`,
    password: 'user-password-1',
  });
  expect(created.status).toBe(201);
  await server.payment.deps.client.create(Merchant, {
    metadata: { name: username },
    spec: {
      merchantName: `${username} shop`,
      contactPerson: username,
      contactPhone: '+86 138 0000 0000',
      contactEmail: `${username}@example.com`,
      businessType: '软件',
      agreementAccepted: true,
      username,
      status: 'ACTIVE',
    },
  });
  await eventually(async () => (await server.payment.deps.client.fetch(Merchant, username))?.status?.roleBound);
  const session = await login(username);
  return {
    session,
    key: await tokenOf(session, { name: 'api key', apiGroups: [PLATFORM_GROUP] }),
    token: await tokenOf(session, { name: 'everything' }),
    orders: {},
  };
}

const order = (orderId: string, who = 'ma') => ({
  orderId,
  subject: `${who}'s order ${orderId}`,
  paymentAmount: '9.90',
  paymentType: 'SANDBOX',
  paymentChannel: 'SIMULATED',
});

const platform = <T = PaymentView>(who: 'ma' | 'mb', method: string, path: string, json?: unknown, via: 'key' | 'session' = 'key') =>
  api<T>(server, method, `${PLATFORM}${path}`, json, m[who][via]);

/**
 * An answer tells nothing of the other merchant's orders: no payment number, order number or subject of
 * theirs, except a value the caller sent itself (a "not found" may name what was asked for).
 */
function blind(res: Answer<unknown>, other: MerchantCredentials, asked = ''): void {
  for (const o of Object.values(other.orders)) {
    // SAME-1 is an order number both merchants use: only its payment number and subject are the other's.
    for (const value of [o.paymentId, o.orderId === 'SAME-1' ? '' : o.orderId, o.subject]) {
      if (value && !asked.includes(value)) expect(res.text).not.toContain(value);
    }
  }
}

beforeAll(async () => {
  server = await startPaymentServer();
  await configure(server, { sandboxEnabled: true });
  expect((await api(server, 'PUT', `${CONSOLE}/merchant-settings`, { enabled: true })).status).toBe(200);
  m.ma = await merchant('ma');
  m.mb = await merchant('mb');
  for (const who of ['ma', 'mb'] as const) {
    for (const orderId of [`${who}-open`, `${who}-closed`, 'SAME-1']) {
      const res = await platform(who, 'POST', '/initiatePayment', order(orderId, who));
      expect(res.status).toBe(200);
      m[who].orders[orderId] = res.body.data;
    }
    const closed = await platform(who, 'POST', '/closePayment', { orderId: `${who}-closed` });
    expect(closed.body.data.status).toBe('FAILED');
  }
}, 90_000);
afterAll(() => server?.stop());

describe('the platform API', () => {
  test("another merchant's payment number, order number or platform reaches nothing", async () => {
    const theirs = m.mb.orders;
    for (const via of ['key', 'session'] as const) {
      const cases: Array<[string, string, unknown, number]> = [
        ['GET', `/queryPaymentByPaymentId?paymentId=${theirs['mb-open'].paymentId}`, undefined, 404],
        ['GET', '/queryPaymentByOrderId?orderId=mb-open', undefined, 404],
        ['GET', '/queryPaymentByOrderId?orderId=mb-open&platform=mb', undefined, 400],
        ['GET', '/listPaymentInfo?platform=mb', undefined, 400],
        ['GET', '/listPaymentInfo?username=mb', undefined, 400],
        ['GET', '/overviewData?platform=mb', undefined, 400],
        ['POST', '/closePayment', { paymentId: theirs['mb-open'].paymentId }, 404],
        ['POST', '/closePayment', { orderId: 'mb-open' }, 404],
        ['POST', '/closePayment', { orderId: 'mb-open', platform: 'mb' }, 400],
        ['PUT', `/update/${theirs['mb-open'].paymentId}`, { subject: 'taken over' }, 404],
        ['PUT', `/update/${m.ma.orders['ma-open'].paymentId}`, { platform: 'mb' }, 400],
        ['DELETE', `/delete/${theirs['mb-closed'].paymentId}`, undefined, 404],
        ['POST', `/refund/${theirs['mb-closed'].paymentId}`, { reason: 'mine now' }, 404],
        ['POST', '/initiatePayment', { ...order('ma-sneaky'), platform: 'mb' }, 400],
      ];
      for (const [method, path, body, status] of cases) {
        const res = await platform('ma', method, path, body, via);
        expect({ via, method, path, status: res.status }).toEqual({ via, method, path, status });
        blind(res, m.mb, path + JSON.stringify(body ?? ''));
      }
    }
    // Nothing of the other merchant changed.
    const after = await server.payment.deps.client.get(PaymentInfo, theirs['mb-open'].paymentId);
    expect([after.spec.status, after.spec.subject, after.spec.platform]).toEqual([theirs['mb-open'].status, "mb's order mb-open", 'mb']);
    expect(await server.payment.deps.client.fetch(PaymentInfo, theirs['mb-closed'].paymentId)).toBeDefined();
    expect(await server.payment.deps.client.fetch(PaymentInfo, m.ma.orders['ma-sneaky']?.paymentId ?? 'none')).toBeUndefined();
  });

  test('lists, filters, the overview and a shared order number show only the caller’s own orders', async () => {
    for (const [me, other] of [
      ['ma', 'mb'],
      ['mb', 'ma'],
    ] as const) {
      const list = await platform<ListResult<PaymentView>>(me, 'GET', '/listPaymentInfo?size=100');
      expect(list.body.data.items.map((o) => o.paymentId).sort()).toEqual(
        Object.values(m[me].orders)
          .map((o) => o.paymentId)
          .sort(),
      );
      expect(new Set(list.body.data.items.map((o) => o.platform))).toEqual(new Set([me]));
      blind(list, m[other]);
      const filtered = await platform<ListResult<PaymentView>>(
        me,
        'GET',
        `/listPaymentInfo?paymentId=${m[other].orders['SAME-1'].paymentId}`,
      );
      expect(filtered.body.data.items).toEqual([]);
      const same = await platform(me, 'GET', '/queryPaymentByOrderId?orderId=SAME-1');
      expect(same.body.data.paymentId).toBe(m[me].orders['SAME-1'].paymentId);
      const overview = await platform<{ totalOrders: number }>(me, 'GET', '/overviewData');
      expect(overview.body.data.totalOrders).toBe(3);
      blind(overview, m[other]);
    }
  });
});

describe('the user center', () => {
  test("a merchant's user-center order operations never reach the other merchant's orders", async () => {
    const theirs = m.mb.orders;
    const mine = await api<ListResult<PaymentView>>(server, 'GET', `${UC}/payments?size=100`, undefined, m.ma.session);
    expect(mine.status).toBe(200);
    blind(mine, m.mb);
    expect(mine.body.data.items.every((o) => o.platform === 'system' && o.username === 'ma')).toBe(true);
    for (const [method, path] of [
      ['GET', `${UC}/payments/${theirs['mb-open'].paymentId}`],
      ['POST', `${UC}/payments/${theirs['mb-open'].paymentId}/continue`],
      ['POST', `${UC}/payments/${theirs['mb-open'].paymentId}/close`],
      ['DELETE', `${UC}/payments/${theirs['mb-closed'].paymentId}`],
    ] as const) {
      const res = await api(server, method, path, method === 'GET' ? undefined : {}, m.ma.session);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      blind(res, m.mb, path);
    }
    expect((await server.payment.deps.client.get(PaymentInfo, theirs['mb-open'].paymentId)).spec.status).toBe(theirs['mb-open'].status);
  });

  test('an API key cannot use the user center at all', async () => {
    const res = await api(server, 'GET', `${UC}/payments`, undefined, m.ma.key);
    expect([res.status, res.body.code]).toEqual([403, 'TOKEN_SCOPE_DENIED']);
  });
});

describe('the generic resource API', () => {
  test("no list, get or watch of PaymentInfo or Merchant with a merchant's session, API key or token", async () => {
    const theirs = m.mb.orders['mb-open'].paymentId;
    for (const via of ['session', 'key', 'token'] as const) {
      for (const path of [
        `${GENERIC}/paymentinfos`,
        `${GENERIC}/paymentinfos/${theirs}`,
        `${GENERIC}/paymentinfos?watch=true`,
        `${GENERIC}/watch/paymentinfos`,
        `${GENERIC}/paymentinfos?fieldSelector=spec.platform%3Dmb`,
        `${GENERIC}/merchants/mb`,
        `${GENERIC}/merchants`,
      ]) {
        const res = await api(server, 'GET', path, undefined, m.ma[via]);
        expect({ via, path, status: res.status }).toEqual({ via, path, status: 403 });
        blind(res, m.mb, path);
      }
      // The platform group holds no resources: its operations are the only way in.
      for (const path of [`${PLATFORM}/paymentinfos`, `${PLATFORM}/paymentinfos/${theirs}`, `${PLATFORM}/merchants/mb`]) {
        const res = await api(server, 'GET', path, undefined, m.ma[via]);
        expect({ via, path, ok: res.status < 400 }).toEqual({ via, path, ok: false });
        blind(res, m.mb, path);
      }
    }
  });
});
