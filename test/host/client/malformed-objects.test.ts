import type { Resource } from '../../../src/host/resource/types.js';
import { BOOTSTRAP_TOKEN, basic, bearer, call, createUser, start, type Server } from '../auth/harness.js';

/**
 * Issue 21 item 2: an object without its spec (written before the CRDs required it, or by hand into the
 * database) is skipped and reported by every list and read; it never makes a page answer 500. The generic
 * API refuses to create one.
 */
let server: Server;
const PASSWORD = 'user-password-1';
const admin = bearer(BOOTSTRAP_TOKEN);
const alice = basic('alice', PASSWORD);
const PLUGIN_AUTH = '/apis/pluginauth.authpay.dev/v1alpha1';
const PA_CONSOLE = '/apis/console.api.pluginauth.authpay.dev/v1alpha1';
const PA_UC = '/apis/uc.api.pluginauth.authpay.dev/v1alpha1';
const PAY_CONSOLE = '/apis/console.api.payment.authpay.dev/v1alpha1';
const PAY_UC = '/apis/uc.api.payment.authpay.dev/v1alpha1';
const HOST_CONSOLE = '/apis/console.api.host.authpay.dev/v1alpha1';

/** Writes straight into the store, past the client's validation, as an old or hand-edited row would be. */
async function writeRaw(kind: string, name: string, spec?: Record<string, unknown>): Promise<void> {
  const info = server.runtime.registry.get(kind);
  const obj = {
    apiVersion: info.apiVersion,
    kind,
    metadata: { name, uid: `uid-${kind}-${name}`, creationTimestamp: '2026-01-01T00:00:00Z', generation: 1 },
    ...(spec ? { spec } : {}),
  } as Resource;
  await server.runtime.store.insert(info, obj);
}

interface Page {
  items: Array<Record<string, unknown> & { name?: string; metadata?: { name: string } }>;
}

async function pageOf(path: string, headers: Record<string, string>): Promise<Page> {
  const res = await call<Page>(`${server.url}${path}`, { headers });
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  return res.body.data;
}

const namesOf = (page: Page) => page.items.map((i) => i.metadata?.name ?? i.name);

beforeAll(async () => {
  server = await start();
  await createUser(server, 'alice', PASSWORD);
  const plugin = await call(`${server.url}${PA_CONSOLE}/siteplugins`, {
    method: 'POST',
    headers: admin,
    json: { key: 'good', name: 'Good', price: 0 },
  });
  expect(plugin.status).toBeLessThan(300);
  await writeRaw('SitePlugin', 'broken-plugin');
  await writeRaw('User', 'broken-user');
  await writeRaw('PaymentInfo', 'broken-order');
  await writeRaw('SitePluginAuthLog', 'broken-record');
  // Half-written objects that the user-center filters still match (owner fields only).
  await writeRaw('PaymentInfo', 'alices-broken-order', { platform: 'system', username: 'alice' });
  await writeRaw('SitePluginAuthLog', 'alices-broken-record', { authUser: 'alice', pluginKey: 'good' });
});

afterAll(async () => {
  await server.stop();
});

test('the plugin catalog answers 200 without the spec-less plugin, in the user center and the console', async () => {
  expect(namesOf(await pageOf(`${PA_UC}/catalog`, alice))).toEqual(['good']);
  expect(namesOf(await pageOf(`${PA_CONSOLE}/siteplugins`, admin))).toEqual(['good']);
});

test('listUsers answers 200 without the spec-less user, and that user cannot log in (401, not 500)', async () => {
  const users = namesOf(await pageOf(`${HOST_CONSOLE}/users?size=200`, admin));
  expect(users).toEqual(expect.arrayContaining(['admin', 'alice']));
  expect(users).not.toContain('broken-user');
  const login = await call(`${server.url}/login`, { method: 'POST', json: { username: 'broken-user', password: 'anything-at-all' } });
  expect(login.status).toBe(401);
  expect((await call(`${server.url}${HOST_CONSOLE}/users/broken-user`, { headers: admin })).status).toBe(404);
  expect((await call(`${server.url}${PAY_UC}/payments`, { headers: basic('broken-user', 'anything-at-all') })).status).toBe(401);
});

test('payment lists answer 200 without malformed orders, in the console and the user center', async () => {
  expect(namesOf(await pageOf(`${PAY_CONSOLE}/payments`, admin))).toEqual([]);
  expect(namesOf(await pageOf(`${PAY_UC}/payments`, alice))).toEqual([]);
  expect((await call(`${server.url}${PAY_CONSOLE}/payments/broken-order`, { headers: admin })).status).toBe(404);
});

test('authorization record lists answer 200 without malformed records, in the console and the user center', async () => {
  expect(namesOf(await pageOf(`${PA_CONSOLE}/authlogs`, admin))).toEqual([]);
  expect(namesOf(await pageOf(`${PA_UC}/authorizations`, alice))).toEqual([]);
});

test('each skipped object is counted by kind in authpay_malformed_objects_skipped_total', async () => {
  await pageOf(`${PA_UC}/catalog`, alice);
  const { body } = await server.runtime.metrics.render();
  for (const kind of ['SitePlugin', 'User', 'PaymentInfo', 'SitePluginAuthLog'])
    expect(body).toMatch(new RegExp(`authpay_malformed_objects_skipped_total\\{kind="${kind}"\\} [1-9]`));
});

test.each([
  ['SitePlugin', `${PLUGIN_AUTH}/siteplugins`, 'pluginauth.authpay.dev/v1alpha1'],
  ['SitePluginAuthLog', `${PLUGIN_AUTH}/sitepluginauthlogs`, 'pluginauth.authpay.dev/v1alpha1'],
  ['PaymentInfo', '/apis/payment.authpay.dev/v1alpha1/paymentinfos', 'payment.authpay.dev/v1alpha1'],
  ['User', '/apis/host.authpay.dev/v1alpha1/users', 'host.authpay.dev/v1alpha1'],
])('the generic API refuses a %s without spec with 422 naming spec, and stores nothing', async (kind, path, apiVersion) => {
  const res = await call<never>(`${server.url}${path}`, {
    method: 'POST',
    headers: admin,
    json: { apiVersion, kind, metadata: { name: 'no-spec' } },
  });
  expect(res.status).toBe(422);
  const status = res.body as unknown as { reason: string; details: { causes: Array<{ field: string; reason: string }> } };
  expect(status.reason).toBe('Invalid');
  expect(status.details.causes).toContainEqual(expect.objectContaining({ field: 'spec', reason: 'FieldValueRequired' }));
  expect(await server.runtime.store.get(server.runtime.registry.get(kind), 'no-spec')).toBeUndefined();
});

test('a spec-less plugin that carries the records finalizer can still be deleted (the finalizer lets it go)', async () => {
  const info = server.runtime.registry.get('SitePlugin');
  await server.runtime.store.insert(info, {
    apiVersion: info.apiVersion,
    kind: 'SitePlugin',
    metadata: {
      name: 'broken-final',
      uid: 'uid-broken-final',
      creationTimestamp: '2026-01-01T00:00:00Z',
      generation: 1,
      finalizers: ['pluginauth.authpay.dev/delete-auth-logs'],
    },
  } as Resource);
  const path = `${server.url}${PLUGIN_AUTH}/siteplugins/broken-final`;
  expect((await call(path, { method: 'DELETE', headers: admin })).status).toBe(200);
  let status = 0;
  for (let i = 0; i < 100 && status !== 404; i++) {
    status = (await call(path, { headers: admin })).status;
    if (status !== 404) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(status).toBe(404);
});
