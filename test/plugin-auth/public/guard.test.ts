import { pino } from 'pino';
import { Writable } from 'node:stream';
import { CONSOLE, UC, call, createPlugin, createUser, setSettings, start, type Server } from '../harness.js';
import { startWellInsideAMinute } from '../../support/rate-window.js';
import { openEndpointsGuard } from '../../../src/plugin-auth/public/open-guard.js';
import type { Role } from '../../../src/host/rbac/types.js';
import type { OpenApiDeps } from '../../../src/plugin-auth/public/deps.js';
import { SettingsSnapshot } from '../../../src/plugin-auth/public/settings-snapshot.js';
import type { PluginAuthSettings, PluginAuthSettingValues } from '../../../src/plugin-auth/settings/plugin-auth-settings.js';
import { OPEN, PUBLIC, publicGet } from './open-harness.js';

/** What stands in front of /public/** and /docking/**: apiAccessSecret, CORS, per-IP rate limits, RBAC. */
let server: Server;
beforeAll(async () => {
  server = await start();
  await createUser(server, 'erin');
  await createPlugin(server, { key: 'paid', price: 10 });
});
afterAll(() => server.stop());

const info = (headers: Record<string, string> = {}) => publicGet(server, 'pluginInfo', { pluginKey: 'paid' }, headers);

test('apiAccessSecret: when set, every public call needs it in Authorization (bare or Bearer); otherwise 401 访问密钥不正确', async () => {
  expect((await info()).status).toBe(200);
  await setSettings(server, { apiAccessSecret: 's3cret-value' });
  for (const headers of [
    {},
    { authorization: 'wrong' },
    { authorization: 'Bearer wrong' },
    { authorization: 's3cret-valu' },
    { 'x-api-secret': 's3cret-value' },
  ] as Array<Record<string, string>>) {
    const res = await info(headers);
    expect([res.status, res.body.success, res.body.code, res.body.message]).toEqual([401, false, 'API_SECRET_INVALID', '访问密钥不正确']);
  }
  const checked = await publicGet(server, 'checkAuth', { pluginKey: 'paid', authDomain: 'a.example.com' });
  expect(checked.status).toBe(401);
  expect(checked.headers.get('x-authpay-signature')).toBeNull();
  expect((await info({ authorization: 's3cret-value' })).status).toBe(200);
  expect((await info({ authorization: 'Bearer s3cret-value' })).status).toBe(200);
  expect((await info({ authorization: 'bearer  s3cret-value ' })).status).toBe(200);
  expect((await publicGet(server, 'jwks', {}, { authorization: 'Bearer s3cret-value' })).status).toBe(200);
  await setSettings(server, { apiAccessSecret: null });
  expect((await info()).status).toBe(200);
});

test('a changed apiAccessSecret applies without a restart: the old one is refused, the new one accepted', async () => {
  await setSettings(server, { apiAccessSecret: 'first-secret' });
  expect((await info({ authorization: 'first-secret' })).status).toBe(200);
  await setSettings(server, { apiAccessSecret: 'second-secret' });
  expect((await info({ authorization: 'first-secret' })).status).toBe(401);
  expect((await info({ authorization: 'Bearer second-secret' })).status).toBe(200);
  await setSettings(server, { apiAccessSecret: null });
  expect((await info({ authorization: 'second-secret' })).status).toBe(200);
});

test('CORS follows corsWhiteList: an allowed origin is echoed and its preflight answered, others get no CORS headers', async () => {
  await setSettings(server, { corsWhiteList: ['https://shop.example.com'] });
  const allowed = await info({ origin: 'https://shop.example.com' });
  expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
  expect(allowed.headers.get('access-control-expose-headers')).toContain('X-AuthPay-Signature');
  const other = await info({ origin: 'https://evil.example.com' });
  expect([other.status, other.headers.get('access-control-allow-origin')]).toEqual([200, null]);
  const preflight = await call(`${server.url}${PUBLIC}/checkAuth`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://shop.example.com',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    },
  });
  expect([
    preflight.status,
    preflight.headers.get('access-control-allow-origin'),
    preflight.headers.get('access-control-allow-headers'),
  ]).toEqual([204, 'https://shop.example.com', 'authorization']);
  await setSettings(server, { corsWhiteList: ['*'] });
  expect((await info({ origin: 'https://anyone.example.com' })).headers.get('access-control-allow-origin')).toBe('*');
  await setSettings(server, { corsWhiteList: [] });
  expect((await info({ origin: 'https://shop.example.com' })).headers.get('access-control-allow-origin')).toBeNull();
});

test('a wildcard corsWhiteList logs a warning when the guard starts', async () => {
  const lines: string[] = [];
  const logger = pino({ level: 'warn' }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
  const values = { corsWhiteList: ['*'], publicRateLimitPerMinute: 0, dockingRateLimitPerMinute: 0 } as unknown as PluginAuthSettingValues;
  const settings = { read: async () => values, onChange: () => () => undefined } as unknown as PluginAuthSettings;
  await openEndpointsGuard({ logger, snapshot: new SettingsSnapshot(settings, logger) } as unknown as OpenApiDeps);
  await new Promise((r) => setTimeout(r, 20));
  const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string; whitelist: string });
  expect(warnings).toEqual([
    expect.objectContaining({
      level: 40,
      whitelist: expect.stringContaining('corsWhiteList'),
      msg: expect.stringContaining('CORS whitelist contains "*"'),
    }),
  ]);
});

test('per-IP rate limit: 429 in the envelope with Retry-After; 0 turns it off; changes apply without a restart', async () => {
  await startWellInsideAMinute();
  await setSettings(server, { publicRateLimitPerMinute: 3 });
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await info()).status);
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
  const limited = await info();
  expect([limited.body.success, limited.body.code]).toEqual([false, 'RATE_LIMITED']);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  await setSettings(server, { publicRateLimitPerMinute: 0 });
  for (let i = 0; i < 10; i++) expect((await info()).status).toBe(200);
  await setSettings(server, { publicRateLimitPerMinute: null });
  expect((await info()).status).toBe(200);
}, 60_000);

test('the docking limit is separate from the public one', async () => {
  await startWellInsideAMinute();
  await setSettings(server, { dockingRateLimitPerMinute: 1, dockingAccessSecret: 'dock-secret' });
  const dock = () =>
    call(`${server.url}${OPEN}/docking/getPermanentAuthCode?dockingAccessSecret=wrong&pluginKey=paid&channel=qq&count=1`, {
      method: 'POST',
    });
  expect((await dock()).status).toBe(401);
  expect((await dock()).status).toBe(429);
  expect((await info()).status).toBe(200);
  await setSettings(server, { dockingRateLimitPerMinute: null, dockingAccessSecret: null });
}, 60_000);

test('anonymous callers reach /public/** and /docking/** of the group, nothing else of it or of the console', async () => {
  expect((await info()).status).toBe(200);
  for (const path of [
    `${OPEN}/other`,
    `${CONSOLE}/authlogs`,
    `${UC}/authorizations`,
    '/apis/pluginauth.authpay.dev/v1alpha1/sitepluginauthlogs',
    '/apis/keys.pluginauth.authpay.dev/v1alpha1/licensesigningkeys',
  ]) {
    const res = await call(`${server.url}${path}`);
    expect([path, res.status]).toEqual([path, 401]);
  }
  const roles = await server.runtime.client.get<Role>('Role', 'role-template-plugin-auth-public');
  expect(roles.rules).toEqual([
    { apiGroups: ['api.pluginauth.authpay.dev'], resources: ['public', 'public/*', 'docking', 'docking/*'], verbs: ['*'] },
  ]);
});
