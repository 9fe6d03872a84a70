import type { CheckAuthAnswer } from '../../../src/plugin-auth/public/check-auth.js';
import type { Role } from '../../../src/host/rbac/types.js';
import { PASSWORD, admin, call, createPlugin, createUser, start, type Server } from '../harness.js';
import { basic } from '../../host/auth/harness.js';
import { PUBLIC, createRecord, publicGet } from './open-harness.js';

/**
 * checkAuth, the hottest path, runs through the host's one request pipeline like every other call: anonymous
 * or with credentials it gets the same answer and the host's headers, is counted under its route, is decided
 * by RBAC and fails in the envelope.
 */
let server: Server;
beforeAll(async () => {
  server = await start();
  await createUser(server, 'hal');
  await createPlugin(server, { key: 'paid', price: 10 });
  await createRecord(server, { pluginKey: 'paid', authUser: 'hal', authDomain: 'hal.example.com', authStatus: 1 });
});
afterAll(() => server.stop());

const query = { pluginKey: 'paid', authDomain: 'hal.example.com' };

test('anonymous and authenticated calls get the same body and the host headers', async () => {
  const anonymous = await publicGet<CheckAuthAnswer>(server, 'checkAuth', query);
  const normal = await publicGet<CheckAuthAnswer>(server, 'checkAuth', query, basic('hal', PASSWORD));
  for (const res of [anonymous, normal]) {
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ valid: true, code: 'VALID' });
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    expect(res.headers.get('x-authpay-signature')).toMatch(/\.\./);
    for (const header of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'cross-origin-resource-policy'])
      expect([header, res.headers.get(header)]).toEqual([header, normal.headers.get(header)]);
  }
  expect(Object.keys(anonymous.body.data).sort()).toEqual(Object.keys(normal.body.data).sort());
});

test('checkAuth requests are counted in the metrics under their route', async () => {
  await publicGet(server, 'checkAuth', query);
  const metrics = await admin(server, 'GET', '/metrics');
  expect(metrics.body).toMatch(
    new RegExp(`authpay_http_requests_total\\{method="GET",route="${PUBLIC.replace(/\./g, '\\.')}/checkAuth",status="200"\\} [1-9]`),
  );
});

test('RBAC decides: without the anonymous grant checkAuth is refused with 401', async () => {
  const client = server.runtime.client;
  const role = await client.get<Role>('Role', 'role-template-plugin-auth-public');
  await client.update({ ...role, rules: [] });
  try {
    await new Promise((r) => setTimeout(r, 100)); // the authorizer follows roles through a watch
    const refused = await publicGet(server, 'checkAuth', query);
    expect([refused.status, refused.body.code]).toEqual([401, 'UNAUTHORIZED']);
  } finally {
    await client.update({ ...(await client.get<Role>('Role', 'role-template-plugin-auth-public')), rules: role.rules });
  }
  await new Promise((r) => setTimeout(r, 100));
  expect((await publicGet(server, 'checkAuth', query)).status).toBe(200);
});

test('checkAuth errors are envelopes with the host headers', async () => {
  const res = await call(`${server.url}${PUBLIC}/checkAuth?pluginKey=paid`);
  expect([res.status, res.body.success, res.body.code]).toEqual([400, false, 'VALIDATION_FAILED']);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
});
