import {
  ADMIN_PASSWORD,
  BOOTSTRAP_TOKEN,
  CONSOLE,
  UC,
  asBrowser,
  basic,
  bearer,
  call,
  documentOf,
  createUser,
  login,
  relaxed,
  start,
  type Me,
  type Server,
  type CreatedToken,
} from '../auth/harness.js';

let server: Server;
beforeAll(async () => {
  server = await start();
});
afterAll(async () => {
  await server.stop();
});

const signUp = (json: unknown) => call(`${server.url}${UC}/signup`, { method: 'POST', json });
const userCount = async () => (await server.runtime.client.list('User')).items.length;

test('anyone can sign up while the setting is on; the password is kept as a salted scrypt hash', async () => {
  const res = await signUp({ username: 'carol', email: 'Carol@Example.com', password: 'carol-password' });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({ name: 'carol', email: 'carol@example.com', disabled: false });
  const stored = await server.runtime.client.get('User', 'carol');
  expect((stored.spec as { passwordHash: string }).passwordHash).toMatch(/^scrypt\$ln=\d+,r=\d+,p=\d+\$[\w-]+\$[\w-]+$/);
  expect(JSON.stringify(stored)).not.toContain('carol-password');
  const me = await call<Me>(`${server.url}${UC}/users/-`, { headers: basic('carol', 'carol-password') });
  expect(me.status).toBe(200);
  expect(me.body.data.roles).toEqual(['authenticated', 'anonymous']);
  expect(me.body.data.uiPermissions).toEqual(expect.arrayContaining(['plugin:plugin-auth-user:view', 'payment:uc:manage']));
  expect(me.body.data.uiPermissions).not.toContain('plugin:plugin-auth:view');
});

test('sign-up validates user name, e-mail and password length and creates nothing on bad input', async () => {
  const before = await userCount();
  const bad = [
    { username: 'Bad Name', email: 'x@example.com', password: 'long-enough' },
    { username: 'dave', email: 'not-an-email', password: 'long-enough' },
    { username: 'dave', email: 'dave@example.com', password: 'short' },
    { username: '-dave', email: 'dave@example.com', password: 'long-enough' },
    { username: 'bootstrap', email: 'b@example.com', password: 'long-enough' },
    { username: 'dave', email: 'dave@example.com' },
    { username: 'dave', email: 'dave@example.com', password: 'long-enough', admin: true },
  ];
  for (const body of bad) {
    const res = await signUp(body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  }
  expect((await signUp({ username: 'carol', email: 'other@example.com', password: 'long-enough' })).status).toBe(409);
  expect((await signUp({ username: 'erin', email: 'carol@example.com', password: 'long-enough' })).status).toBe(409);
  expect(await userCount()).toBe(before);
});

test('sign-up is refused when the setting is off', async () => {
  const settings = relaxed({ signUpEnabled: false });
  server.runtime.auth.useSettings(settings);
  try {
    const res = await signUp({ username: 'frank', email: 'frank@example.com', password: 'long-enough' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('SIGNUP_DISABLED');
    expect(await server.runtime.client.fetch('User', 'frank')).toBeUndefined();
  } finally {
    server.runtime.auth.useSettings(relaxed());
  }
});

test('Basic authentication can be switched off by the setting', async () => {
  await createUser(server, 'gina');
  expect((await call(`${server.url}${UC}/users/-`, { headers: basic('gina', 'user-password-1') })).status).toBe(200);
  expect((await call(`${server.url}${UC}/users/-`, { headers: basic('gina', 'wrong-password') })).status).toBe(401);
  server.runtime.auth.useSettings(relaxed({ basicAuthEnabled: false }));
  try {
    expect((await call(`${server.url}${UC}/users/-`, { headers: basic('gina', 'user-password-1') })).status).toBe(401);
  } finally {
    server.runtime.auth.useSettings(relaxed());
  }
});

test('administrators create, list, disable and enable users; a disabled user loses sessions and tokens', async () => {
  const admin = await login(server, 'admin', ADMIN_PASSWORD);
  const created = await call(`${server.url}${CONSOLE}/users`, {
    method: 'POST',
    headers: asBrowser(admin),
    json: { username: 'henry', email: 'henry@example.com', password: 'henry-password' },
  });
  expect(created.status).toBe(201);
  const list = await call(`${server.url}${CONSOLE}/users?page=1&size=2&keyword=he`, { headers: { cookie: admin.cookie } });
  expect(list.body.data).toMatchObject({ page: 1, size: 2, total: 1, items: [{ name: 'henry' }] });

  const henry = await login(server, 'henry', 'henry-password');
  const pat = (
    await call<CreatedToken>(`${server.url}${UC}/personalaccesstokens`, { method: 'POST', headers: asBrowser(henry), json: { name: 't' } })
  ).body.data.token;
  const disabled = await call<{ disabled: boolean }>(`${server.url}${CONSOLE}/users/henry/disable`, {
    method: 'POST',
    headers: asBrowser(admin),
  });
  expect(disabled.body.data.disabled).toBe(true);
  expect((await call(`${server.url}${UC}/users/-`, { headers: { cookie: henry.cookie } })).status).toBe(401);
  expect((await call(`${server.url}${UC}/users/-`, { headers: bearer(pat) })).status).toBe(401);
  const refused = await call(`${server.url}/login`, { method: 'POST', json: { username: 'henry', password: 'henry-password' } });
  expect(refused.status).toBe(401);
  expect(refused.setCookies).toEqual([]);

  await call(`${server.url}${CONSOLE}/users/henry/enable`, { method: 'POST', headers: asBrowser(admin) });
  expect((await call(`${server.url}${UC}/users/-`, { headers: bearer(pat) })).status).toBe(200);
});

test('createUser with an unknown role or bad fields creates nothing', async () => {
  const before = await userCount();
  const unknownRole = await call(`${server.url}${CONSOLE}/users`, {
    method: 'POST',
    headers: bearer(BOOTSTRAP_TOKEN),
    json: { username: 'lena', email: 'lena@example.com', password: 'lena-password', roles: ['no-such-role'] },
  });
  expect(unknownRole.status).toBe(400);
  const badEmail = await call(`${server.url}${CONSOLE}/users`, {
    method: 'POST',
    headers: bearer(BOOTSTRAP_TOKEN),
    json: { username: 'lena', email: 'lena', password: 'lena-password' },
  });
  expect(badEmail.status).toBe(400);
  expect(await userCount()).toBe(before);
  expect(await server.runtime.client.fetch('User', 'lena')).toBeUndefined();
  const ok = await call<{ roles: string[] }>(`${server.url}${CONSOLE}/users`, {
    method: 'POST',
    headers: bearer(BOOTSTRAP_TOKEN),
    json: { username: 'lena', email: 'lena@example.com', password: 'lena-password', roles: ['role-template-plugin-auth-view'] },
  });
  expect(ok.body.data.roles).toEqual(['role-template-plugin-auth-view']);
});

test('listUsers with a role lists only the users that role is bound to, with their roles', async () => {
  const role = 'role-template-payment-console-manage';
  await createUser(server, 'mira', 'mira-password-1', [role, 'role-template-plugin-auth-view']);
  await createUser(server, 'nils', 'nils-password-1', [role]);
  await createUser(server, 'olga', 'olga-password-1');
  type Listed = { total: number; items: Array<{ name: string; roles: string[] }> };
  const holders = await call<Listed>(`${server.url}${CONSOLE}/users?role=${role}&size=50`, { headers: bearer(BOOTSTRAP_TOKEN) });
  expect(holders.body.data.items.map((u) => u.name)).toEqual(['mira', 'nils']);
  expect(holders.body.data.items[0].roles).toEqual([role, 'role-template-plugin-auth-view']);
  const prefixed = await call<Listed>(`${server.url}${CONSOLE}/users?role=${role}&keyword=n`, { headers: bearer(BOOTSTRAP_TOKEN) });
  expect(prefixed.body.data.items.map((u) => u.name)).toEqual(['nils']);

  await call(`${server.url}${CONSOLE}/users/nils/roles`, { method: 'PUT', headers: bearer(BOOTSTRAP_TOKEN), json: { roles: [] } });
  const after = await call<Listed>(`${server.url}${CONSOLE}/users?role=${role}`, { headers: bearer(BOOTSTRAP_TOKEN) });
  expect(after.body.data.items.map((u) => u.name)).toEqual(['mira']);
  const nobody = await call<Listed>(`${server.url}${CONSOLE}/users?role=no-such-role`, { headers: bearer(BOOTSTRAP_TOKEN) });
  expect(nobody.body.data).toMatchObject({ total: 0, items: [] });
});

test('an administrator cannot disable themselves', async () => {
  const res = await call(`${server.url}${CONSOLE}/users/admin/disable`, { method: 'POST', headers: basic('admin', ADMIN_PASSWORD) });
  expect(res.status).toBe(400);
  expect((await server.runtime.client.get('User', 'admin')).spec).toMatchObject({ disabled: false });
});

test('changing the password needs the old one and ends the other sessions', async () => {
  await createUser(server, 'ivan', 'ivan-password-1');
  const first = await login(server, 'ivan', 'ivan-password-1');
  const second = await login(server, 'ivan', 'ivan-password-1');
  const wrong = await call(`${server.url}${UC}/users/-/password`, {
    method: 'PUT',
    headers: asBrowser(first),
    json: { oldPassword: 'nope-nope', newPassword: 'ivan-password-2' },
  });
  expect(wrong.status).toBe(400);
  const short = await call(`${server.url}${UC}/users/-/password`, {
    method: 'PUT',
    headers: asBrowser(first),
    json: { oldPassword: 'ivan-password-1', newPassword: 'short' },
  });
  expect(short.status).toBe(400);
  const ok = await call(`${server.url}${UC}/users/-/password`, {
    method: 'PUT',
    headers: asBrowser(first),
    json: { oldPassword: 'ivan-password-1', newPassword: 'ivan-password-2' },
  });
  expect(ok.status).toBe(200);
  expect((await call(`${server.url}${UC}/users/-`, { headers: { cookie: first.cookie } })).status).toBe(200);
  expect((await call(`${server.url}${UC}/users/-`, { headers: { cookie: second.cookie } })).status).toBe(401);
  await expect(login(server, 'ivan', 'ivan-password-1')).rejects.toThrow(/401/);
  await login(server, 'ivan', 'ivan-password-2');
});

test('ordinary users cannot manage users; anonymous callers get 401', async () => {
  await createUser(server, 'judy');
  const judy = await login(server, 'judy', 'user-password-1');
  const list = await call(`${server.url}${CONSOLE}/users`, { headers: { cookie: judy.cookie } });
  expect(list.status).toBe(403);
  expect(list.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  const grant = await call(`${server.url}${CONSOLE}/users/judy/roles`, {
    method: 'PUT',
    headers: asBrowser(judy),
    json: { roles: ['super-role'] },
  });
  expect(grant.status).toBe(403);
  expect(server.runtime.auth.services.authorizer.boundRoles('judy')).toEqual([]);
  expect((await call(`${server.url}${CONSOLE}/users`)).status).toBe(401);
  expect((await call(`${server.url}${UC}/users/-`)).status).toBe(401);
  // The generic API of the User kind is for administrators only.
  expect((await call(`${server.url}/apis/host.authpay.dev/v1alpha1/users/admin`, { headers: { cookie: judy.cookie } })).status).toBe(403);
  expect(
    (await call(`${server.url}/apis/host.authpay.dev/v1alpha1/users/judy`, { method: 'DELETE', headers: asBrowser(judy) })).status,
  ).toBe(403);
  expect(await server.runtime.client.fetch('User', 'judy')).toBeDefined();
});

test('the bootstrap token acts as super-role', async () => {
  const res = await call<{ items: Array<{ name: string }> }>(`${server.url}${CONSOLE}/users?size=100`, {
    headers: bearer(BOOTSTRAP_TOKEN),
  });
  expect(res.status).toBe(200);
  expect(res.body.data.items.map((u: { name: string }) => u.name)).toContain('admin');
});

test('the user and token operations are documented in /openapi.json under their operationIds', async () => {
  const doc = await call(`${server.url}/openapi.json`, { headers: bearer(BOOTSTRAP_TOKEN) });
  expect(doc.status).toBe(200);
  const ids = Object.values(documentOf<{ paths: Record<string, Record<string, { operationId?: string }>> }>(doc).paths).flatMap((ops) =>
    Object.values(ops).map((o) => o.operationId),
  );
  for (const id of [
    'signUp',
    'getCurrentUser',
    'createUser',
    'listUsers',
    'grantRoles',
    'disableUser',
    'enableUser',
    'changePassword',
    'createPersonalAccessToken',
    'listPersonalAccessTokens',
    'revokePersonalAccessToken',
  ]) {
    expect(ids).toContain(id);
  }
});
