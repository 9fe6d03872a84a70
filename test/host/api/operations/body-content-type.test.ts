/**
 * A business operation reads only the body types it declares (issue #21 item 7): a PUT/POST/PATCH whose body
 * has another content type — or none — answers 415 and changes nothing, where it used to be read as an empty
 * object and "saved". Operations that take YAML or text (the records import) and raw callbacks keep working;
 * the import alone takes bodies up to 16 MiB, every other operation 1 MiB.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { startTempServer, type TempServer } from '../../../support/temp-server.js';

const TOKEN = 'content-type-bootstrap-token-0123456789';
const PAYMENT = '/apis/console.api.payment.authpay.dev/v1alpha1';
const PLUGIN_AUTH = '/apis/console.api.pluginauth.authpay.dev/v1alpha1';
const HOST = '/apis/console.api.host.authpay.dev/v1alpha1';

let server: TempServer;

beforeAll(async () => {
  server = await startTempServer({ prefix: 'authpay-content-type', env: { AUTHPAY_BOOTSTRAP_TOKEN: TOKEN } });
});

afterAll(async () => {
  await server.stop();
});

async function send(method: string, path: string, body: string | undefined, headers: Record<string, string>, english = false) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(english ? { 'accept-language': 'en' } : {}), ...headers },
    body,
  });
  const text = await res.text();
  let json: { code?: string; message?: string; data?: Record<string, unknown> } = {};
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: json };
}

const timeoutMinutes = async () =>
  (await send('GET', `${PAYMENT}/settings`, undefined, {})).body.data?.timeoutMinutes as number | undefined;

test.each([
  ['text/plain', { 'content-type': 'text/plain' }],
  ['application/x-www-form-urlencoded', { 'content-type': 'application/x-www-form-urlencoded' }],
  ['application/octet-stream', { 'content-type': 'application/octet-stream' }],
  ['text/html', { 'content-type': 'text/html' }],
])('a JSON operation given a %s body answers 415 in both languages and changes nothing', async (_type, headers) => {
  const before = await timeoutMinutes();
  const revision = await server.runtime.store.currentRevision();
  const body = JSON.stringify({ timeoutMinutes: 77 });
  const zh = await send('PUT', `${PAYMENT}/settings`, body, headers);
  expect([zh.status, zh.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  expect(zh.body.message).toContain('不支持的请求体类型');
  const en = await send('PUT', `${HOST}/settings/payment-settings`, JSON.stringify({ general: { timeoutMinutes: 77 } }), headers, true);
  expect([en.status, en.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  expect(en.body.message).toMatch(/^unsupported body content type .*; send application\/json/);
  expect(await server.runtime.store.currentRevision()).toBe(revision);
  expect(await timeoutMinutes()).toBe(before);
});

test('a body without any content type answers 415; an empty body and JSON still work', async () => {
  const res = await fetch(`${server.url}${PAYMENT}/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${TOKEN}` },
    body: new Blob([JSON.stringify({ timeoutMinutes: 77 })]),
  });
  expect(res.status).toBe(415);
  const json = await send('PUT', `${PAYMENT}/settings`, JSON.stringify({ timeoutMinutes: 61 }), {
    'content-type': 'application/json; charset=utf-8',
  });
  expect(json.status).toBe(200);
  expect(await timeoutMinutes()).toBe(61);
  // An action without a body (POST with Content-Length: 0) is not a wrong content type.
  const empty = await send('POST', `${PAYMENT}/interface-keys`, '', {});
  expect(empty.status).toBe(200);
});

test('the records import still takes text/plain and application/yaml', async () => {
  const doc = 'apiVersion: pluginauth.authpay.dev/v1alpha1\nkind: SitePluginAuthLog\nspec: { pluginKey: nope }\n';
  for (const type of ['text/plain', 'application/yaml']) {
    const res = await send('POST', `${PLUGIN_AUTH}/authlogs-import`, doc, { 'content-type': type });
    // Read and checked (the plugin is not in the catalog), not refused for its type.
    expect([res.status, res.body.code]).toEqual([400, 'IMPORT_INVALID']);
  }
  const html = await send('POST', `${PLUGIN_AUTH}/authlogs-import`, doc, { 'content-type': 'text/html' });
  expect(html.status).toBe(415);
});

test('every operation keeps the 1 MiB body limit; the records import alone takes up to 16 MiB', async () => {
  const overOneMiB = JSON.stringify({ timeoutMinutes: 5, padding: 'x'.repeat(1024 * 1024) });
  const settings = await send('PUT', `${PAYMENT}/settings`, overOneMiB, { 'content-type': 'application/json' });
  expect(settings.status).toBe(413);
  const record = 'apiVersion: pluginauth.authpay.dev/v1alpha1\nkind: SitePluginAuthLog\nspec: { pluginKey: nope }\n';
  const twoMiB = `# ${'x'.repeat(2 * 1024 * 1024)}\n${record}`;
  const imported = await send('POST', `${PLUGIN_AUTH}/authlogs-import`, twoMiB, { 'content-type': 'application/yaml' });
  expect([imported.status, imported.body.code]).toEqual([400, 'IMPORT_INVALID']);
  const tooLarge = `# ${'x'.repeat(17 * 1024 * 1024)}\n`;
  const refused = await send('POST', `${PLUGIN_AUTH}/authlogs-import`, tooLarge, { 'content-type': 'application/yaml' });
  expect(refused.status).toBe(413);
});
