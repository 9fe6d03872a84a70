/**
 * Idempotency-Key on the POST operations that opt in (issue #16 item 5): a double click or a retried request
 * creates nothing twice, a key reused with another body is refused, and the records live in the store.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { startTempServer, type TempServer } from '../../../support/temp-server.js';
import { IdempotencyKeys } from '../../../../src/host/api/operations/idempotency.js';

const TOKEN = 'idempotency-bootstrap-token-0123456789';
const PLUGIN_AUTH = '/apis/console.api.pluginauth.authpay.dev/v1alpha1';
const PAYMENT = '/apis/console.api.payment.authpay.dev/v1alpha1';
const HOST = '/apis/console.api.host.authpay.dev/v1alpha1';

let server: TempServer;
let managerToken: string;

interface Answer {
  status: number;
  headers: Headers;
  body: { success: boolean; code: string; message: string; data: unknown; details?: Array<{ field?: string }> };
}

async function post(path: string, json: unknown, headers: Record<string, string> = {}, token = TOKEN): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(json),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer['body'] };
}

const codeCount = () => server.runtime.client.count('PermanentAuthCode');
const generate = (body: Record<string, unknown>, key?: string, token?: string) =>
  post(`${PLUGIN_AUTH}/permanentcodes`, body, key === undefined ? {} : { 'idempotency-key': key }, token);

beforeAll(async () => {
  server = await startTempServer({ prefix: 'authpay-idempotency', env: { AUTHPAY_BOOTSTRAP_TOKEN: TOKEN } });
  expect((await post(`${PLUGIN_AUTH}/siteplugins`, { key: 'idem', name: 'Idem', price: 10 })).status).toBe(201);
  const user = { username: 'mia', email: 'mia@example.com', password: 'mia-password-1', roles: ['role-template-plugin-auth-manage'] };
  expect((await post(`${HOST}/users`, user)).status).toBe(201);
  const auth = `Basic ${Buffer.from('mia:mia-password-1').toString('base64')}`;
  const res = await fetch(`${server.url}/apis/uc.api.host.authpay.dev/v1alpha1/personalaccesstokens`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'ci' }),
  });
  managerToken = ((await res.json()) as { data: { token: string } }).data.token;
});

afterAll(async () => {
  await server.stop();
});

test('the same key and body answer the first result again and generate the codes once', async () => {
  const before = await codeCount();
  const body = { pluginKey: 'idem', channel: 'qq', count: 3 };
  const first = await generate(body, 'click-1');
  expect(first.status).toBe(201);
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  const again = await generate({ count: 3, channel: 'qq', pluginKey: 'idem' }, 'click-1');
  expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
  expect(again.body.data).toEqual(first.body.data);
  expect(await codeCount()).toBe(before + 3);
  expect((await generate(body, 'click-2')).status).toBe(201);
  expect((await generate(body)).status).toBe(201);
  expect(await codeCount()).toBe(before + 9);
});

test('a key used again with another body is 422 IDEMPOTENCY_KEY_REUSED in both languages, creating nothing', async () => {
  expect((await generate({ pluginKey: 'idem', channel: 'qq', count: 1 }, 'reused')).status).toBe(201);
  const before = await codeCount();
  const zh = await generate({ pluginKey: 'idem', channel: 'qq', count: 2 }, 'reused');
  expect([zh.status, zh.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  expect(zh.body.message).toMatch(/幂等键/);
  const en = await post(
    `${PLUGIN_AUTH}/permanentcodes`,
    { pluginKey: 'idem', channel: 'qq', count: 2 },
    {
      'idempotency-key': 'reused',
      'accept-language': 'en',
    },
  );
  expect(en.body.message).toMatch(/already used with a different request body/);
  expect(await codeCount()).toBe(before);
});

test('keys belong to their caller: another user with the same key gets their own answer', async () => {
  const body = { pluginKey: 'idem', channel: 'qq', count: 1 };
  const admin = await generate(body, 'shared-key');
  const mia = await generate(body, 'shared-key', managerToken);
  expect([admin.status, mia.status, mia.headers.get('idempotent-replayed')]).toEqual([201, 201, null]);
  expect(mia.body.data).not.toEqual(admin.body.data);
});

test('a refused request records nothing: the same key works once the input is right', async () => {
  const refused = await generate({ pluginKey: 'idem', channel: 'no-such-channel', count: 1 }, 'fix-and-retry');
  expect([refused.status, refused.body.code]).toEqual([400, 'UNKNOWN_CHANNEL']);
  expect((await generate({ pluginKey: 'idem', channel: 'qq', count: 1 }, 'fix-and-retry')).status).toBe(201);
});

test('concurrent repeats of one key create once; the others replay or are told to retry', async () => {
  const before = await codeCount();
  const body = { pluginKey: 'idem', channel: 'wechat', count: 2 };
  const answers = await Promise.all(Array.from({ length: 4 }, () => generate(body, 'burst')));
  for (const a of answers) expect([201, 409]).toContain(a.status);
  for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe('IDEMPOTENCY_KEY_IN_USE');
  expect(await codeCount()).toBe(before + 2);
});

test('a malformed key is a field error; the stored answers are sealed from every API caller', async () => {
  const bad = await generate({ pluginKey: 'idem', channel: 'qq', count: 1 }, 'has space');
  expect([bad.status, bad.body.code, bad.body.details?.[0].field]).toEqual([400, 'VALIDATION_FAILED', 'header.Idempotency-Key']);
  const sealed = await fetch(`${server.url}/apis/host.authpay.dev/v1alpha1/idempotencyrecords`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(sealed.status).toBe(403);
});

test('the console test payment opts in: one order for a repeated key', async () => {
  const orders = () => server.runtime.client.count('PaymentInfo');
  const before = await orders();
  const body = { paymentType: 'SANDBOX', paymentChannel: 'SIMULATED' };
  const first = await post(`${PAYMENT}/test-payment`, body, { 'idempotency-key': 'pay-once' });
  const second = await post(`${PAYMENT}/test-payment`, body, { 'idempotency-key': 'pay-once' });
  expect([first.status, second.status, second.headers.get('idempotent-replayed')]).toEqual([200, 200, 'true']);
  expect(second.body.data).toEqual(first.body.data);
  expect(await orders()).toBe(before + 1);
});

test('answers are forgotten after 24 hours by the retention job', async () => {
  const count = () => server.runtime.client.count('IdempotencyRecord');
  expect(await count()).toBeGreaterThan(0);
  const tomorrow = new IdempotencyKeys(server.runtime.client, server.runtime.logger, () => Date.now() + 25 * 3600_000);
  expect(await tomorrow.deleteExpired()).toBeGreaterThan(0);
  expect(await count()).toBe(0);
  const body = { pluginKey: 'idem', channel: 'qq', count: 1 };
  expect((await generate(body, 'click-1')).headers.get('idempotent-replayed')).toBeNull();
});

test('the operations that opt in document the header in /openapi.json', async () => {
  const doc = (await (await fetch(`${server.url}/openapi.json`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as {
    paths: Record<string, Record<string, { operationId?: string; parameters?: Array<{ name: string; in: string }> }>>;
  };
  const ops = Object.values(doc.paths).flatMap((item) => Object.values(item));
  const withHeader = ops
    .filter((o) => o.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'))
    .map((o) => o.operationId);
  expect(withHeader.sort()).toEqual(['applyWithdrawal', 'generatePermanentCodes', 'testPayment']);
});
