import { systemClock } from '../../../src/host/sdk/index.js';
import { clockAt } from '../fixed-clock.js';
import { base64url, compactVerify, createLocalJWKSet, decodeJwt, decodeProtectedHeader, importJWK, type JSONWebKeySet } from 'jose';
import { issueLicense } from '../../../src/plugin-auth/license/issue-license.js';
import { createLicenseVerifier, verifyLicense } from '../../../src/plugin-auth/license/verify-license.js';
import { generateSigningKeyJwk, importSigningKey, publicJwks, type SigningKey } from '../../../src/plugin-auth/license/signing-key.js';
import { signResponseBody } from '../../../src/plugin-auth/license/response-signature.js';

const ISSUED = Date.parse('2026-06-01T00:00:00Z');
const clock = clockAt(ISSUED);
const subject = { pluginKey: 'seo-tools', domain: 'https://WWW.Example.com/blog', user: 'alice', expireTime: '2027-06-01T00:00:00Z' };
const expected = { pluginKey: 'seo-tools', domain: 'www.example.com' };

let key: SigningKey;
let otherKey: SigningKey;
let jwks: JSONWebKeySet;

beforeAll(async () => {
  key = await importSigningKey(await generateSigningKeyJwk());
  otherKey = await importSigningKey(await generateSigningKeyJwk());
  // What a plugin holds: the public set as JSON, nothing else.
  jwks = JSON.parse(JSON.stringify(publicJwks([key])));
});

/** Replaces one character of the given segment (0 header, 1 payload, 2 signature). */
function tamper(token: string, segment: number): string {
  const parts = token.split('.');
  const bytes = base64url.decode(parts[segment]);
  bytes[Math.floor(bytes.length / 2)] ^= 0x01;
  parts[segment] = base64url.encode(bytes);
  return parts.join('.');
}

describe('issueLicense', () => {
  test('issues a compact JWS with the agreed header and claims', async () => {
    const token = await issueLicense(subject, key, clock);
    expect(token.split('.')).toHaveLength(3);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'EdDSA', kid: key.kid, typ: 'authpay-license+jwt' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      iss: 'authpay',
      sub: 'alice',
      aud: 'seo-tools',
      domain: 'www.example.com',
      iat: ISSUED / 1000,
      exp: Date.parse('2027-06-01T00:00:00Z') / 1000,
    });
    expect(claims.jti).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  test('two licenses for the same record differ by jti', async () => {
    const [a, b] = await Promise.all([issueLicense(subject, key, clock), issueLicense(subject, key, clock)]);
    expect(decodeJwt(a).jti).not.toBe(decodeJwt(b).jti);
  });

  test('a permanent authorization expires at 2099-12-31T23:59:59Z', async () => {
    const token = await issueLicense({ ...subject, expireTime: '2099-06-06T00:00:00Z' }, key, clock);
    expect(decodeJwt(token).exp).toBe(Date.parse('2099-12-31T23:59:59Z') / 1000);
  });

  test('refuses a missing, unreadable or past expireTime', async () => {
    await expect(issueLicense({ ...subject, expireTime: '' }, key, clock)).rejects.toMatchObject({
      code: 'LICENSE_NOT_ISSUABLE',
      status: 409,
    });
    await expect(issueLicense({ ...subject, expireTime: 'soon' }, key, clock)).rejects.toMatchObject({ code: 'LICENSE_NOT_ISSUABLE' });
    await expect(issueLicense({ ...subject, expireTime: '2026-06-01T00:00:00Z' }, key, clock)).rejects.toMatchObject({
      code: 'LICENSE_NOT_ISSUABLE',
      messageEn: 'cannot issue a license: the authorization has expired',
    });
  });

  test('refuses a bad domain, an empty plugin key or user', async () => {
    await expect(issueLicense({ ...subject, domain: 'a..b' }, key, clock)).rejects.toMatchObject({ code: 'INVALID_DOMAIN' });
    await expect(issueLicense({ ...subject, pluginKey: '' }, key, clock)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(issueLicense({ ...subject, user: '' }, key, clock)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('verifyLicense', () => {
  test('a license verifies offline with only the public JWKS', async () => {
    const token = await issueLicense(subject, key, clock);
    const result = await verifyLicense(token, jwks, expected, clockAt(ISSUED + 1000));
    expect(result).toMatchObject({ valid: true, code: 'VALID', claims: { sub: 'alice', domain: 'www.example.com' } });
  });

  test('a plugin author can check the same license with plain jose calls', async () => {
    const token = await issueLicense(subject, key, clock);
    const { payload } = await compactVerify(token, createLocalJWKSet(jwks), { algorithms: ['EdDSA'] });
    expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({ aud: 'seo-tools', domain: 'www.example.com' });
    const pinned = await importJWK(jwks.keys[0], 'EdDSA');
    await expect(compactVerify(token, pinned)).resolves.toBeDefined();
  });

  test('the expected domain may be given raw', async () => {
    const token = await issueLicense(subject, key, clock);
    expect((await verifyLicense(token, jwks, { pluginKey: 'seo-tools', domain: 'http://www.EXAMPLE.com:8080/x' }, clock)).code).toBe(
      'VALID',
    );
  });

  test.each([0, 1, 2])('fails after tampering a byte of segment %i', async (segment) => {
    const token = await issueLicense(subject, key, clock);
    const result = await verifyLicense(tamper(token, segment), jwks, expected, clock);
    expect(result.valid).toBe(false);
    expect(['INVALID_SIGNATURE', 'MALFORMED']).toContain(result.code);
  });

  test('a tampered payload is an invalid signature', async () => {
    const token = await issueLicense(subject, key, clock);
    expect((await verifyLicense(tamper(token, 1), jwks, expected, clock)).code).toBe('INVALID_SIGNATURE');
  });

  test('a license signed by another key fails, with or without a matching kid', async () => {
    const foreign = await issueLicense(subject, otherKey, clock);
    expect((await verifyLicense(foreign, jwks, expected, clock)).code).toBe('INVALID_SIGNATURE');
    const [, payload, signature] = foreign.split('.');
    const header = base64url.encode(JSON.stringify({ alg: 'EdDSA', kid: key.kid, typ: 'authpay-license+jwt' }));
    expect((await verifyLicense(`${header}.${payload}.${signature}`, jwks, expected, clock)).code).toBe('INVALID_SIGNATURE');
  });

  test('a license for another domain or plugin is LICENSE_MISMATCH', async () => {
    const token = await issueLicense(subject, key, clock);
    expect((await verifyLicense(token, jwks, { ...expected, domain: 'example.com' }, clock)).code).toBe('LICENSE_MISMATCH');
    expect((await verifyLicense(token, jwks, { ...expected, pluginKey: 'other-plugin' }, clock)).code).toBe('LICENSE_MISMATCH');
    expect((await verifyLicense(token, jwks, { ...expected, domain: 'not a host' }, clock)).code).toBe('LICENSE_MISMATCH');
  });

  test('a license for another user is LICENSE_MISMATCH when the user is expected', async () => {
    const token = await issueLicense(subject, key, clock);
    expect((await verifyLicense(token, jwks, { ...expected, user: 'bob' }, clock)).code).toBe('LICENSE_MISMATCH');
    expect((await verifyLicense(token, jwks, { ...expected, user: 'alice' }, clock)).code).toBe('VALID');
  });

  test('honours expiry with an injected clock', async () => {
    const token = await issueLicense(subject, key, clock);
    const exp = Date.parse(subject.expireTime);
    expect((await verifyLicense(token, jwks, expected, clockAt(exp - 1))).code).toBe('VALID');
    expect((await verifyLicense(token, jwks, expected, clockAt(exp))).code).toBe('EXPIRED');
    expect((await verifyLicense(token, jwks, expected, clockAt(exp + 86_400_000))).code).toBe('EXPIRED');
  });

  test('a mismatch is reported before expiry', async () => {
    const token = await issueLicense(subject, key, clock);
    expect((await verifyLicense(token, jwks, { ...expected, domain: 'b.com' }, clockAt(Date.parse('2030-01-01T00:00:00Z')))).code).toBe(
      'LICENSE_MISMATCH',
    );
  });

  test.each([
    ['undefined', undefined],
    ['a number', 42],
    ['empty', ''],
    ['not a JWS', 'hello'],
    ['two segments', 'a.b'],
    ['an empty payload segment', 'a..b'],
    ['bad base64 inside', 'e30.e30.@@@'],
    ['a header that is not JSON', 'aGVsbG8.e30.AAAA'],
    ['too long', `${'a'.repeat(5000)}.${'b'.repeat(5000)}.c`],
  ])('never throws for %s: MALFORMED', async (_label, token) => {
    await expect(verifyLicense(token, jwks, expected, clock)).resolves.toEqual({ valid: false, code: 'MALFORMED' });
  });

  test('an unsigned (alg none) token is refused', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'authpay-license+jwt' }));
    const token = await issueLicense(subject, key, clock);
    const result = await verifyLicense(`${header}.${token.split('.')[1]}.AAAA`, jwks, expected, clock);
    expect(result.valid).toBe(false);
  });

  test('a signed response body is not accepted as a license', async () => {
    const claimsLike = JSON.stringify({
      iss: 'authpay',
      sub: 'alice',
      aud: 'seo-tools',
      domain: 'www.example.com',
      iat: 1,
      exp: 4102444799,
      jti: 'x',
    });
    const detached = await signResponseBody(claimsLike, key);
    const [header, , signature] = detached.split('.');
    const token = `${header}.${base64url.encode(claimsLike)}.${signature}`;
    expect((await verifyLicense(token, jwks, expected, clock)).code).toBe('MALFORMED');
  });

  test('uses the system clock when none is given', async () => {
    const token = await issueLicense({ ...subject, expireTime: '2099-12-31T23:59:59Z' }, key, systemClock);
    expect((await verifyLicense(token, jwks, expected)).code).toBe('VALID');
  });

  test('a verifier is reusable across many checks', async () => {
    const verify = createLicenseVerifier(jwks);
    const token = await issueLicense(subject, key, clock);
    const results = await Promise.all([1, 2, 3].map(() => verify(token, expected, ISSUED)));
    expect(results.map((r) => r.code)).toEqual(['VALID', 'VALID', 'VALID']);
  });

  test('keeps verifying old licenses while two keys are published (rotation)', async () => {
    const both = publicJwks([key, otherKey]);
    const old = await issueLicense(subject, key, clock);
    const fresh = await issueLicense(subject, otherKey, clock);
    expect((await verifyLicense(old, both, expected, clock)).code).toBe('VALID');
    expect((await verifyLicense(fresh, both, expected, clock)).code).toBe('VALID');
  });
});
