import fs from 'node:fs';
import { compactVerify, createLocalJWKSet, base64url, type JSONWebKeySet } from 'jose';
import { startServer } from '../../../src/main.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN } from '../../host/auth/harness.js';
import { LicenseSigningKey } from '../../../src/plugin-auth/license/types.js';
import type { CheckAuthAnswer } from '../../../src/plugin-auth/public/check-auth.js';
import { PASSWORD, UC, admin, as, call, createPlugin, createUser, dataOf, documentOf, start, type Server } from '../harness.js';
import { createRecord, jwksOf, publicGet, rawCheckAuth, recordOf } from '../public/open-harness.js';

/** The service's license key, downloadLicense, and offline verification exactly as docs/license-verification.md shows. */
let server: Server;
beforeAll(async () => {
  server = await start();
  for (const user of ['fay', 'gus']) await createUser(server, user);
  await createUser(server, 'viewer', PASSWORD, ['role-template-plugin-auth-view']);
  await createPlugin(server, { key: 'paid', price: 10 });
  await createRecord(server, { pluginKey: 'paid', authUser: 'fay', authDomain: 'fay.example.com', authStatus: 1 });
  await createRecord(server, { pluginKey: 'paid', authUser: 'fay', authDomain: 'pending.example.com', authStatus: 0 });
});
afterAll(() => server.stop());

const download = (user: string, pluginKey: string, authDomain: string) =>
  fetch(`${server.url}${UC}/license?${new URLSearchParams({ pluginKey, authDomain })}`, {
    headers: { authorization: `Basic ${Buffer.from(`${user}:${PASSWORD}`).toString('base64')}` },
  });

/** docs/license-verification.md, "Verify license.key" (the same lines). */
async function verifyLicenseKey(
  PUBLISHED_JWKS: JSONWebKeySet,
  licenseKey: string,
  MY_PLUGIN_KEY: string,
  siteHost: string,
): Promise<boolean> {
  const jwks = createLocalJWKSet(PUBLISHED_JWKS);
  const { payload, protectedHeader } = await compactVerify(licenseKey.trim(), jwks, { algorithms: ['EdDSA'] });
  const claims = JSON.parse(new TextDecoder().decode(payload));
  return (
    protectedHeader.typ === 'authpay-license+jwt'
    && claims.iss === 'authpay'
    && claims.aud === MY_PLUGIN_KEY
    && claims.domain === siteHost
    && claims.exp * 1000 > Date.now()
  );
}

test('downloadLicense: the owner gets license.key, stored in the record, verifiable offline; tampering breaks it', async () => {
  const res = await download('fay', 'paid', 'fay.example.com');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="?license\.key"?$/);
  const licenseKey = await res.text();
  expect((await recordOf(server, 'paid', 'fay', 'fay.example.com')).spec.license).toBe(licenseKey);
  const jwks = await jwksOf(server);
  expect(await verifyLicenseKey(jwks, licenseKey, 'paid', 'fay.example.com')).toBe(true);
  expect(await verifyLicenseKey(jwks, licenseKey, 'other-plugin', 'fay.example.com')).toBe(false);
  expect(await verifyLicenseKey(jwks, licenseKey, 'paid', 'evil.example.com')).toBe(false);
  const [h, p, s] = licenseKey.split('.');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  const moved = Buffer.from(JSON.stringify({ ...claims, domain: 'evil.example.com' })).toString('base64url');
  await expect(verifyLicenseKey(jwks, `${h}.${moved}.${s}`, 'paid', 'evil.example.com')).rejects.toThrow();
  await expect(verifyLicenseKey(jwks, `${h}.${p}.${s.slice(1)}A`, 'paid', 'fay.example.com')).rejects.toThrow();
  const second = await (await download('fay', 'paid', 'fay.example.com')).text();
  expect(second).not.toBe(licenseKey); // a new license each time; the old one no longer passes checkAuth
  expect(
    dataOf(await publicGet<CheckAuthAnswer>(server, 'checkAuth', { pluginKey: 'paid', authDomain: 'fay.example.com', license: licenseKey }))
      .code,
  ).toBe('LICENSE_MISMATCH');
  expect(
    dataOf(await publicGet<CheckAuthAnswer>(server, 'checkAuth', { pluginKey: 'paid', authDomain: 'fay.example.com', license: second }))
      .code,
  ).toBe('VALID');
});

test('a checkAuth answer verifies offline as the document shows, and not after its body changed', async () => {
  const PUBLISHED_JWKS = await jwksOf(server);
  const nonce = 'doc-nonce-42';
  const response = await fetch(
    `${server.url}/apis/api.pluginauth.authpay.dev/v1alpha1/public/checkAuth?pluginKey=paid&authDomain=fay.example.com&nonce=${nonce}`,
  );
  const rawBodyText = await response.text();
  // docs/license-verification.md, "Verify a checkAuth answer" (the same lines).
  const jwks = createLocalJWKSet(PUBLISHED_JWKS);
  const [h, , s] = response.headers.get('X-AuthPay-Signature')!.split('.');
  await compactVerify(`${h}.${base64url.encode(rawBodyText)}.${s}`, jwks, { algorithms: ['EdDSA'] });
  const body = JSON.parse(rawBodyText);
  expect(body.data.nonce === nonce && body.data.valid === true).toBe(true);
  const forged = rawBodyText.replace('"valid":true', '"valid":false');
  await expect(compactVerify(`${h}.${base64url.encode(forged)}.${s}`, jwks, { algorithms: ['EdDSA'] })).rejects.toThrow();
  expect((await rawCheckAuth(server, { pluginKey: 'paid', authDomain: 'fay.example.com' })).signature).toMatch(/^[\w-]+\.\.[\w-]+$/);
});

test('downloadLicense refusals: another user, wrong plugin, a domain not written as stored, not authorized, anonymous', async () => {
  const versions = async () => [
    (await recordOf(server, 'paid', 'fay', 'fay.example.com')).metadata.resourceVersion,
    (await recordOf(server, 'paid', 'fay', 'pending.example.com')).metadata.resourceVersion,
  ];
  const before = await versions();
  const cases: Array<[string, string, string, number, string]> = [
    ['gus', 'paid', 'fay.example.com', 404, 'AUTH_LOG_NOT_FOUND'],
    ['fay', 'other', 'fay.example.com', 404, 'AUTH_LOG_NOT_FOUND'],
    ['fay', 'paid', 'FAY.example.com', 400, 'DOMAIN_NOT_IDENTICAL'],
    ['fay', 'paid', 'https://fay.example.com', 400, 'DOMAIN_NOT_IDENTICAL'],
    ['fay', 'paid', 'pending.example.com', 409, 'NOT_AUTHORIZED'],
  ];
  for (const [user, pluginKey, domain, status, code] of cases) {
    const res = await download(user, pluginKey, domain);
    expect([user, domain, res.status, ((await res.json()) as { code: string }).code]).toEqual([user, domain, status, code]);
  }
  const anonymous = await call(`${server.url}${UC}/license?pluginKey=paid&authDomain=fay.example.com`);
  expect(anonymous.status).toBe(401);
  expect(await versions()).toEqual(before);
});

test('the private key is stored once, kept across restarts, and readable by no one but the super administrator', async () => {
  const stored = await server.runtime.client.list(LicenseSigningKey);
  expect(stored.items).toHaveLength(1);
  const { kid, privateJwk } = stored.items[0].spec;
  expect(privateJwk.d).toMatch(/^[\w-]{43}$/);
  expect((await jwksOf(server)).keys[0].kid).toBe(kid);
  const keysPath = '/apis/keys.pluginauth.authpay.dev/v1alpha1/licensesigningkeys';
  expect((await as(server, 'viewer', 'GET', keysPath)).status).toBe(403);
  expect((await as(server, 'viewer', 'GET', '/apis/pluginauth.authpay.dev/v1alpha1/sitepluginauthlogs')).status).toBe(200);
  expect((await as(server, 'fay', 'GET', keysPath)).status).toBe(403);
  for (const text of [JSON.stringify((await admin(server, 'GET', '/openapi.json')).body), JSON.stringify(await jwksOf(server))])
    expect(text).not.toContain(privateJwk.d);

  const dataDir = server.dataDir;
  await server.runtime.stop();
  const again = await startServer(
    { port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent' },
    { AUTHPAY_ADMIN_PASSWORD: ADMIN_PASSWORD, AUTHPAY_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN },
  );
  try {
    const jwks = documentOf<JSONWebKeySet>(await call(`${again.url}/apis/api.pluginauth.authpay.dev/v1alpha1/public/jwks`));
    expect(jwks.keys.map((k) => k.kid)).toEqual([kid]);
    const answer = await call<CheckAuthAnswer>(
      `${again.url}/apis/api.pluginauth.authpay.dev/v1alpha1/public/checkAuth?pluginKey=paid&authDomain=fay.example.com`,
    );
    expect(answer.body.data.code).toBe('VALID');
  } finally {
    await again.runtime.stop();
    server = { ...server, stop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
});
