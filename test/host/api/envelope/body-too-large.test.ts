/**
 * A 413 names the limit that applied to the route (issue #28 item 11): the records import takes 16 MiB, so a
 * 17 MiB import is told "16 MiB", while a 2 MiB settings body is told "1 MiB". The payment callback reader,
 * which reads the bodies the parsers skip (XML), answers a proper 413 too instead of cutting the body short.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { sizeText } from '../../../../src/host/errors/payload-too-large.js';
import { startTempServer, type TempServer } from '../../../support/temp-server.js';

const TOKEN = 'body-too-large-bootstrap-token-0123456789';
const PAYMENT = '/apis/console.api.payment.authpay.dev/v1alpha1';
const PLUGIN_AUTH = '/apis/console.api.pluginauth.authpay.dev/v1alpha1';
const CALLBACK = '/apis/api.payment.authpay.dev/v1alpha1/asyncCallback/WALLET_B';
const MIB = 1024 * 1024;

let server: TempServer;

beforeAll(async () => {
  server = await startTempServer({ prefix: 'authpay-body-too-large', env: { AUTHPAY_BOOTSTRAP_TOKEN: TOKEN } });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

async function send(method: string, path: string, body: string, contentType: string, english: boolean) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': contentType, ...(english ? { 'accept-language': 'en' } : {}) },
    body,
  });
  const text = await res.text();
  let json: { code?: string; message?: string; details?: Array<{ field?: string; message: string }> } = {};
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: json };
}

test('a 17 MiB YAML import is refused with 413 naming its own 16 MiB limit, in both languages', async () => {
  const yaml = `# ${'x'.repeat(17 * MIB)}\n`;
  const en = await send('POST', `${PLUGIN_AUTH}/authlogs-import`, yaml, 'application/yaml', true);
  expect([en.status, en.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  expect(en.body.message).toBe('request body too large (limit 16 MiB)');
  expect(en.body.details?.[0]).toMatchObject({ field: 'body', message: 'the request body exceeds 16 MiB' });
  const zh = await send('POST', `${PLUGIN_AUTH}/authlogs-import`, yaml, 'application/yaml', false);
  expect([zh.status, zh.body.message]).toEqual([413, '请求体过大（上限 16 MiB）']);
}, 60_000);

test('a 2 MiB body to an ordinary operation is refused naming 1 MiB', async () => {
  const body = JSON.stringify({ notice: 'x'.repeat(2 * MIB) });
  const en = await send('PUT', `${PAYMENT}/settings`, body, 'application/json', true);
  expect([en.status, en.body.code, en.body.message]).toEqual([413, 'PAYLOAD_TOO_LARGE', 'request body too large (limit 1 MiB)']);
  const zh = await send('PUT', `${PAYMENT}/settings`, body, 'application/json', false);
  expect(zh.body.message).toBe('请求体过大（上限 1 MiB）');
});

test('the generic API names 1 MiB in its Status message', async () => {
  const body = JSON.stringify({ apiVersion: 'v1', kind: 'X', metadata: { name: 'x' }, data: 'x'.repeat(2 * MIB) });
  const res = await fetch(`${server.url}/apis/payment.authpay.dev/v1alpha1/paymentinfos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body,
  });
  const status = (await res.json()) as { code: number; reason: string; message: string };
  expect([res.status, status.code, status.reason]).toEqual([413, 413, 'RequestEntityTooLarge']);
  expect(status.message).toContain('limit 1 MiB');
});

test('a payment callback body over 1 MiB that the parsers skip (XML) is a 413, not a truncated read', async () => {
  const xml = `<xml><a>${'x'.repeat(2 * MIB)}</a></xml>`;
  const en = await send('POST', CALLBACK, xml, 'application/xml', true);
  expect([en.status, en.body.code, en.body.message]).toEqual([413, 'PAYLOAD_TOO_LARGE', 'request body too large (limit 1 MiB)']);
});

test('limits read as people write them', () => {
  expect(sizeText(16 * MIB)).toBe('16 MiB');
  expect(sizeText(256 * 1024)).toBe('256 KiB');
  expect(sizeText(353_624)).toBe('345.34 KiB (353624 bytes)');
  expect(sizeText(500)).toBe('500 bytes');
});
