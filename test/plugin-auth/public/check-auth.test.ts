import { systemClock } from '../../../src/host/sdk/index.js';
import { generateSigningKeyJwk, importSigningKey } from '../../../src/plugin-auth/license/signing-key.js';
import { issueLicense } from '../../../src/plugin-auth/license/issue-license.js';
import type { CheckAuthAnswer } from '../../../src/plugin-auth/public/check-auth.js';
import { CONSOLE, admin, call, createPlugin, createUser, dataOf, documentOf, start, type Server } from '../harness.js';
import { createRecord, jwksOf, publicGet, rawCheckAuth, recordOf, verifyAnswer } from './open-harness.js';

/** checkAuth through HTTP: every code, license write-back, no write with a license, signatures, bad input. */
let server: Server;
const DAY = 86_400_000;
const stamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

beforeAll(async () => {
  server = await start();
  await createUser(server, 'alice');
  await createPlugin(server, { key: 'paid', price: 10 });
  await createRecord(server, { pluginKey: 'paid', authUser: 'alice', authDomain: 'valid.example.com', authStatus: 1 });
  await createRecord(server, { pluginKey: 'paid', authUser: 'alice', authDomain: 'other.example.com', authStatus: 1 });
  await createRecord(server, { pluginKey: 'paid', authUser: 'alice', authDomain: 'pending.example.com', authStatus: 0 });
  await createRecord(server, {
    pluginKey: 'paid',
    authUser: 'alice',
    authDomain: 'expired.example.com',
    authStatus: 1,
    authTime: stamp(Date.now() - 40 * DAY),
    expireTime: stamp(Date.now() - DAY),
  });
});
afterAll(() => server.stop());

const check = async (query: Record<string, string>) => {
  const res = await publicGet<CheckAuthAnswer>(server, 'checkAuth', query);
  expect([res.status, res.body.success]).toEqual([200, true]);
  return res.body.data;
};
const licenseFor = async (authDomain: string) => (await check({ pluginKey: 'paid', authDomain })).license as string;

test('an unknown plugin is PLUGIN_NOT_FOUND, an unknown host NOT_FOUND, a pending record PENDING, a past expiry EXPIRED', async () => {
  expect(await check({ pluginKey: 'nope', authDomain: 'valid.example.com' })).toMatchObject({ valid: false, code: 'PLUGIN_NOT_FOUND' });
  expect(await check({ pluginKey: 'paid', authDomain: 'unknown.example.com' })).toMatchObject({
    valid: false,
    code: 'NOT_FOUND',
    authDomain: 'unknown.example.com',
  });
  expect(await check({ pluginKey: 'paid', authDomain: 'pending.example.com' })).toMatchObject({ valid: false, code: 'PENDING' });
  const expired = await check({ pluginKey: 'paid', authDomain: 'expired.example.com' });
  expect(expired).toMatchObject({ valid: false, code: 'EXPIRED' });
  expect(expired.license).toBeUndefined();
  expect((await recordOf(server, 'paid', 'alice', 'expired.example.com')).spec.license).toBeUndefined();
});

test('without a license a valid record gets a new license, written back to the record (spec rule 2)', async () => {
  const data = await check({ pluginKey: 'paid', authDomain: 'https://Valid.Example.com/shop' });
  expect(data).toMatchObject({ valid: true, code: 'VALID', pluginKey: 'paid', authDomain: 'valid.example.com', permanent: false });
  expect(data.license).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const record = await recordOf(server, 'paid', 'alice', 'valid.example.com');
  expect(record.spec.license).toBe(data.license);
  expect(data.expireTime).toBe(record.spec.expireTime);
});

test('with the current license: VALID, the same license back, and nothing written', async () => {
  const license = await licenseFor('valid.example.com');
  const before = await recordOf(server, 'paid', 'alice', 'valid.example.com');
  for (let i = 0; i < 3; i++)
    expect(await check({ pluginKey: 'paid', authDomain: 'valid.example.com', license })).toMatchObject({
      valid: true,
      code: 'VALID',
      license,
    });
  expect((await recordOf(server, 'paid', 'alice', 'valid.example.com')).metadata.resourceVersion).toBe(before.metadata.resourceVersion);
});

test('a replaced license, a license of another host, a tampered one or garbage: LICENSE_MISMATCH', async () => {
  const old = await licenseFor('valid.example.com');
  const current = await licenseFor('valid.example.com');
  const otherHost = await licenseFor('other.example.com');
  const [h, p, s] = current.split('.');
  const flipped = `${s.slice(0, -2)}${s.at(-2) === 'A' ? 'B' : 'A'}${s.at(-1)}`;
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
  const forgedPayload = Buffer.from(JSON.stringify({ ...payload, exp: payload.exp + 1 })).toString('base64url');
  for (const license of [old, otherHost, `${h}.${p}.${flipped}`, `${h}.${forgedPayload}.${s}`, 'not-a-jws', 'a.b.c', `${h}.${p}`]) {
    expect([license.slice(0, 12), (await check({ pluginKey: 'paid', authDomain: 'valid.example.com', license })).code]).toEqual([
      license.slice(0, 12),
      'LICENSE_MISMATCH',
    ]);
  }
  expect(await check({ pluginKey: 'paid', authDomain: 'valid.example.com', license: current })).toMatchObject({ code: 'VALID' });
});

test("a license signed by another key is refused even when it is stored as the record's license", async () => {
  const foreignKey = await importSigningKey(await generateSigningKeyJwk());
  const record = await recordOf(server, 'paid', 'alice', 'other.example.com');
  const forged = await issueLicense(
    { pluginKey: 'paid', domain: 'other.example.com', user: 'alice', expireTime: record.spec.expireTime! },
    foreignKey,
    systemClock,
  );
  dataOf(await admin(server, 'PUT', `${CONSOLE}/authlogs/${record.metadata.name}`, { license: forged }));
  expect(await check({ pluginKey: 'paid', authDomain: 'other.example.com', license: forged })).toMatchObject({
    valid: false,
    code: 'LICENSE_MISMATCH',
  });
});

test('the answer echoes the nonce and is signed over its exact bytes with the JWKS key', async () => {
  const jwks = await jwksOf(server);
  const answer = await rawCheckAuth(server, { pluginKey: 'paid', authDomain: 'valid.example.com', nonce: 'n-0123456789' });
  expect(answer.body.data).toMatchObject({ code: 'VALID', nonce: 'n-0123456789' });
  await expect(verifyAnswer(jwks, answer.text, answer.signature as string)).resolves.toBeUndefined();
  const changed = answer.text.replace('n-0123456789', 'n-0123456780');
  await expect(verifyAnswer(jwks, changed, answer.signature as string)).rejects.toThrow();
  const refused = await rawCheckAuth(server, { pluginKey: 'paid', authDomain: 'pending.example.com', nonce: 'x' });
  await expect(verifyAnswer(jwks, refused.text, refused.signature as string)).resolves.toBeUndefined();
});

test('bad input is a clear 400/414 envelope and writes nothing', async () => {
  const before = await server.runtime.store.currentRevision();
  const cases: Array<[Record<string, string> | string, number, string]> = [
    [{ authDomain: 'valid.example.com' }, 400, 'VALIDATION_FAILED'],
    [{ pluginKey: 'paid' }, 400, 'VALIDATION_FAILED'],
    [{ pluginKey: 'paid', authDomain: 'not a host!' }, 400, 'INVALID_DOMAIN'],
    [{ pluginKey: 'paid', authDomain: '1.2.3.999' }, 400, 'INVALID_DOMAIN'],
    [{ pluginKey: 'bad key!', authDomain: 'valid.example.com' }, 400, 'VALIDATION_FAILED'],
    [{ pluginKey: 'paid', authDomain: 'valid.example.com', license: 'x'.repeat(8193) }, 400, 'VALIDATION_FAILED'],
    [{ pluginKey: 'paid', authDomain: 'valid.example.com', nonce: 'with space' }, 400, 'VALIDATION_FAILED'],
    ['pluginKey=paid&pluginKey=other&authDomain=valid.example.com', 400, 'VALIDATION_FAILED'],
    ['pluginKey[a]=paid&authDomain=valid.example.com', 400, 'VALIDATION_FAILED'],
    [`pluginKey=paid&authDomain=valid.example.com&pad=${'y'.repeat(11_000)}`, 414, 'QUERY_TOO_LONG'],
  ];
  for (const [query, status, code] of cases) {
    const qs = typeof query === 'string' ? query : new URLSearchParams(query).toString();
    const res = await call(`${server.url}/apis/api.pluginauth.authpay.dev/v1alpha1/public/checkAuth?${qs}`);
    expect([qs.slice(0, 60), res.status, res.body.success, res.body.code]).toEqual([qs.slice(0, 60), status, false, code]);
  }
  expect(await server.runtime.store.currentRevision()).toBe(before);
});

test('the public operations are documented in /openapi.json under their operationIds', async () => {
  const doc = documentOf<{ paths: Record<string, Record<string, { operationId?: string }>> }>(await admin(server, 'GET', '/openapi.json'));
  const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
  for (const id of [
    'checkAuth',
    'checkUser',
    'authUser',
    'publicAuth',
    'pluginInfo',
    'generateAuthCode',
    'getAuthLogs',
    'licenseJwks',
    'getPermanentAuthCode',
    'downloadLicense',
  ])
    expect(ids).toContain(id);
});

test('concurrent checks without a license all answer VALID, and the record keeps the last license issued', async () => {
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      publicGet<CheckAuthAnswer>(server, 'checkAuth', { pluginKey: 'paid', authDomain: 'valid.example.com' }),
    ),
  );
  expect(answers.map((a) => `${a.status} ${a.body.data?.code}`)).toEqual(Array(20).fill('200 VALID'));
  const licenses = new Set(answers.map((a) => a.body.data.license));
  expect(licenses.size).toBe(20);
  expect(licenses).toContain((await recordOf(server, 'paid', 'alice', 'valid.example.com')).spec.license);
});
