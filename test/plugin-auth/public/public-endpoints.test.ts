import type { PublicAuthLog, PublicPluginInfo } from '../../../src/plugin-auth/public/public-reads.js';
import type { AuthLog } from '../harness.js';
import { CONSOLE, UC, admin, as, createPlugin, createUser, dataOf, setSettings, start, type ListResult, type Server } from '../harness.js';
import { createRecord, jwksOf, publicGet as anonymousGet, type PublicQuery } from './open-harness.js';

/**
 * checkUser, authUser, auth (publicAuth), pluginInfo, generateAuthCode, getAuthLogs and jwks over HTTP, with an
 * apiAccessSecret configured (without one, checkUser, authUser, auth and getAuthLogs are refused: see
 * safe-by-default.test.ts).
 */
let server: Server;
const SECRET = { authorization: 'Bearer endpoints-secret' };
const publicGet = <T = unknown>(s: Server, endpoint: string, query: PublicQuery = {}) => anonymousGet<T>(s, endpoint, query, SECRET);
beforeAll(async () => {
  server = await start();
  await setSettings(server, { apiAccessSecret: 'endpoints-secret' });
  for (const user of ['carol', 'dan']) await createUser(server, user);
  await createPlugin(server, {
    key: 'paid',
    price: 10,
    description: 'A paid plugin',
    url: 'https://dl.example.com/paid.zip',
    payUrl: 'https://pay.example.com/paid',
  });
  await createPlugin(server, { key: 'free', price: 0, authCountLimit: 1 });
  await createRecord(server, { pluginKey: 'paid', authUser: 'carol', authDomain: 'shop.example.com', authStatus: 1 });
  await createRecord(server, { pluginKey: 'paid', authUser: 'dan', authDomain: 'shop.example.com', authStatus: 0 });
});
afterAll(() => server.stop());

const count = async (kind: string) => server.runtime.client.count(kind);

/** What generateAuthCode answers. */
interface FreeCodeAnswer {
  code: string;
  createdAt: string;
  expiresAt: string;
  pluginKey?: string;
}

test('checkUser says whether a user exists', async () => {
  expect(dataOf(await publicGet(server, 'checkUser', { username: 'carol' }))).toEqual({ username: 'carol', exists: true });
  expect(dataOf(await publicGet(server, 'checkUser', { username: 'nobody' }))).toEqual({ username: 'nobody', exists: false });
  expect((await publicGet(server, 'checkUser')).status).toBe(400);
});

test('authUser names the user whose record is valid for the host; none valid is 404 NOT_AUTHORIZED', async () => {
  expect(dataOf(await publicGet(server, 'authUser', { pluginKey: 'paid', authDomain: 'SHOP.example.com' }))).toMatchObject({
    pluginKey: 'paid',
    authDomain: 'shop.example.com',
    authUser: 'carol',
    permanent: false,
  });
  const none = await publicGet(server, 'authUser', { pluginKey: 'paid', authDomain: 'nowhere.example.com' });
  expect([none.status, none.body.code]).toEqual([404, 'NOT_AUTHORIZED']);
  const unknown = await publicGet(server, 'authUser', { pluginKey: 'nope', authDomain: 'shop.example.com' });
  expect([unknown.status, unknown.body.code]).toEqual([404, 'PLUGIN_NOT_FOUND']);
  expect((await publicGet(server, 'authUser', { pluginKey: 'paid', authDomain: 'a..b' })).body.code).toBe('INVALID_DOMAIN');
});

test('auth applies for a user under the user-center rules: pending, idempotent, limits, unknown user or plugin', async () => {
  const first = dataOf(
    await publicGet<PublicAuthLog & { created: boolean; license?: string }>(server, 'auth', {
      pluginKey: 'paid',
      authDomain: 'https://new.example.com/x',
      authUser: 'dan',
    }),
  );
  expect(first).toMatchObject({ pluginKey: 'paid', authUser: 'dan', authDomain: 'new.example.com', authStatus: 0, created: true });
  expect(first.license).toBeUndefined();
  expect(dataOf(await publicGet(server, 'auth', { pluginKey: 'paid', authDomain: 'new.example.com', authUser: 'dan' }))).toMatchObject({
    created: false,
  });
  const records = await count('SitePluginAuthLog');
  dataOf(await publicGet(server, 'auth', { pluginKey: 'free', authDomain: 'one.example.com', authUser: 'dan' }));
  const over = await publicGet(server, 'auth', { pluginKey: 'free', authDomain: 'two.example.com', authUser: 'dan' });
  expect([over.status, over.body.code, over.body.message]).toEqual([409, 'AUTH_LIMIT_EXCEEDED', '授权数量已超限']);
  for (const [query, code] of [
    [{ pluginKey: 'paid', authDomain: 'x.example.com', authUser: 'ghost' }, 'USER_NOT_FOUND'],
    [{ pluginKey: 'nope', authDomain: 'x.example.com', authUser: 'dan' }, 'PLUGIN_NOT_FOUND'],
    [{ pluginKey: 'paid', authDomain: 'bad host', authUser: 'dan' }, 'INVALID_DOMAIN'],
    [{ pluginKey: 'paid', authDomain: 'x.example.com' }, 'VALIDATION_FAILED'],
  ] as const) {
    expect((await publicGet(server, 'auth', query)).body.code).toBe(code);
  }
  expect(await count('SitePluginAuthLog')).toBe(records + 1);
});

test('auth for a user holding a permanent entitlement waits for the user; confirming in the user center authorizes at once', async () => {
  dataOf(await admin(server, 'POST', `${CONSOLE}/permanentusers`, { pluginKey: 'paid', authUser: 'carol' }));
  const record = dataOf(await publicGet(server, 'auth', { pluginKey: 'paid', authDomain: 'vip.example.com', authUser: 'carol' }));
  expect(record).toMatchObject({ authStatus: 0, unconfirmed: true, created: true });
  const confirmed = dataOf(
    await as<AuthLog>(server, 'carol', 'POST', `${UC}/authorizations`, { pluginKey: 'paid', domain: 'vip.example.com' }),
  );
  expect(confirmed.spec).toMatchObject({ authStatus: 1, expireTime: '2099-12-31T23:59:59Z' });
  expect(confirmed.spec.unconfirmed).toBeUndefined();
});

test('pluginInfo shows the public catalog fields, not the download url', async () => {
  const info = dataOf(await publicGet<PublicPluginInfo & { url?: string }>(server, 'pluginInfo', { pluginKey: 'paid' }));
  expect(info).toMatchObject({
    key: 'paid',
    name: 'Plugin paid',
    price: 10,
    priceType: 'PAID',
    description: 'A paid plugin',
    payUrl: 'https://pay.example.com/paid',
  });
  expect(info.url).toBeUndefined();
  const missing = await publicGet(server, 'pluginInfo', { pluginKey: 'nope' });
  expect([missing.status, missing.body.code]).toEqual([404, 'PLUGIN_NOT_FOUND']);
});

test('generateAuthCode makes a 5-minute free code; a paid plugin is refused and nothing is stored', async () => {
  const code = dataOf(await publicGet<FreeCodeAnswer>(server, 'generateAuthCode', { pluginKey: 'free' }));
  expect(code.code).toMatch(/^[A-Z0-9]{8}$/);
  expect(Date.parse(code.expiresAt) - Date.parse(code.createdAt)).toBe(5 * 60_000);
  expect(dataOf(await publicGet<FreeCodeAnswer>(server, 'generateAuthCode')).pluginKey).toBeUndefined();
  const before = await count('FreeAuthCode');
  const paid = await publicGet(server, 'generateAuthCode', { pluginKey: 'paid' });
  expect([paid.status, paid.body.code]).toEqual([403, 'FREE_CODE_NOT_ALLOWED']);
  expect((await publicGet(server, 'generateAuthCode', { pluginKey: 'nope' })).body.code).toBe('PLUGIN_NOT_FOUND');
  expect(await count('FreeAuthCode')).toBe(before);
});

test("getAuthLogs lists a user's records, paged, without license bodies", async () => {
  await publicGet(server, 'checkAuth', { pluginKey: 'paid', authDomain: 'shop.example.com' }); // stores a license in carol's record
  const page = dataOf(await publicGet(server, 'getAuthLogs', { authUser: 'carol', size: '1' }));
  expect(page).toMatchObject({ page: 1, size: 1, total: 2, hasNext: true });
  const all = dataOf(
    await publicGet<ListResult<PublicAuthLog & { license?: string }>>(server, 'getAuthLogs', { authUser: 'carol', pluginKey: 'paid' }),
  );
  expect(all.items.map((r) => r.authDomain).sort()).toEqual(['shop.example.com', 'vip.example.com']);
  for (const item of all.items) expect(item.license).toBeUndefined();
  expect(JSON.stringify(all)).not.toContain('eyJ');
  expect((await publicGet(server, 'getAuthLogs', { authUser: 'ghost' })).body.code).toBe('USER_NOT_FOUND');
  expect((await publicGet(server, 'getAuthLogs', { authUser: 'carol', size: '501' })).status).toBe(400);
});

test('jwks is a plain JWKS document with the public Ed25519 key only', async () => {
  const jwks = await jwksOf(server, SECRET);
  expect(jwks.keys).toHaveLength(1);
  expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
  expect(Object.keys(jwks.keys[0]).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x']);
});

test('settings keys of the open endpoints accept 0 (limit off)', async () => {
  expect(await setSettings(server, { publicRateLimitPerMinute: 0, dockingRateLimitPerMinute: 0 })).toMatchObject({
    publicRateLimitPerMinute: 0,
    dockingRateLimitPerMinute: 0,
  });
  await setSettings(server, { publicRateLimitPerMinute: null, dockingRateLimitPerMinute: null });
});
