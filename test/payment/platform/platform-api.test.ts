import { CompactEncrypt, importSPKI } from 'jose';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  anonymous,
  api,
  configure,
  CONSOLE,
  eventually,
  PUBLIC,
  startPaymentServer,
  type Answer,
  type ListResult,
  type PaymentOverview,
  type PaymentServer,
  type PaymentView,
} from '../support/payment-server.js';
import { Merchant, type MerchantStatus } from '../../../src/payment/merchants/types.js';
import { PaymentInfo } from '../../../src/payment/orders/types.js';

const PLATFORM = '/apis/platform.api.payment.authpay.dev/v1alpha1';
const HOST_CONSOLE = '/apis/console.api.host.authpay.dev/v1alpha1';
const HOST_UC = '/apis/uc.api.host.authpay.dev/v1alpha1';
const PLATFORM_ROLE = 'role-template-payment-platform-manage';

let server: PaymentServer;
let publicKeyPem: string;
/** Credentials per user: m1 a personal access token, m2 a session, the others tokens. */
const as: Record<string, Record<string, string>> = {};

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

async function user(username: string, roles: string[], merchant: MerchantStatus | undefined, via: 'token' | 'session') {
  const created = await api(server, 'POST', `${HOST_CONSOLE}/users`, {
    username,
    email: `${username}@example.com`,
    password: 'user-password-1',
    roles,
  });
  expect(created.status).toBe(201);
  if (merchant) await setMerchant(username, merchant);
  const session = await login(username);
  if (via === 'session') return (as[username] = session);
  const token = await api<{ token: string }>(server, 'POST', `${HOST_UC}/personalaccesstokens`, { name: 'api' }, session);
  expect(token.status).toBe(201);
  return (as[username] = { authorization: `Bearer ${token.body.data.token}` });
}

async function setMerchant(username: string, status: MerchantStatus): Promise<void> {
  const client = server.payment.deps.client;
  const existing = await client.fetch(Merchant, username);
  if (existing) {
    await client.patch(Merchant, username, { spec: { status } });
    return;
  }
  await client.create(Merchant, {
    metadata: { name: username },
    spec: {
      merchantName: `${username} shop`,
      contactPerson: username,
      contactPhone: '+86 138 0000 0000',
      contactEmail: `${username}@example.com`,
      businessType: 'retail',
      agreementAccepted: true,
      username,
      status,
    },
  });
}

const call = <T = PaymentView>(who: string, method: string, path: string, json?: unknown): Promise<Answer<T>> =>
  api<T>(server, method, `${PLATFORM}${path}`, json, as[who]);

const order = (orderId: string, extra: Record<string, unknown> = {}) => ({
  orderId,
  subject: 'Platform order',
  paymentAmount: '12.30',
  paymentType: 'SANDBOX',
  paymentChannel: 'SIMULATED',
  ...extra,
});

async function encrypt(plaintext: unknown, key = publicKeyPem, header = { alg: 'RSA-OAEP-256', enc: 'A256GCM' }): Promise<string> {
  const jwe = new CompactEncrypt(new TextEncoder().encode(JSON.stringify(plaintext))).setProtectedHeader(header);
  return jwe.encrypt(await importSPKI(key, header.alg, { extractable: true }));
}

const fresh = () => ({ timestamp: Math.floor(Date.now() / 1000), nonce: randomBytes(16).toString('base64url') });

beforeAll(async () => {
  server = await startPaymentServer();
  await configure(server, { sandboxEnabled: true });
  // The merchant reconciler keeps the configured merchant role in step with the status (a PENDING merchant loses
  // it, so the authorizer refuses first). Here the platform role is bound by hand and the reconciler manages
  // another role, so these tests reach the service's own ACTIVE check, which also covers the time before a
  // reconcile and a platform role held through another binding.
  const role = await api(server, 'PUT', `${CONSOLE}/merchant-settings`, { merchantRole: 'role-template-payment-uc-manage' });
  expect(role.status).toBe(200);
  publicKeyPem = (await api<{ publicKey: string }>(server, 'GET', `${CONSOLE}/interface-keys/public`)).body.data.publicKey;
  await user('m1', [PLATFORM_ROLE], 'ACTIVE', 'token');
  await user('m2', [PLATFORM_ROLE], 'ACTIVE', 'session');
  await user('pend', [PLATFORM_ROLE], 'PENDING', 'token');
  await user('rej', [PLATFORM_ROLE], 'REJECTED', 'token');
  await user('susp', [PLATFORM_ROLE], 'SUSPENDED', 'token');
  await user('nomerchant', [PLATFORM_ROLE], undefined, 'token');
  await user('norole', [], 'ACTIVE', 'token');
}, 90_000);
afterAll(() => server?.stop());

describe('who may call the merchant platform API', () => {
  test.each([
    ['pend', 403, 'MERCHANT_NOT_ACTIVE', /审核中/],
    ['rej', 403, 'MERCHANT_NOT_ACTIVE', /未通过/],
    ['susp', 403, 'MERCHANT_NOT_ACTIVE', /停用/],
    ['nomerchant', 403, 'NOT_A_MERCHANT', /不是商户/],
  ])('%s is refused on every operation, in zh and en', async (who, status, code, zh) => {
    const before = (await server.payment.deps.client.list(PaymentInfo, { page: 1, size: 1 })).total;
    for (const [method, path, body] of [
      ['POST', '/initiatePayment', order(`refused-${who}`)],
      ['GET', '/listPaymentInfo'],
      ['GET', '/overviewData'],
      ['GET', '/supportedPaymentChannels'],
      ['GET', '/queryPaymentByOrderId?orderId=x'],
    ] as const) {
      const res = await call(who, method, path, body);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status, code });
      expect(res.body.message).toMatch(zh);
    }
    const en = await api(server, 'GET', `${PLATFORM}/listPaymentInfo`, undefined, { ...as[who], 'accept-language': 'en' });
    expect(en.body.message).toMatch(/merchant/i);
    expect((await server.payment.deps.client.list(PaymentInfo, { page: 1, size: 1 })).total).toBe(before);
  });

  test('an ACTIVE merchant without the platform role and an anonymous caller are refused by the authorizer', async () => {
    expect((await call('norole', 'GET', '/listPaymentInfo')).status).toBe(403);
    expect((await api(server, 'GET', `${PLATFORM}/listPaymentInfo`, undefined, anonymous)).status).toBe(401);
  });

  test('suspending a merchant refuses its next call at once; enabling it again lets it back', async () => {
    expect((await call('m1', 'GET', '/supportedPaymentChannels')).status).toBe(200);
    await setMerchant('m1', 'SUSPENDED');
    const refused = await call('m1', 'GET', '/supportedPaymentChannels');
    expect(refused.body.code).toBe('MERCHANT_NOT_ACTIVE');
    await setMerchant('m1', 'ACTIVE');
    expect((await call('m1', 'GET', '/supportedPaymentChannels')).status).toBe(200);
  });
});

describe('plain initiation and the order operations, two merchants apart', () => {
  test('initiatePayment: platform forced to the caller, orderId unique per merchant, the site rules apply', async () => {
    const a = await call('m1', 'POST', '/initiatePayment', order('shared-1'));
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ platform: 'm1', username: 'm1', status: 'PAYING', amountText: '12.30' });
    expect(a.body.data.qrCode ?? a.body.data.payUrl).toBeTruthy();
    // The same orderId at another merchant is another order.
    const b = await call('m2', 'POST', '/initiatePayment', order('shared-1'));
    expect(b.body.data).toMatchObject({ platform: 'm2' });
    expect(b.body.data.paymentId).not.toBe(a.body.data.paymentId);
    // The same orderId again at m1: the same order; with other terms: conflict.
    expect((await call('m1', 'POST', '/initiatePayment', order('shared-1'))).body.data.paymentId).toBe(a.body.data.paymentId);
    expect((await call('m1', 'POST', '/initiatePayment', order('shared-1', { paymentAmount: '1.00' }))).body.code).toBe(
      'ORDER_ID_CONFLICT',
    );
    // A platform in the body cannot be smuggled in.
    const smuggled = await call('m1', 'POST', '/initiatePayment', order('smuggle', { platform: 'm2' }));
    expect(smuggled.status).toBe(400);
    expect(await server.payment.deps.client.fetch(PaymentInfo, 'smuggle')).toBeUndefined();
    // The whitelist and the switches of the site apply.
    const off = await call(
      'm1',
      'POST',
      '/initiatePayment',
      order('off-1', { paymentType: 'WALLET_A', paymentChannel: 'FACE_TO_FACE_PAYMENT' }),
    );
    expect(off.status).toBeGreaterThanOrEqual(400);
    expect(off.body.message).toMatch(/未启用/);
    expect((await call('m1', 'POST', '/initiatePayment', order('bad-amount', { paymentAmount: '1.234' }))).status).toBe(400);
  });

  test('queries, list, overview, update, close, delete and refund never cross merchants', async () => {
    const mine = (await call('m1', 'POST', '/initiatePayment', order('iso-1'))).body.data;
    const theirs = (await call('m2', 'POST', '/initiatePayment', order('iso-2'))).body.data;

    expect((await call('m1', 'GET', `/queryPaymentByPaymentId?paymentId=${mine.paymentId}`)).body.data.orderId).toBe('iso-1');
    expect((await call('m1', 'GET', `/queryPaymentByPaymentId?paymentId=${theirs.paymentId}`)).status).toBe(404);
    expect((await call('m1', 'GET', '/queryPaymentByOrderId?orderId=iso-1')).body.data.paymentId).toBe(mine.paymentId);
    expect((await call('m1', 'GET', '/queryPaymentByOrderId?orderId=iso-2')).status).toBe(404);
    expect((await call('m1', 'GET', `/queryPaymentByOrderId?orderId=iso-2&platform=m2`)).status).toBe(400);

    const list = await call<ListResult<PaymentView>>('m1', 'GET', '/listPaymentInfo?size=200');
    expect(list.status).toBe(200);
    expect(list.body.data.items.length).toBeGreaterThan(0);
    expect(list.body.data.items.every((o) => o.platform === 'm1')).toBe(true);
    expect((await call('m1', 'GET', '/listPaymentInfo?platform=m2')).status).toBe(400);
    expect((await call('m1', 'GET', '/listPaymentInfo?username=m2')).status).toBe(400);
    const byId = await call<ListResult<PaymentView>>('m1', 'GET', `/listPaymentInfo?paymentId=${theirs.paymentId}`);
    expect(byId.body.data.items).toEqual([]);

    // update/{name}: basic fields of one's own order; another merchant's is 404 and unchanged; no status edits.
    const edited = await call('m1', 'PUT', `/update/${mine.paymentId}`, { subject: 'Edited' });
    expect(edited.body.data.subject).toBe('Edited');
    expect((await call('m1', 'PUT', `/update/${theirs.paymentId}`, { subject: 'Hijacked' })).status).toBe(404);
    expect((await call('m1', 'PUT', `/update/${mine.paymentId}`, { status: 'SUCCESS' })).status).toBe(400);
    expect((await server.payment.deps.client.get(PaymentInfo, theirs.paymentId)).spec.subject).toBe('Platform order');

    // closePayment and delete/{name}
    expect((await call('m1', 'POST', '/closePayment', { paymentId: theirs.paymentId })).status).toBe(404);
    expect((await call('m1', 'POST', '/closePayment', { orderId: 'iso-2' })).status).toBe(404);
    expect((await call('m1', 'DELETE', `/delete/${theirs.paymentId}`)).status).toBe(404);
    expect((await server.payment.deps.client.get(PaymentInfo, theirs.paymentId)).spec.status).toBe('PAYING');
    expect((await call('m1', 'DELETE', `/delete/${mine.paymentId}`)).body.code).toBe('ORDER_STILL_OPEN');
    const closed = await call('m1', 'POST', '/closePayment', { orderId: 'iso-1' });
    expect(closed.body.data).toMatchObject({ status: 'FAILED', failureReason: 'CLOSED' });
    expect((await call('m1', 'DELETE', `/delete/${mine.paymentId}`)).status).toBe(200);
    expect(await server.payment.deps.client.fetch(PaymentInfo, mine.paymentId)).toBeUndefined();

    // overviewData counts only the caller's orders; a paid order of m2 shows up at m2 only.
    await api(server, 'POST', `${PUBLIC}/payments/${theirs.paymentId}/sandboxPay`, { outcome: 'success' }, anonymous);
    const o1 = (await call<PaymentOverview>('m1', 'GET', '/overviewData')).body.data;
    const o2 = (await call<PaymentOverview>('m2', 'GET', '/overviewData')).body.data;
    expect(o1.recentSuccess.map((o) => o.paymentId)).not.toContain(theirs.paymentId);
    expect(o2.recentSuccess.map((o) => o.paymentId)).toContain(theirs.paymentId);
    expect(o2).toMatchObject({ successCount: 1, successAmounts: { CNY: '12.30' } });
    expect(o2.totalOrders).toBe((await call<ListResult<PaymentView>>('m2', 'GET', '/listPaymentInfo?size=200')).body.data.items.length);
    expect(o2.trend).toHaveLength(30);

    // refund/{name}: not someone else's order; the owner refunds its own (SANDBOX refunds at once).
    expect((await call('m1', 'POST', `/refund/${theirs.paymentId}`, { reason: 'try' })).status).toBe(404);
    const own = await call<{ status: string; amount: string }>('m2', 'POST', `/refund/${theirs.paymentId}`, {
      amount: '2.30',
      reason: 'try',
    });
    expect([own.status, own.body.data.status, own.body.data.amount]).toEqual([200, 'SUCCESS', '2.30']);
  });

  test('supportedPaymentChannels lists what can be initiated', async () => {
    const res = await call<{ channels: Array<{ paymentType: string; paymentChannel: string }> }>('m2', 'GET', '/supportedPaymentChannels');
    expect(res.body.data.channels).toContainEqual({ paymentType: 'SANDBOX', paymentChannel: 'SIMULATED' });
    const key = await call<{ publicKey: string }>('m2', 'GET', '/interfacePublicKey');
    expect(key.body.data.publicKey).toBe(publicKeyPem);
  });
});

describe('encrypted initiation (compact JWE, RSA-OAEP-256 + A256GCM)', () => {
  test('a JWE made with the interface public key initiates for the caller, as text/plain or JSON', async () => {
    const jwe = await encrypt({ ...order('enc-1'), ...fresh() });
    const res = await api<PaymentView>(server, 'POST', `${PLATFORM}/initiatePaymentEncrypt`, { payload: jwe }, as.m1);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ orderId: 'enc-1', platform: 'm1', status: 'PAYING' });

    const text = await fetch(`${server.url}${PLATFORM}/initiatePaymentEncrypt`, {
      method: 'POST',
      headers: { ...as.m2, 'content-type': 'text/plain' },
      body: await encrypt({ ...order('enc-2'), ...fresh(), timestamp: Date.now() }),
    });
    const body = (await text.json()) as { data: PaymentView };
    expect(text.status).toBe(200);
    expect(body.data).toMatchObject({ orderId: 'enc-2', platform: 'm2' });
  });

  async function refused(payload: string, status: number, code: string, message: RegExp) {
    const count = (await server.payment.deps.client.list(PaymentInfo, { page: 1, size: 1 })).total;
    const res = await call('m1', 'POST', '/initiatePaymentEncrypt', { payload });
    expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
    expect(res.body.message).toMatch(message);
    expect((await server.payment.deps.client.list(PaymentInfo, { page: 1, size: 1 })).total).toBe(count);
  }

  test('a replayed nonce, an old or future timestamp are refused and change nothing', async () => {
    const guard = fresh();
    const first = await call('m1', 'POST', '/initiatePaymentEncrypt', { payload: await encrypt({ ...order('rp-1'), ...guard }) });
    expect(first.status).toBe(200);
    await refused(await encrypt({ ...order('rp-2'), ...guard }), 409, 'NONCE_REUSED', /nonce/);
    const sixMinutes = 6 * 60;
    await refused(
      await encrypt({ ...order('rp-3'), ...fresh(), timestamp: guard.timestamp - sixMinutes }),
      400,
      'REQUEST_EXPIRED',
      /5 分钟/,
    );
    await refused(
      await encrypt({ ...order('rp-4'), ...fresh(), timestamp: guard.timestamp + sixMinutes }),
      400,
      'REQUEST_EXPIRED',
      /5 分钟/,
    );
    await refused(await encrypt({ ...order('rp-5') }), 400, 'VALIDATION_FAILED', /timestamp|nonce/);
    // The nonce is recorded in the store, so another replica refuses the replay too.
    const nonces = await server.payment.deps.client.list('PlatformNonce', { page: 1, size: 10 });
    expect(nonces.total).toBeGreaterThan(0);
  });

  test('another key, another alg or enc, a tampered or malformed token: a clear error, nothing changed', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }) as string;
    await refused(await encrypt({ ...order('bad-1'), ...fresh() }, other), 400, 'ENCRYPTED_PAYLOAD_INVALID', /密钥不匹配或内容被篡改/);
    await refused(
      await encrypt({ ...order('bad-2'), ...fresh() }, publicKeyPem, { alg: 'RSA-OAEP', enc: 'A256GCM' }),
      400,
      'ENCRYPTED_PAYLOAD_INVALID',
      /RSA-OAEP-256/,
    );
    await refused(
      await encrypt({ ...order('bad-3'), ...fresh() }, publicKeyPem, { alg: 'RSA-OAEP-256', enc: 'A128GCM' }),
      400,
      'ENCRYPTED_PAYLOAD_INVALID',
      /A256GCM/,
    );
    const good = (await encrypt({ ...order('bad-4'), ...fresh() })).split('.');
    const flipped = Buffer.from(good[3], 'base64url');
    flipped[0] ^= 1;
    good[3] = flipped.toString('base64url');
    await refused(good.join('.'), 400, 'ENCRYPTED_PAYLOAD_INVALID', /篡改/);
    const bad = await call('m1', 'POST', '/initiatePaymentEncrypt', { payload: 'not-a-jwe' });
    expect(bad.status).toBe(400);
    const en = await api(
      server,
      'POST',
      `${PLATFORM}/initiatePaymentEncrypt`,
      { payload: await encrypt({ ...order('bad-5'), ...fresh() }, other) },
      {
        ...as.m1,
        'accept-language': 'en',
      },
    );
    expect(en.body.message).toMatch(/another key/);
  });

  test('a suspended merchant cannot use a valid encrypted request', async () => {
    await refusedAs('susp', await encrypt({ ...order('susp-1'), ...fresh() }));
  });

  async function refusedAs(who: string, payload: string) {
    const res = await call(who, 'POST', '/initiatePaymentEncrypt', { payload });
    expect(res.body.code).toBe('MERCHANT_NOT_ACTIVE');
  }
});

describe('with the merchant reconciler managing the platform role (the default merchant role)', () => {
  test('an ACTIVE merchant gets in through the reconciled role; a suspension refuses the next call at once', async () => {
    const role = await api(server, 'PUT', `${CONSOLE}/merchant-settings`, { merchantRole: PLATFORM_ROLE });
    expect(role.status).toBe(200);
    await user('real', [], 'ACTIVE', 'token');
    await eventually(async () => (await call('real', 'GET', '/supportedPaymentChannels')).status === 200);
    expect((await call('real', 'POST', '/initiatePayment', order('real-1'))).body.data.platform).toBe('real');
    await setMerchant('real', 'SUSPENDED');
    const refused = await call('real', 'POST', '/initiatePayment', order('real-2'));
    // Before the reconciler revokes the role the service refuses (MERCHANT_NOT_ACTIVE); after it, the authorizer.
    expect(refused.status).toBe(403);
    expect(['MERCHANT_NOT_ACTIVE', 'FORBIDDEN']).toContain(refused.body.code);
    await eventually(async () => (await call('real', 'GET', '/supportedPaymentChannels')).body.code === 'FORBIDDEN');
  });
});
