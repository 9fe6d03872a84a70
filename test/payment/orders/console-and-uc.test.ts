import {
  anonymous,
  api,
  BOOTSTRAP_TOKEN,
  configure,
  CONSOLE,
  PUBLIC,
  startPaymentServer,
  UC,
  type InterfaceKey,
  type ListResult,
  type PaymentOverview,
  type PaymentServer,
  type PaymentView,
} from '../support/payment-server.js';
import type { TransitionRecord } from '../../../src/payment/orders/types.js';
import { PaymentInfo } from '../../../src/payment/orders/types.js';

/** The console's details of an order, as far as the tests read them. */
type PaymentDetails = PaymentView & { transitions: TransitionRecord[]; callbacks: Array<{ outcome: string; reason: string }> };

let server: PaymentServer;
let alice: Record<string, string>;
let bob: Record<string, string>;

async function tokenFor(username: string): Promise<Record<string, string>> {
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

beforeAll(async () => {
  server = await startPaymentServer();
  await configure(server, { sandboxEnabled: true });
  alice = await tokenFor('alice');
  bob = await tokenFor('bob');
}, 60_000);
afterAll(() => server?.stop());

const admin = { authorization: `Bearer ${BOOTSTRAP_TOKEN}` };

describe('console and user center', () => {
  test('overview, list filters, details, delete; the operations are in /openapi.json', async () => {
    const ids: string[] = [];
    for (const [i, amount] of ['1.00', '2.50', '3.00'].entries())
      ids.push(
        (
          await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
            orderId: `ov-${i}`,
            subject: 'o',
            paymentAmount: amount,
            paymentType: 'SANDBOX',
            paymentChannel: 'SIMULATED',
          })
        ).body.data.paymentId,
      );
    await api(server, 'POST', `${PUBLIC}/payments/${ids[1]}/sandboxPay`, { outcome: 'success' }, anonymous);
    const overview = (await api<PaymentOverview>(server, 'GET', `${CONSOLE}/overview`)).body.data;
    expect(overview).toMatchObject({ totalOrders: 3, totalAmounts: { CNY: '6.50' }, successCount: 1, successAmounts: { CNY: '2.50' } });
    expect(overview.trend).toHaveLength(30);
    expect(overview.recentSuccess.map((o) => o.paymentId)).toEqual([ids[1]]);

    const success = (await api(server, 'GET', `${CONSOLE}/payments?status=SUCCESS`)).body.data;
    expect(success).toMatchObject({ total: 1, page: 1 });
    const byOrder = (await api<ListResult<PaymentView>>(server, 'GET', `${CONSOLE}/payments?orderId=ov-2&sort=asc`)).body.data;
    expect(byOrder.items.map((o) => o.paymentId)).toEqual([ids[2]]);
    const details = (await api<PaymentDetails>(server, 'GET', `${CONSOLE}/payments/${ids[1]}`)).body.data;
    expect(details.transitions.map((t) => t.to)).toEqual(['PAYING', 'SUCCESS']);
    expect(details.callbacks[0]).toMatchObject({ outcome: 'ACCEPTED', reason: 'TRANSITIONED' });

    const deleted = await api(server, 'POST', `${CONSOLE}/payments/-/delete`, { paymentIds: [ids[0], 'p20990101zzzzzzzzzzzzzzzzzzzz'] });
    expect(deleted.body.data).toEqual({ deleted: [ids[0]], notFound: ['p20990101zzzzzzzzzzzzzzzzzzzz'] });
    expect((await api(server, 'GET', `${CONSOLE}/overview`)).body.data).toMatchObject({ totalOrders: 2, totalAmounts: { CNY: '5.50' } });

    const openapi = await (await fetch(`${server.url}/openapi.json`, { headers: admin })).json();
    const ids2 = new Set<string>();
    for (const item of Object.values(openapi.paths as Record<string, Record<string, { operationId?: string }>>))
      for (const op of Object.values(item)) if (op?.operationId) ids2.add(op.operationId);
    for (const id of [
      'createPayment',
      'getPaymentStatus',
      'closeConsolePayment',
      'listPayments',
      'getPaymentOverview',
      'testPayment',
      'generateInterfaceKeys',
      'getInterfacePublicKey',
      'listMyPayments',
      'closeMyPayment',
      'deleteMyPayment',
      'resendPaymentNotify',
      'getPaymentSettings',
      'updatePaymentSettings',
      'sandboxPay',
    ])
      expect(ids2).toContain(id);
  });

  test('testPayment, interface keys (new key, PEM download) and masked settings', async () => {
    const test = await api(server, 'POST', `${CONSOLE}/test-payment`, { paymentType: 'SANDBOX', paymentChannel: 'SIMULATED' });
    expect(test.body.data).toMatchObject({ amountText: '0.01', status: 'PAYING', platform: 'system' });
    const before = (await api<InterfaceKey>(server, 'GET', `${CONSOLE}/interface-keys/public`)).body.data.publicKey;
    const generated = (await api<InterfaceKey>(server, 'POST', `${CONSOLE}/interface-keys`)).body.data.publicKey;
    expect(generated).not.toBe(before);
    const pem = await fetch(`${server.url}${CONSOLE}/interface-keys/public?format=pem`, { headers: admin });
    expect(pem.headers.get('content-disposition')).toMatch(/attachment/);
    expect(await pem.text()).toBe(generated);
    const settings = (await api<{ availableChannels: string[] }>(server, 'GET', `${CONSOLE}/settings`)).body.data;
    expect(settings).toMatchObject({ interfacePrivateKey: '******', sandboxSecret: '******', sandboxEnabled: true, timeoutMinutes: 30 });
    expect(settings.availableChannels).toContain('SANDBOX:SIMULATED');
    const bad = await api(server, 'PUT', `${CONSOLE}/settings`, { timeoutMinutes: 0 });
    expect(bad.status).toBe(400);
    const unknown = await api(server, 'PUT', `${CONSOLE}/settings`, { noSuchSetting: 1 });
    expect(unknown.status).toBe(400);
  });

  test('a user sees, continues, closes and deletes only their own system orders', async () => {
    const mine = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
      orderId: 'uc-1',
      subject: 'mine',
      paymentAmount: 1,
      paymentType: 'SANDBOX',
      paymentChannel: 'SIMULATED',
    });
    // createPayment records the caller; give the order to alice as the site would for her purchase.
    const name = mine.body.data.paymentId;
    await server.runtime.client.patch(PaymentInfo, name, { spec: { username: 'alice' } });
    const list = (await api<ListResult<PaymentView>>(server, 'GET', `${UC}/payments?status=PAYING`, undefined, alice)).body.data;
    expect(list.items.map((o) => o.paymentId)).toEqual([name]);
    expect((await api<ListResult<PaymentView>>(server, 'GET', `${UC}/payments`, undefined, bob)).body.data.total).toBe(0);
    expect((await api(server, 'POST', `${UC}/payments/${name}/close`, undefined, bob)).status).toBe(404);
    const cont = await api(server, 'POST', `${UC}/payments/${name}/continue`, undefined, alice);
    expect(cont.body.data).toMatchObject({ paymentId: name, status: 'PAYING' });
    expect((await api(server, 'DELETE', `${UC}/payments/${name}`, undefined, alice)).status).toBe(409);
    const closed = await api(server, 'POST', `${UC}/payments/${name}/close`, undefined, alice);
    expect(closed.body.data).toMatchObject({ status: 'FAILED', failureReason: 'CLOSED' });
    expect((await api<PaymentView>(server, 'POST', `${UC}/payments/${name}/close`, undefined, alice)).body.data.status).toBe('FAILED');
    expect((await api(server, 'DELETE', `${UC}/payments/${name}`, undefined, alice)).status).toBe(200);
    expect((await api(server, 'GET', `${UC}/payments/${name}`, undefined, alice)).status).toBe(404);
  });
});
