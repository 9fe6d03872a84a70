import * as yaml from 'js-yaml';
import { SitePluginAuthLog } from '../../src/plugin-auth/auth-log/types.js';
import { BOOTSTRAP_TOKEN, bearer } from '../host/auth/harness.js';
import {
  CONSOLE,
  UC,
  admin,
  as,
  call,
  createPlugin,
  createUser,
  dataOf,
  start,
  type AuthLog,
  type AuthLogView,
  type GeneratedCodes,
  type ListResult,
  type PermanentCode,
  type Server,
} from './harness.js';

/** Console filters and sorting, import and export of records, and the code export. */
let server: Server;
const HOUR = 3_600_000;
const stamp = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString().replace(/\.\d{3}Z$/, 'Z');

const RECORDS = [
  {
    pluginKey: 'alpha',
    authUser: 'gina',
    authDomain: 'gina-shop.example.com',
    authStatus: 1,
    authTime: stamp(-5 * HOUR),
    expireTime: '2099-12-31T23:59:59Z',
  },
  {
    pluginKey: 'alpha',
    authUser: 'hank',
    authDomain: 'hank.example.org',
    authStatus: 1,
    authTime: stamp(-4 * HOUR),
    expireTime: stamp(48 * HOUR),
  },
  {
    pluginKey: 'alpha',
    authUser: 'hank',
    authDomain: 'old.hank.example.org',
    authStatus: 1,
    authTime: stamp(-3 * HOUR),
    expireTime: stamp(-HOUR),
  },
  { pluginKey: 'beta', authUser: 'gina', authDomain: 'beta.example.net', authStatus: 0 },
  {
    pluginKey: 'beta',
    authUser: 'hank',
    authDomain: 'xn--mnchen-3ya.de',
    authStatus: 0,
    authTime: stamp(-2 * HOUR),
    expireTime: stamp(-2 * HOUR),
    license: 'eyJhbGciOiJFZERTQSJ9.e30.sig',
  },
];
const docs = RECORDS.map((spec, i) => ({
  apiVersion: 'pluginauth.authpay.dev/v1alpha1',
  kind: 'SitePluginAuthLog',
  metadata: i === 0 ? { labels: { tier: 'gold' }, annotations: { note: 'vip' } } : {},
  spec,
}));

beforeAll(async () => {
  server = await start();
  for (const user of ['gina', 'hank']) await createUser(server, user);
  await createPlugin(server, { key: 'alpha', price: 10 });
  await createPlugin(server, { key: 'beta', price: 0 });
  const imported = dataOf(
    await call(`${server.url}${CONSOLE}/authlogs-import`, {
      method: 'POST',
      headers: { ...bearer(BOOTSTRAP_TOKEN), 'content-type': 'application/yaml' },
      body: docs.map((d) => yaml.dump(d)).join('---\n'),
    }),
  );
  expect(imported).toMatchObject({ total: 5, created: 5, updated: 0, unchanged: 0 });
});
afterAll(() => server.stop());

const domains = async (query: string) =>
  dataOf(await admin<ListResult<AuthLogView>>(server, 'GET', `${CONSOLE}/authlogs?${query}`)).items.map((r) => r.spec.authDomain);

test('filters: plugin, keyword (plugin key, user or domain), user, authStatus, validity type', async () => {
  expect((await domains('pluginKey=beta')).sort()).toEqual(['beta.example.net', 'xn--mnchen-3ya.de']);
  expect((await domains('keyword=HANK')).sort()).toEqual(['hank.example.org', 'old.hank.example.org', 'xn--mnchen-3ya.de']);
  expect((await domains('keyword=bet')).sort()).toEqual(['beta.example.net', 'xn--mnchen-3ya.de']);
  expect((await domains('keyword=.net')).sort()).toEqual(['beta.example.net']);
  expect(await domains('authUser=gina&authStatus=1')).toEqual(['gina-shop.example.com']);
  expect(await domains('validity=PERMANENT')).toEqual(['gina-shop.example.com']);
  expect(await domains('validity=LIMITED')).toEqual(['hank.example.org']);
  expect(await domains('validity=EXPIRED&sort=expireTime&direction=asc')).toEqual(['xn--mnchen-3ya.de', 'old.hank.example.org']);
  const bad = await admin(server, 'GET', `${CONSOLE}/authlogs?validity=SOMETIMES`);
  expect(bad.status).toBe(400);
});

test('sorting by authTime, expireTime and creation time, and the paged ListResult', async () => {
  expect(await domains('pluginKey=alpha&sort=authTime&direction=asc')).toEqual([
    'gina-shop.example.com',
    'hank.example.org',
    'old.hank.example.org',
  ]);
  expect(await domains('pluginKey=alpha&sort=expireTime&direction=desc')).toEqual([
    'gina-shop.example.com',
    'hank.example.org',
    'old.hank.example.org',
  ]);
  const page = dataOf(await admin(server, 'GET', `${CONSOLE}/authlogs?size=2&page=2&sort=creationTimestamp`));
  expect(page).toMatchObject({ page: 2, size: 2, total: 5, totalPages: 3, first: false, last: false, hasNext: true, hasPrevious: true });
  const shown = dataOf(
    await admin<ListResult<AuthLogView>>(server, 'GET', `${CONSOLE}/authlogs?pluginKey=alpha&sort=authTime&direction=asc`),
  ).items.map((r) => r.expireTimeDisplay.text);
  expect(shown[0]).toBe('永久授权');
  expect(shown[2]).toBe('已过期');
});

test('export sitePluginAuthLogs.yaml (all or filtered) and import it back losslessly', async () => {
  const all = await call(`${server.url}${CONSOLE}/authlogs-export`, { headers: bearer(BOOTSTRAP_TOKEN) });
  expect(all.headers.get('content-disposition')).toBe('attachment; filename="sitePluginAuthLogs.yaml"');
  const exported = yaml.loadAll(all.text);
  expect(exported).toHaveLength(5);
  const filtered = await call(`${server.url}${CONSOLE}/authlogs-export?pluginKey=alpha&validity=EXPIRED`, {
    headers: bearer(BOOTSTRAP_TOKEN),
  });
  expect((yaml.loadAll(filtered.text) as Array<{ spec: { authDomain: string } }>).map((d) => d.spec.authDomain)).toEqual([
    'old.hank.example.org',
  ]);
  const before = await server.runtime.client.list(SitePluginAuthLog, {});
  for (const r of before.items) await server.runtime.client.delete('SitePluginAuthLog', r.metadata.name);
  const back = dataOf(await admin(server, 'POST', `${CONSOLE}/authlogs-import`, { yaml: all.body }));
  expect(back).toMatchObject({ total: 5, created: 5 });
  const after = await server.runtime.client.list(SitePluginAuthLog, {});
  const shape = (items: AuthLog[]) =>
    items.map((r) => ({ name: r.metadata.name, labels: r.metadata.labels, annotations: r.metadata.annotations, spec: r.spec }));
  expect(shape(after.items)).toEqual(shape(before.items));
  const again = dataOf(await admin(server, 'POST', `${CONSOLE}/authlogs-import`, { yaml: all.body }));
  expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 5 });
});

test('a YAML import with broken items reports each one and writes nothing', async () => {
  const count = await server.runtime.client.count('SitePluginAuthLog');
  const good = { kind: 'SitePluginAuthLog', spec: { pluginKey: 'beta', authUser: 'gina', authDomain: 'fresh.example.com', authStatus: 1 } };
  const broken = [
    good,
    { kind: 'SitePluginAuthLog', spec: { pluginKey: 'beta', authUser: 'gina', authDomain: 'bad..domain', authStatus: 0 } },
    { kind: 'SitePluginAuthLog', spec: { pluginKey: 'nope', authUser: 'gina', authDomain: 'a.example.com', authStatus: 0 } },
    { kind: 'SitePluginAuthLog', spec: { pluginKey: 'beta', authUser: 'gina', authDomain: 'b.example.com', authStatus: 7 } },
    {
      kind: 'SitePluginAuthLog',
      metadata: { name: 'renamed' },
      spec: { pluginKey: 'beta', authUser: 'gina', authDomain: 'c.example.com', authStatus: 0 },
    },
    {
      kind: 'SitePluginAuthLog',
      spec: { pluginKey: 'beta', authUser: 'gina', authDomain: 'd.example.com', authStatus: 0, expireTime: 'tomorrow' },
    },
    { kind: 'SitePlugin', spec: {} },
  ];
  const res = await admin(server, 'POST', `${CONSOLE}/authlogs-import`, { yaml: broken.map((d) => yaml.dump(d)).join('---\n') });
  expect([res.status, res.body.code]).toEqual([400, 'IMPORT_INVALID']);
  expect(res.body.details?.map((d) => d.field)).toEqual(['items[1]', 'items[2]', 'items[3]', 'items[4]', 'items[5]', 'items[6]']);
  expect(res.body.details?.map((d) => d.message).join('\n')).toMatch(/INVALID_DOMAIN|domain/);
  expect(await server.runtime.client.count('SitePluginAuthLog')).toBe(count);
  const notYaml = await admin(server, 'POST', `${CONSOLE}/authlogs-import`, { yaml: 'a: [unclosed' });
  expect([notYaml.status, notYaml.body.code]).toEqual([400, 'IMPORT_INVALID']);
});

test('code export: one code per line, filtered like the list', async () => {
  const { codes } = dataOf(
    await admin<GeneratedCodes>(server, 'POST', `${CONSOLE}/permanentcodes`, { pluginKey: 'alpha', channel: 'alipay', count: 4 }),
  );
  dataOf(await admin(server, 'POST', `${CONSOLE}/permanentcodes`, { pluginKey: 'beta', channel: 'alipay', count: 2 }));
  const res = await call(`${server.url}${CONSOLE}/permanentcodes-export?pluginKey=alpha`, { headers: bearer(BOOTSTRAP_TOKEN) });
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(res.text.trim().split('\n').sort()).toEqual([...codes].sort());
  const name = codes[0].toLowerCase();
  expect(dataOf(await admin(server, 'DELETE', `${CONSOLE}/permanentcodes/${name}`))).toEqual({ name });
  expect(dataOf(await admin<ListResult<PermanentCode>>(server, 'GET', `${CONSOLE}/permanentcodes?pluginKey=alpha`)).total).toBe(3);
});

test('user center: a user lists and deletes only their own records', async () => {
  const mine = dataOf(await as<ListResult<AuthLog>>(server, 'gina', 'GET', `${UC}/authorizations`));
  expect(mine.items.every((r) => r.spec.authUser === 'gina')).toBe(true);
  const hanks = dataOf(await as<ListResult<AuthLog>>(server, 'hank', 'GET', `${UC}/authorizations`)).items[0].metadata.name;
  const steal = await as(server, 'gina', 'DELETE', `${UC}/authorizations/${hanks}`);
  expect([steal.status, steal.body.code]).toEqual([404, 'AUTH_LOG_NOT_FOUND']);
  expect(dataOf(await as(server, 'hank', 'DELETE', `${UC}/authorizations/${hanks}`))).toEqual({ name: hanks });
  expect(await server.runtime.client.fetch('SitePluginAuthLog', hanks)).toBeUndefined();
});
