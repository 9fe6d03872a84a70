/**
 * Name-like fields refuse what makes a name lie or break a line (issue #21 item 7): control characters (C0,
 * C1, NUL), unpaired surrogates and bidi override/isolate characters. One host format, `single-line-text`
 * (and `multi-line-text` for bodies, which keeps line breaks), used by operation schemas through the SDK and
 * by the CRDs, so the business operations and the generic API refuse the same values.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { startTempServer, type TempServer } from '../../../support/temp-server.js';

const TOKEN = 'name-like-bootstrap-token-0123456789';
const HOST = '/apis/console.api.host.authpay.dev/v1alpha1';
const PLUGIN_AUTH = '/apis/console.api.pluginauth.authpay.dev/v1alpha1';
const PAYMENT = '/apis/console.api.payment.authpay.dev/v1alpha1';
const GENERIC = '/apis/pluginauth.authpay.dev/v1alpha1';

let server: TempServer;

beforeAll(async () => {
  server = await startTempServer({ prefix: 'authpay-name-like', env: { AUTHPAY_BOOTSTRAP_TOKEN: TOKEN } });
  const plugin = await post(`${PLUGIN_AUTH}/siteplugins`, { key: 'names', name: 'Names', price: 0 });
  expect(plugin.status).toBe(201);
});

afterAll(async () => {
  await server.stop();
});

interface Answer {
  status: number;
  body: { code?: string; message?: string; details?: Array<{ field?: string; message: string }>; causes?: Array<{ field?: string }> };
}

async function post(path: string, json: unknown, english = false): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...(english ? { 'accept-language': 'en' } : {}) },
    body: JSON.stringify(json),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const HOSTILE: Array<[string, string]> = [
  ['NUL', 'ab\u0000c'],
  ['a C0 control (bell)', 'ab\u0007c'],
  ['a line break', 'ab\nc'],
  ['a C1 control', 'ab\u0085c'],
  ['a right-to-left override', 'invoice\u202Etxt.exe'],
  ['a left-to-right isolate', 'a\u2066b\u2069'],
  ['a lone high surrogate', 'ab\uD800'],
  ['a lone low surrogate', '\uDC00ab'],
];

/** Each name-like field, with a body that is valid apart from it. */
const FIELDS: Array<[string, string, (value: string, i: number) => unknown, string]> = [
  [
    'createUser displayName',
    `${HOST}/users`,
    (v, i) => ({ username: `person-${i}`, email: `p${i}@example.com`, password: 'long-enough-1', displayName: v }),
    'body.displayName',
  ],
  [
    'createUser email',
    `${HOST}/users`,
    (v, i) => ({ username: `mail-${i}`, email: `${v}@example.com`, password: 'long-enough-1' }),
    'body.email',
  ],
  ['createSitePlugin name', `${PLUGIN_AUTH}/siteplugins`, (v, i) => ({ key: `p${i}`, name: v, price: 0 }), 'body.name'],
  ['createSitePlugin author', `${PLUGIN_AUTH}/siteplugins`, (v, i) => ({ key: `a${i}`, name: 'A', author: v, price: 0 }), 'body.author'],
  [
    'generatePermanentCodes channel',
    `${PLUGIN_AUTH}/permanentcodes`,
    (v) => ({ pluginKey: 'names', channel: v, count: 1 }),
    'body.channel',
  ],
  [
    'generatePermanentCodes authUser',
    `${PLUGIN_AUTH}/permanentcodes`,
    (v) => ({ pluginKey: 'names', channel: 'qq', count: 1, authUser: v }),
    'body.authUser',
  ],
  [
    'initiateTestPayment subject',
    `${PAYMENT}/test-payment`,
    (v) => ({ paymentType: 'SANDBOX', paymentChannel: 'SIMULATED', subject: v }),
    'body.subject',
  ],
];

/** The labels the user forms give their fields (src/host/users/schemas.ts). */
const LABELS: Record<string, { zh: string; en: string }> = {
  'body.displayName': { zh: '显示名', en: 'Display name' },
  'body.email': { zh: '邮箱', en: 'E-mail' },
};

test.each(FIELDS)(
  '%s refuses control, bidi and lone-surrogate characters, in both languages, writing nothing',
  async (_n, path, build, field) => {
    for (const [i, [what, value]] of HOSTILE.entries()) {
      const revision = await server.runtime.store.currentRevision();
      const zh = await post(path, build(value, i));
      expect([what, zh.status, zh.body.code]).toEqual([what, 400, 'VALIDATION_FAILED']);
      expect(zh.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
      // A field the form labels (the user forms) is named by its label; others by their property.
      const id = field.slice('body.'.length);
      const label = LABELS[field] ?? { zh: `${id} `, en: id };
      const name = label.en;
      expect(zh.body.details!.find((d) => d.field === field)!.message).toBe(
        `${label.zh}不能包含控制字符、换行、不成对的代理字符或双向控制字符`,
      );
      expect(zh.body.message).toMatch(/^输入有误：/);
      const en = await post(path, build(value, i), true);
      expect(en.body.message).toMatch(new RegExp(`^invalid input: .*${name} must not contain control characters`));
      expect(en.body.details!.find((d) => d.field === field)!.message).toMatch(new RegExp(`^${name} must not contain control characters`));
      expect(await server.runtime.store.currentRevision()).toBe(revision);
    }
  },
);

test('ordinary names in any script, with emoji (paired surrogates), are accepted', async () => {
  const user = await post(`${HOST}/users`, {
    username: 'zhang-san',
    email: 'z@example.com',
    password: 'long-enough-1',
    displayName: '张三 😀 O’Brien',
  });
  expect(user.status).toBe(201);
  const plugin = await post(`${PLUGIN_AUTH}/siteplugins`, {
    key: 'arabic',
    name: 'مكوّن إضافي',
    description: 'line one\nline two\ttabbed',
    price: 0,
  });
  expect(plugin.status).toBe(201);
});

test('the CRDs refuse the same values on the generic API', async () => {
  const revision = await server.runtime.store.currentRevision();
  const res = await post(`${GENERIC}/siteplugins`, {
    apiVersion: 'pluginauth.authpay.dev/v1alpha1',
    kind: 'SitePlugin',
    metadata: { name: 'generic-bidi' },
    spec: { key: 'generic-bidi', name: 'Pay\u202Eexe.txt', price: 0 },
  });
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(JSON.stringify(res.body)).toContain('spec.name');
  expect(await server.runtime.store.currentRevision()).toBe(revision);
});
