import { CONSOLE, UC, asBrowser, basic, call, createUser, login, start, type Me, type Server } from '../auth/harness.js';

let server: Server;
beforeAll(async () => {
  server = await start();
  await createUser(server, 'viewer');
  await createUser(server, 'manager');
  await createUser(server, 'plain');
});
afterAll(async () => {
  await server.stop();
});

/**
 * Passed authorization: whatever answers next (often 404 while no route is mounted there). The route's own
 * refusals (a disabled docking endpoint: 403 DOCKING_DISABLED) count as admitted; only the authorization
 * middleware's UNAUTHORIZED/FORBIDDEN do not.
 */
const admitted = (res: { status: number; body: unknown }) => {
  const code = (res.body as { code?: string } | undefined)?.code;
  return !((res.status === 401 || res.status === 403) && (code === 'UNAUTHORIZED' || code === 'FORBIDDEN'));
};
const as = (user: string) => basic(user, 'user-password-1');

test('anonymous callers reach only the log-in page, health checks and the public route families', async () => {
  for (const path of [
    '/login',
    '/healthz',
    '/readyz',
    '/apis/api.pluginauth.authpay.dev/v1alpha1/public/checkAuth',
    '/apis/api.pluginauth.authpay.dev/v1alpha1/docking/codes',
    '/payment/order-1',
  ]) {
    expect([path, admitted(await call(`${server.url}${path}`))]).toEqual([path, true]);
  }
  expect(
    admitted(await call(`${server.url}/apis/api.payment.authpay.dev/v1alpha1/asyncCallback/WALLET_A`, { method: 'POST', json: {} })),
  ).toBe(true);
  for (const path of [
    '/nowhere',
    '/apis/console.api.pluginauth.authpay.dev/v1alpha1/siteplugins',
    '/apis/pluginauth.authpay.dev/v1alpha1/sitepluginauthlogs',
    '/apis/api.pluginauth.authpay.dev/v1alpha1/private',
    '/apis/host.authpay.dev/v1alpha1/users',
    `${UC}/users/-`,
  ]) {
    const res = await call(`${server.url}${path}`);
    expect([path, res.status]).toEqual([path, 401]);
  }
  const envelope = await call(`${server.url}/apis/console.api.pluginauth.authpay.dev/v1alpha1/siteplugins`);
  expect(envelope.body).toMatchObject({ success: false, code: 'UNAUTHORIZED', data: null });
});

test('logged-in users get the user-center groups but not the console ones (403)', async () => {
  expect(admitted(await call(`${server.url}/apis/uc.api.pluginauth.authpay.dev/v1alpha1/authorizations`, { headers: as('plain') }))).toBe(
    true,
  );
  expect(admitted(await call(`${server.url}/apis/uc.api.payment.authpay.dev/v1alpha1/orders`, { headers: as('plain') }))).toBe(true);
  for (const path of [
    '/apis/console.api.pluginauth.authpay.dev/v1alpha1/siteplugins',
    '/apis/platform.api.payment.authpay.dev/v1alpha1/orders',
    '/apis/console.api.payment.authpay.dev/v1alpha1/orders',
    `${CONSOLE}/users`,
  ]) {
    const res = await call(`${server.url}${path}`, { headers: as('plain') });
    expect([path, res.status, res.body.code]).toEqual([path, 403, 'FORBIDDEN']);
  }
});

test('role templates: view admits reads only, manage (depending on view) admits writes; effective permissions show both', async () => {
  const admin = await login(server, 'admin', 'admin-password-1');
  const grant = (user: string, roles: string[]) =>
    call(`${server.url}${CONSOLE}/users/${user}/roles`, { method: 'PUT', headers: asBrowser(admin), json: { roles } });
  expect((await grant('viewer', ['role-template-plugin-auth-view'])).status).toBe(200);
  expect((await grant('manager', ['role-template-plugin-auth-manage'])).status).toBe(200);
  const path = `${server.url}/apis/console.api.pluginauth.authpay.dev/v1alpha1/siteplugins`;
  expect(admitted(await call(path, { headers: as('viewer') }))).toBe(true);
  expect((await call(path, { method: 'POST', headers: as('viewer'), json: {} })).status).toBe(403);
  expect(admitted(await call(path, { method: 'POST', headers: as('manager'), json: {} }))).toBe(true);
  const me = await call<Me>(`${server.url}${UC}/users/-`, { headers: as('manager') });
  expect(me.body.data.roles).toEqual(['role-template-plugin-auth-manage', 'authenticated', 'anonymous']);
  expect(me.body.data.effectiveRoles).toEqual(
    expect.arrayContaining(['role-template-plugin-auth-view', 'role-template-plugin-auth-user-view']),
  );
  expect(me.body.data.uiPermissions).toEqual(
    expect.arrayContaining(['plugin:plugin-auth:view', 'plugin:plugin-auth:manage', 'plugin:plugin-auth-user:manage']),
  );
});

test('a role change applies to the next request (the permission cache follows watch events)', async () => {
  const admin = await login(server, 'admin', 'admin-password-1');
  const path = `${server.url}${CONSOLE}/users`;
  expect((await call(path, { headers: as('plain') })).status).toBe(403);
  await call(`${server.url}${CONSOLE}/users/plain/roles`, { method: 'PUT', headers: asBrowser(admin), json: { roles: ['super-role'] } });
  expect((await call(path, { headers: as('plain') })).status).toBe(200);
  await call(`${server.url}${CONSOLE}/users/plain/roles`, { method: 'PUT', headers: asBrowser(admin), json: { roles: [] } });
  expect((await call(path, { headers: as('plain') })).status).toBe(403);
  expect(await server.runtime.client.fetch('RoleBinding', 'plain-super-role-binding')).toBeUndefined();
});

test('grantRoles refuses unknown roles and writes nothing', async () => {
  const res = await call(`${server.url}${CONSOLE}/users/viewer/roles`, {
    method: 'PUT',
    headers: basic('admin', 'admin-password-1'),
    json: { roles: ['super-role', 'no-such-role'] },
  });
  expect(res.status).toBe(400);
  expect(server.runtime.auth.services.authorizer.boundRoles('viewer')).toEqual(['role-template-plugin-auth-view']);
});

test('a role aggregated into anonymous opens its routes to everyone, and closes them when deleted', async () => {
  expect((await call(`${server.url}/custom-open`)).status).toBe(401);
  await server.runtime.client.create({
    apiVersion: 'host.authpay.dev/v1alpha1',
    kind: 'Role',
    metadata: {
      name: 'role-template-test-open',
      labels: { 'authpay.dev/role-template': 'true', 'authpay.dev/aggregate-to-anonymous': 'true' },
    },
    rules: [{ nonResourceURLs: ['/custom-open'], verbs: ['get'] }],
  });
  expect((await call(`${server.url}/custom-open`)).status).toBe(404);
  await server.runtime.client.delete('Role', 'role-template-test-open');
  expect((await call(`${server.url}/custom-open`)).status).toBe(401);
});

test('the shipped role templates exist with their ui-permissions', async () => {
  const roles = await call<Array<{ name: string; uiPermissions: string[] }>>(`${server.url}${CONSOLE}/roles`, {
    headers: basic('admin', 'admin-password-1'),
  });
  const byName = Object.fromEntries(roles.body.data.map((r: { name: string; uiPermissions: string[] }) => [r.name, r.uiPermissions]));
  expect(byName).toMatchObject({
    'role-template-plugin-auth-view': ['plugin:plugin-auth:view'],
    'role-template-plugin-auth-manage': ['plugin:plugin-auth:manage'],
    'role-template-plugin-auth-user-view': ['plugin:plugin-auth-user:view'],
    'role-template-plugin-auth-user-manage': ['plugin:plugin-auth-user:manage'],
    'role-template-payment-console-manage': ['payment:console:manage'],
    'role-template-payment-uc-manage': ['payment:uc:manage'],
    'role-template-payment-platform-manage': ['payment:platform:manage'],
    'super-role': ['*'],
  });
  expect(byName['anonymous']).toBeUndefined(); // hidden
});
