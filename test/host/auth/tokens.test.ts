import {
  ADMIN_PASSWORD,
  CONSOLE,
  UC,
  asBrowser,
  bearer,
  call,
  createUser,
  login,
  start,
  type Server,
  type TokenView,
  type Me,
} from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await start();
  await createUser(server, 'alice');
  await createUser(server, 'bob');
});
afterAll(async () => {
  await server.stop();
});

async function newToken(user: string, body: Record<string, unknown> = { name: 'ci' }) {
  const b = await login(server, user, user === 'admin' ? ADMIN_PASSWORD : 'user-password-1');
  const res = await call<TokenView>(`${server.url}${UC}/personalaccesstokens`, { method: 'POST', headers: asBrowser(b), json: body });
  expect(res.status).toBe(201);
  return { browser: b, token: res.body.data.token as string, name: res.body.data.name as string };
}

test('a token is shown once, stored only as a SHA-256 hash, and authenticates as its owner', async () => {
  const { browser, token, name } = await newToken('alice', { name: 'deploy' });
  const me = await call<Me>(`${server.url}${UC}/users/-`, { headers: bearer(token) });
  expect(me.status).toBe(200);
  expect(me.body.data.user.name).toBe('alice');
  const list = await call<TokenView[]>(`${server.url}${UC}/personalaccesstokens`, { headers: { cookie: browser.cookie } });
  expect(list.body.data.map((t: { name: string }) => t.name)).toContain(name);
  expect(JSON.stringify(list.body)).not.toContain(token);
  const stored = await server.runtime.client.get('PersonalAccessToken', name);
  expect(JSON.stringify(stored)).not.toContain(token);
  expect((stored.spec as { tokenHash: string }).tokenHash).toMatch(/^[0-9a-f]{64}$/);
});

test('a revoked token stops working; revoking is refused for another user', async () => {
  const { token, name } = await newToken('alice');
  const bob = await newToken('bob');
  const stolen = await call(`${server.url}${UC}/personalaccesstokens/${name}/revoke`, { method: 'POST', headers: bearer(bob.token) });
  expect(stolen.status).toBe(404);
  expect((await call(`${server.url}${UC}/users/-`, { headers: bearer(token) })).status).toBe(200);
  const bobsList = await call<TokenView[]>(`${server.url}${UC}/personalaccesstokens`, { headers: bearer(bob.token) });
  expect(bobsList.body.data.map((t: { name: string }) => t.name)).not.toContain(name);

  const revoked = await call<TokenView>(`${server.url}${UC}/personalaccesstokens/${name}/revoke`, {
    method: 'POST',
    headers: bearer(token),
  });
  expect(revoked.status).toBe(200);
  expect(revoked.body.data.revoked).toBe(true);
  const after = await call(`${server.url}${UC}/users/-`, { headers: bearer(token) });
  expect(after.status).toBe(401);
  expect(after.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  expect((await call(`${server.url}${UC}/users/-`, { headers: { ...bearer(token), 'accept-language': 'en' } })).body.message).toMatch(
    /revoked/,
  );
});

test('an expired token is refused', async () => {
  const { token, name } = await newToken('alice', { name: 'short', expiresAt: new Date(Date.now() + 3600_000).toISOString() });
  expect((await call(`${server.url}${UC}/users/-`, { headers: bearer(token) })).status).toBe(200);
  // Move the expiry into the past in the store, as time passing would.
  await server.runtime.client.patch('PersonalAccessToken', name, { spec: { expiresAt: '2020-01-01T00:00:00Z' } });
  const res = await call(`${server.url}${UC}/users/-`, { headers: { ...bearer(token), 'accept-language': 'en' } });
  expect(res.status).toBe(401);
  expect(res.body.message).toMatch(/expired/);
});

test('bad token requests are refused and create nothing', async () => {
  const { browser } = await newToken('bob');
  const before = (await call<TokenView[]>(`${server.url}${UC}/personalaccesstokens`, { headers: { cookie: browser.cookie } })).body.data
    .length;
  for (const body of [
    {},
    { name: '' },
    { name: 'x', expiresAt: '2001-01-01T00:00:00Z' },
    { name: 'x', expiresAt: 'tomorrow' },
    { name: 'x', extra: 1 },
  ]) {
    const res = await call(`${server.url}${UC}/personalaccesstokens`, { method: 'POST', headers: asBrowser(browser), json: body });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  }
  expect(
    (await call<TokenView[]>(`${server.url}${UC}/personalaccesstokens`, { headers: { cookie: browser.cookie } })).body.data.length,
  ).toBe(before);
  const unknown = await call(`${server.url}${UC}/users/-`, { headers: bearer('authpay_pat_not-a-real-token') });
  expect(unknown.status).toBe(401);
});

test('the token records when it was last used', async () => {
  const { token, name } = await newToken('bob');
  await call(`${server.url}${UC}/users/-`, { headers: bearer(token) });
  let lastUsed: string | undefined;
  for (let i = 0; i < 50 && !lastUsed; i++) {
    lastUsed = ((await server.runtime.client.get('PersonalAccessToken', name)).status as { lastUsedAt?: string } | undefined)?.lastUsedAt;
    if (!lastUsed) await new Promise((r) => setTimeout(r, 20));
  }
  expect(lastUsed).toMatch(/^\d{4}-\d\d-\d\dT/);
});

describe('a token restricted to API groups', () => {
  const HOST_UC = 'uc.api.host.authpay.dev';
  const HOST_CONSOLE = 'console.api.host.authpay.dev';

  test('reaches the operations of its groups only; anything else is 403 TOKEN_SCOPE_DENIED in zh-CN and en', async () => {
    const { browser, token, name } = await newToken('alice', { name: 'scoped', apiGroups: [HOST_UC] });
    expect((await call<Me>(`${server.url}${UC}/users/-`, { headers: bearer(token) })).body.data.user.name).toBe('alice');
    const listed = await call<(TokenView & { apiGroups?: string[] })[]>(`${server.url}${UC}/personalaccesstokens`, {
      headers: { cookie: browser.cookie },
    });
    expect(listed.body.data.find((t) => t.name === name)?.apiGroups).toEqual([HOST_UC]);

    for (const path of [`${CONSOLE}/users`, '/apis/host.authpay.dev/v1alpha1/users', '/openapi.json', '/uc/']) {
      const zh = await call(`${server.url}${path}`, { headers: bearer(token) });
      expect({ path, status: zh.status }).toEqual({ path, status: 403 });
      if (path.startsWith('/apis/console')) {
        expect(zh.body).toMatchObject({ success: false, code: 'TOKEN_SCOPE_DENIED' });
        expect(zh.body.message).toContain(`此访问令牌仅限调用以下 API 组：${HOST_UC}`);
        const en = await call(`${server.url}${path}`, { headers: { ...bearer(token), 'accept-language': 'en' } });
        expect(en.body.message).toMatch(new RegExp(`restricted to the API groups ${HOST_UC.replace(/\./g, '\\.')}`));
      }
    }
    // The same user's unrestricted token reaches the public pages (served, or 503 while unbuilt: never refused).
    const free = await newToken('alice', { name: 'free' });
    expect((await call(`${server.url}/uc/`, { headers: bearer(free.token) })).status).not.toBe(403);
  });

  test('never widens what its user may do, and the administrator’s restricted token is restricted too', async () => {
    const { token } = await newToken('bob', { name: 'wishful', apiGroups: [HOST_CONSOLE] });
    const denied = await call(`${server.url}${CONSOLE}/users`, { headers: bearer(token) });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('FORBIDDEN');

    const admin = await newToken('admin', { name: 'console only', apiGroups: [HOST_CONSOLE] });
    expect((await call(`${server.url}${CONSOLE}/users`, { headers: bearer(admin.token) })).status).toBe(200);
    const uc = await call(`${server.url}${UC}/users/-`, { headers: bearer(admin.token) });
    expect(uc.status).toBe(403);
    expect(uc.body.code).toBe('TOKEN_SCOPE_DENIED');
  });

  test('malformed groups are refused and create nothing', async () => {
    const b = await login(server, 'bob', 'user-password-1');
    const count = async () =>
      (await call<TokenView[]>(`${server.url}${UC}/personalaccesstokens`, { headers: { cookie: b.cookie } })).body.data.length;
    const before = await count();
    for (const apiGroups of [[], ['Not A Group'], [''], 'uc.api.host.authpay.dev', Array.from({ length: 17 }, (_, i) => `g${i}.example`)]) {
      const res = await call(`${server.url}${UC}/personalaccesstokens`, {
        method: 'POST',
        headers: asBrowser(b),
        json: { name: 'bad', apiGroups },
      });
      expect(res.status).toBe(400);
    }
    expect(await count()).toBe(before);
  });
});

test('an Authorization header the host does not verify (a public API secret) leaves the caller anonymous; a session counts', async () => {
  for (const authorization of ['some-public-api-secret', 'Bearer some-public-api-secret', 'Token abc']) {
    const res = await call(`${server.url}${UC}/users/-`, { headers: { authorization } });
    expect([authorization, res.status]).toEqual([authorization, 401]);
  }
  const browser = await login(server, 'alice', 'user-password-1');
  const me = await call<Me>(`${server.url}${UC}/users/-`, {
    headers: { cookie: browser.cookie, authorization: 'Bearer some-public-api-secret' },
  });
  expect([me.status, me.body.data.user.name]).toEqual([200, 'alice']);
  const { token } = await newToken('bob');
  const viaToken = await call<Me>(`${server.url}${UC}/users/-`, { headers: { authorization: `bearer ${token}` } });
  expect([viaToken.status, viaToken.body.data.user.name]).toEqual([200, 'bob']);
});
