import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../../../src/host/server/input-guards.js';
import { BOOTSTRAP_TOKEN, basic, bearer, call, createUser, start, type Server } from '../auth/harness.js';

/** Issue 21 item 4: bad paths, huge page numbers and deep JSON are the caller's 400, never our 500. */
let server: Server;
const admin = bearer(BOOTSTRAP_TOKEN);
const HUGE = '99999999999999999999';
const PAY_CONSOLE = '/apis/console.api.payment.authpay.dev/v1alpha1';
const PAY_UC = '/apis/uc.api.payment.authpay.dev/v1alpha1';
const HOST_CONSOLE = '/apis/console.api.host.authpay.dev/v1alpha1';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

beforeAll(async () => {
  server = await start();
  await createUser(server, 'alice');
});

afterAll(async () => {
  await server.stop();
});

describe('malformed percent-encoding in the path', () => {
  test.each([
    ['the generic API', '/apis/%E0%A4%A/v1/x'],
    ['a business operation', `${PAY_CONSOLE}/payments/%E0%A4%A`],
    ['a page', '/payment/%E0%A4%A'],
  ])('on %s is a 400 for an anonymous caller', async (_where, path) => {
    const res = await call(`${server.url}${path}`);
    expect(res.status).toBe(400);
  });

  test('answers a Status on generic paths and an envelope elsewhere', async () => {
    const generic = await call(`${server.url}/apis/%E0%A4%A/v1/x`, { headers: { 'accept-language': 'en' } });
    expect(generic.body).toMatchObject({ kind: 'Status', reason: 'BadRequest', message: 'the request path has invalid percent-encoding' });
    const business = await call(`${server.url}${PAY_CONSOLE}/payments/%E0%A4%A`, { headers: admin });
    expect(business.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });
});

describe('page, size and limit beyond safe integers', () => {
  test.each([
    ['listMyPayments', `${PAY_UC}/payments`, basic('alice', 'user-password-1')],
    ['listPayments', `${PAY_CONSOLE}/payments`, admin],
    ['listUsers', `${HOST_CONSOLE}/users`, admin],
    ['listJobRuns', `${HOST_CONSOLE}/jobruns`, admin],
    ['listSitePlugins', '/apis/console.api.pluginauth.authpay.dev/v1alpha1/siteplugins', admin],
  ])('%s answers 400 naming page and size', async (_op, path, headers) => {
    for (const param of ['page', 'size']) {
      const res = await call(`${server.url}${path}?${param}=${HUGE}`, { headers });
      expect({ param, status: res.status }).toEqual({ param, status: 400 });
      expect(res.body.details?.map((d) => d.field)).toContain(`query.${param}`);
    }
  });

  test('every generic list answers 400 to limit=99999999999999999999, and still lists with a large safe limit', async () => {
    for (const kind of server.runtime.registry.kinds()) {
      const base = `${server.url}/apis/${kind.group}/${kind.version}/${kind.plural}`;
      if ((await call(base, { headers: admin })).status === 403) continue; // secrets (signing keys) are nobody's to list
      const refused = await call(`${base}?limit=${HUGE}`, { headers: admin });
      expect({ kind: kind.kind, status: refused.status }).toEqual({ kind: kind.kind, status: 400 });
      expect(refused.body).toMatchObject({ kind: 'Status', reason: 'BadRequest' });
    }
    expect((await call(`${server.url}/apis/host.authpay.dev/v1alpha1/users?limit=1000000`, { headers: admin })).status).toBe(200);
  });

  test('a watch from a resourceVersion or with a timeoutSeconds beyond safe integers is a 400', async () => {
    for (const param of ['resourceVersion', 'timeoutSeconds']) {
      const res = await call(`${server.url}/apis/host.authpay.dev/v1alpha1/users?watch=true&${param}=${HUGE}`, { headers: admin });
      expect({ param, status: res.status }).toEqual({ param, status: 400 });
    }
  });
});

describe('JSON nested deeper than 64 levels', () => {
  test('the depth check counts brackets outside strings only', () => {
    expect(jsonDepthExceeds(Buffer.from(nested(MAX_JSON_DEPTH)), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(Buffer.from(nested(MAX_JSON_DEPTH + 1)), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds(Buffer.from(JSON.stringify({ text: '[[[[{{{{\\"'.repeat(100) })), 4)).toBe(false);
  });

  test('in createPayment additionalData is a 400 and creates no order', async () => {
    const order = JSON.stringify({
      orderId: 'deep-1',
      subject: 'Deep',
      paymentAmount: 1,
      paymentType: 'SANDBOX',
      paymentChannel: 'SIMULATED',
    });
    const body = `${order.slice(0, -1)},"additionalData":${nestedObject(5000)}}`;
    const res = await call(`${server.url}${PAY_CONSOLE}/payments`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json', 'accept-language': 'en' },
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(res.body.message).toMatch(/nested too deeply/);
    const orders = await server.runtime.store.list(server.runtime.registry.get('PaymentInfo'), {});
    expect(orders.items).toEqual([]);
  });

  test.each([
    ['a merge patch', 'application/merge-patch+json', `{"data":${nestedObject(5000)}}`],
    ['a JSON patch', 'application/json-patch+json', `[{"op":"add","path":"/data/x","value":${nestedObject(5000)}}]`],
    ['a create', 'application/json', nestedObject(5000)],
  ])('in %s on the generic API is a 400 Status and changes nothing', async (_what, type, body) => {
    const cm = `${server.url}/apis/host.authpay.dev/v1alpha1/configmaps`;
    if ((await call(`${cm}/deep`, { headers: admin })).status === 404) {
      const made = await call(cm, {
        method: 'POST',
        headers: admin,
        json: { apiVersion: 'host.authpay.dev/v1alpha1', kind: 'ConfigMap', metadata: { name: 'deep' }, data: { a: '1' } },
      });
      expect(made.status).toBe(201);
    }
    const before = await server.runtime.store.currentRevision();
    const res = await call(type === 'application/json' ? cm : `${cm}/deep`, {
      method: type === 'application/json' ? 'POST' : 'PATCH',
      headers: { ...admin, 'content-type': type },
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'BadRequest' });
    expect(await server.runtime.store.currentRevision()).toBe(before);
  });
});
