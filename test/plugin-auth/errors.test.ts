import { SitePluginAuthLog } from '../../src/plugin-auth/auth-log/types.js';
import {
  CONSOLE,
  UC,
  admin,
  as,
  createPlugin,
  createUser,
  dataOf,
  freeCode,
  setSettings,
  start,
  type AuthLog,
  type AuthLogView,
  type GeneratedCodes,
  type ListResult,
  type PermanentCode,
  type Server,
} from './harness.js';

/** Every error row of the spec and of the "bad input": a clear error, nothing else changed. */
let server: Server;
beforeAll(async () => {
  server = await start();
  for (const user of ['dave', 'erin']) await createUser(server, user);
  await createPlugin(server, { key: 'paid', price: 10 });
  await createPlugin(server, { key: 'other', price: 10 });
  await createPlugin(server, { key: 'free', price: 0, authCountLimit: 2 });
});
afterAll(() => server.stop());

const count = async () => dataOf(await admin<ListResult<AuthLogView>>(server, 'GET', `${CONSOLE}/authlogs?size=1`)).total;
const activate = (user: string, pluginKey: string, domain: string, code: string) =>
  as(server, user, 'POST', `${UC}/authorizations/activate`, { pluginKey, domain, code });
const codesFor = async (body: Record<string, unknown>) =>
  dataOf(await admin<GeneratedCodes>(server, 'POST', `${CONSOLE}/permanentcodes`, { channel: 'qq', count: 1, ...body })).codes;

test('application for a plugin that does not exist: PLUGIN_NOT_FOUND, nothing written', async () => {
  const before = await count();
  const res = await as(server, 'dave', 'POST', `${UC}/authorizations`, { pluginKey: 'nope', domain: 'a.example.com' });
  expect([res.status, res.body.code, res.body.success]).toEqual([404, 'PLUGIN_NOT_FOUND', false]);
  expect(await count()).toBe(before);
});

test('a record, code or entitlement for a user that does not exist: USER_NOT_FOUND', async () => {
  for (const [path, body] of [
    ['/authlogs', { pluginKey: 'paid', authUser: 'ghost', authDomain: 'a.example.com', authStatus: 0 }],
    ['/permanentusers', { pluginKey: 'paid', authUser: 'ghost' }],
    ['/permanentcodes', { pluginKey: 'paid', channel: 'qq', count: 1, authUser: 'ghost' }],
  ] as const) {
    const res = await admin(server, 'POST', `${CONSOLE}${path}`, body);
    expect([path, res.status, res.body.code]).toEqual([path, 404, 'USER_NOT_FOUND']);
  }
});

test('application beyond the domain limit: 授权数量已超限 (English on request), no record', async () => {
  await as(server, 'dave', 'POST', `${UC}/authorizations`, { pluginKey: 'free', domain: 'one.example.com' });
  await as(server, 'dave', 'POST', `${UC}/authorizations`, { pluginKey: 'free', domain: 'two.example.com' });
  const res = await as(server, 'dave', 'POST', `${UC}/authorizations`, { pluginKey: 'free', domain: 'three.example.com' });
  expect([res.status, res.body.code, res.body.message]).toEqual([409, 'AUTH_LIMIT_EXCEEDED', '授权数量已超限']);
  const en = await server.runtime.client.count('SitePluginAuthLog');
  const dev = await as(server, 'dave', 'POST', `${UC}/authorizations`, { pluginKey: 'free', domain: 'http://localhost:8080' });
  expect(dev.status).toBe(200); // development hosts do not count while exemptDevelopmentHosts is on
  await setSettings(server, { exemptDevelopmentHosts: false });
  const staging = await as(server, 'dave', 'POST', `${UC}/authorizations`, { pluginKey: 'free', domain: 'shop.test' });
  expect(staging.body.code).toBe('AUTH_LIMIT_EXCEEDED');
  await setSettings(server, { exemptDevelopmentHosts: true });
  expect(await server.runtime.client.count('SitePluginAuthLog')).toBe(en + 1);
});

test('the global limit applies when the plugin sets none; -1 is unlimited', async () => {
  await setSettings(server, { globalAuthCountLimit: 1 });
  await as(server, 'erin', 'POST', `${UC}/authorizations`, { pluginKey: 'other', domain: 'g1.example.com' });
  const res = await as(server, 'erin', 'POST', `${UC}/authorizations`, { pluginKey: 'other', domain: 'g2.example.com' });
  expect(res.body.code).toBe('AUTH_LIMIT_EXCEEDED');
  await setSettings(server, { globalAuthCountLimit: -1 });
  expect((await as(server, 'erin', 'POST', `${UC}/authorizations`, { pluginKey: 'other', domain: 'g2.example.com' })).status).toBe(200);
});

test('a malformed domain: INVALID_DOMAIN naming the field', async () => {
  for (const domain of ['http://', 'a..b.com', 'exa mple.com', 'under_score.com']) {
    const res = await as(server, 'dave', 'POST', `${UC}/authorizations`, { pluginKey: 'paid', domain });
    expect([domain, res.status, res.body.code, res.body.details?.[0].field]).toEqual([domain, 400, 'INVALID_DOMAIN', 'domain']);
  }
});

test('rejected codes, each with its own machine code; a refused activation leaves no record and the code unchanged', async () => {
  const before = await count();
  const [used] = await codesFor({ pluginKey: 'paid' });
  expect((await activate('dave', 'paid', 'used.example.com', used)).status).toBe(200);
  const [forOther] = await codesFor({ pluginKey: 'other' });
  const [forErin] = await codesFor({ pluginKey: 'paid', authUser: 'erin' });
  const [expired] = await codesFor({ pluginKey: 'paid', expiresAt: new Date(Date.now() + 1000).toISOString() });
  await freeCode(server, 'ZZZZZZZZ', 6 * 60_000);
  await freeCode(server, 'YYYYYYYY', 0);
  // Expiry is compared in whole seconds (now rounded down): 2.1 s after a 1 s expiry the rounded-down now is
  // past it whatever the fraction of the second the code was made in (with a 1.5 s expiry it was not always).
  await new Promise((r) => setTimeout(r, 2100));
  const cases: Array<[string, string, string, number, string]> = [
    [used, 'paid', 'u2.example.com', 409, 'CODE_USED'],
    [expired, 'paid', 'e.example.com', 409, 'CODE_EXPIRED'],
    [forOther, 'paid', 'o.example.com', 409, 'CODE_PLUGIN_MISMATCH'],
    [forErin, 'paid', 'r.example.com', 403, 'CODE_USER_MISMATCH'],
    ['ZZZZZZZZ', 'free', 'old.example.test', 409, 'FREE_CODE_EXPIRED'],
    ['YYYYYYYY', 'paid', 'p.example.com', 403, 'FREE_CODE_NOT_ALLOWED'],
    ['22222222', 'free', 'n.example.test', 404, 'CODE_NOT_FOUND'],
    ['not-a-code', 'free', 'n.example.test', 404, 'CODE_NOT_FOUND'],
  ];
  for (const [code, plugin, domain, status, machine] of cases) {
    const res = await activate('dave', plugin, domain, code);
    expect([machine, res.status, res.body.code]).toEqual([machine, status, machine]);
    expect(res.body.message).toBeTruthy();
  }
  expect(await count()).toBe(before + 1);
  const codes = dataOf(await admin<ListResult<PermanentCode>>(server, 'GET', `${CONSOLE}/permanentcodes?pluginKey=paid&size=50`)).items;
  expect(codes.filter((c) => c.spec.status === 'USED')).toHaveLength(1);
});

test('a batch naming records that do not exist changes nothing', async () => {
  const name = dataOf(await as<AuthLog>(server, 'erin', 'POST', `${UC}/authorizations`, { pluginKey: 'paid', domain: 'batch.example.com' }))
    .metadata.name;
  const res = await admin(server, 'POST', `${CONSOLE}/authlogs-batch/authorize`, { names: [name, 'missing-record'] });
  expect([res.status, res.body.code, res.body.details?.[0].message]).toEqual([404, 'AUTH_LOG_NOT_FOUND', 'missing-record 不存在']);
  const record = await server.runtime.client.get(SitePluginAuthLog, name);
  expect(record.spec.authStatus).toBe(0);
});

test('code generation: count outside 1..authCodeCreateLimit or an unknown channel generates nothing', async () => {
  const before = await server.runtime.client.count('PermanentAuthCode');
  for (const [body, code] of [
    [{ count: 51 }, 'CODE_COUNT_OUT_OF_RANGE'],
    [{ count: 0 }, 'CODE_COUNT_OUT_OF_RANGE'],
    [{ channel: 'nowhere' }, 'UNKNOWN_CHANNEL'],
    [{ expiresAt: '2020-01-01T00:00:00Z' }, 'VALIDATION_FAILED'],
  ] as const) {
    const res = await admin(server, 'POST', `${CONSOLE}/permanentcodes`, { pluginKey: 'paid', channel: 'qq', count: 1, ...body });
    expect([res.status, res.body.code]).toEqual([400, code]);
  }
  await setSettings(server, { authCodeCreateLimit: 60 });
  expect(
    dataOf(await admin<GeneratedCodes>(server, 'POST', `${CONSOLE}/permanentcodes`, { pluginKey: 'paid', channel: 'qq', count: 51 })).codes,
  ).toHaveLength(51);
  expect(await server.runtime.client.count('PermanentAuthCode')).toBe(before + 51);
});

test('unknown body fields are refused (additionalProperties false)', async () => {
  const res = await as(server, 'dave', 'POST', `${UC}/authorizations`, { pluginKey: 'paid', domain: 'x.example.com', authUser: 'erin' });
  expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
});
