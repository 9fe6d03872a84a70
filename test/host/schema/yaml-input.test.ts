import { BOOTSTRAP_TOKEN, bearer, call, start, type Server } from '../auth/harness.js';

/** Issue 21 item 3: YAML aliases in request bodies (generic API, record import) are refused with a 400. */
let server: Server;
const admin = bearer(BOOTSTRAP_TOKEN);
const SITE_PLUGINS = '/apis/pluginauth.authpay.dev/v1alpha1/siteplugins';
const CONFIG_MAPS = '/apis/host.authpay.dev/v1alpha1/configmaps';
const PA_CONSOLE = '/apis/console.api.pluginauth.authpay.dev/v1alpha1';

/** Eight levels of nine aliases each: a few hundred bytes that expand to 9^8 strings when serialized. */
function aliasBomb(name: string): string {
  const levels = 'abcdefgh'.split('');
  const lines = levels.map((level, i) =>
    i === 0
      ? `  ${level}: &${level} [lol,lol,lol,lol,lol,lol,lol,lol,lol]`
      : `  ${level}: &${level} [${Array(9)
          .fill(`*${levels[i - 1]}`)
          .join(',')}]`,
  );
  return [
    'apiVersion: pluginauth.authpay.dev/v1alpha1',
    'kind: SitePlugin',
    `metadata: {name: ${name}}`,
    `spec: {key: ${name}, name: Bomb, price: 0}`,
    'status:',
    ...lines,
    '',
  ].join('\n');
}

beforeAll(async () => {
  server = await start();
});

afterAll(async () => {
  await server.stop();
});

const stored = (kind: string, name: string) => server.runtime.store.get(server.runtime.registry.get(kind), name);

test('an alias bomb of under 1 KB sent as application/yaml is a 400 naming aliases, and nothing is stored', async () => {
  const body = aliasBomb('bomb');
  expect(Buffer.byteLength(body)).toBeLessThan(1024);
  const res = await call<never>(`${server.url}${SITE_PLUGINS}`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/yaml' },
    body,
  });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ kind: 'Status', reason: 'BadRequest', code: 400 });
  expect((res.body as unknown as { message: string }).message).toMatch(/aliases/);
  expect(await stored('SitePlugin', 'bomb')).toBeUndefined();
});

test('a YAML body without aliases is still accepted', async () => {
  const body = 'apiVersion: host.authpay.dev/v1alpha1\nkind: ConfigMap\nmetadata: {name: plain-yaml}\ndata: {a: "1"}\n';
  const res = await call(`${server.url}${CONFIG_MAPS}`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/yaml' },
    body,
  });
  expect(res.status).toBe(201);
});

test('the authorization-record import refuses aliases with a 400 and imports nothing', async () => {
  const plugin = await call(`${server.url}${PA_CONSOLE}/siteplugins`, {
    method: 'POST',
    headers: admin,
    json: { key: 'p1', name: 'P1', price: 0 },
  });
  expect(plugin.status).toBeLessThan(300);
  const yaml = [
    'apiVersion: pluginauth.authpay.dev/v1alpha1',
    'kind: SitePluginAuthLog',
    'spec: &s {pluginKey: p1, authUser: admin, authDomain: a.example.com, authStatus: AUTHORIZED}',
    '---',
    'apiVersion: pluginauth.authpay.dev/v1alpha1',
    'kind: SitePluginAuthLog',
    'spec: *s',
  ].join('\n');
  const res = await call(`${server.url}${PA_CONSOLE}/authlogs-import`, {
    method: 'POST',
    headers: { ...admin, 'accept-language': 'en' },
    json: { yaml },
  });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ success: false, code: 'YAML_ALIAS_REFUSED' });
  expect(res.body.message).toMatch(/aliases/);
  expect((await server.runtime.store.list(server.runtime.registry.get('SitePluginAuthLog'), {})).items).toEqual([]);
});
