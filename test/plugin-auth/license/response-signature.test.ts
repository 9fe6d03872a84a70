import { clockAt } from '../fixed-clock.js';
import { base64url, compactVerify, createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet } from 'jose';
import { generateSigningKeyJwk, importSigningKey, publicJwks, type SigningKey } from '../../../src/plugin-auth/license/signing-key.js';
import { createResponseVerifier, signResponseBody, verifyResponseSignature } from '../../../src/plugin-auth/license/response-signature.js';
import { issueLicense } from '../../../src/plugin-auth/license/issue-license.js';

const body = JSON.stringify({
  success: true,
  code: 'OK',
  message: 'OK',
  data: { valid: true, code: 'VALID', nonce: 'n-123', note: '授权有效' },
});

let key: SigningKey;
let other: SigningKey;
let jwks: JSONWebKeySet;

beforeAll(async () => {
  key = await importSigningKey(await generateSigningKeyJwk());
  other = await importSigningKey(await generateSigningKeyJwk());
  jwks = JSON.parse(JSON.stringify(publicJwks([key])));
});

describe('signResponseBody', () => {
  test('returns a detached compact JWS: header..signature', async () => {
    const signature = await signResponseBody(body, key);
    expect(signature).toMatch(/^[A-Za-z0-9_-]+\.\.[A-Za-z0-9_-]+$/);
    expect(decodeProtectedHeader(signature)).toEqual({ alg: 'EdDSA', kid: key.kid, typ: 'authpay-response+jws' });
  });

  test('verifies over the exact bytes, string or bytes alike', async () => {
    const signature = await signResponseBody(body, key);
    await expect(verifyResponseSignature(body, signature, jwks)).resolves.toEqual({ valid: true, kid: key.kid });
    await expect(verifyResponseSignature(new TextEncoder().encode(body), signature, jwks)).resolves.toEqual({ valid: true, kid: key.kid });
    const fromBytes = await signResponseBody(new TextEncoder().encode(body), key);
    await expect(verifyResponseSignature(body, fromBytes, jwks)).resolves.toMatchObject({ valid: true });
  });

  test('a plugin author can verify it with plain jose by putting the payload back', async () => {
    const signature = await signResponseBody(body, key);
    const [header, , sig] = signature.split('.');
    const { payload } = await compactVerify(`${header}.${base64url.encode(body)}.${sig}`, createLocalJWKSet(jwks), {
      algorithms: ['EdDSA'],
    });
    expect(new TextDecoder().decode(payload)).toBe(body);
  });
});

describe('verifyResponseSignature', () => {
  test('fails when one byte of the body changes', async () => {
    const signature = await signResponseBody(body, key);
    await expect(verifyResponseSignature(body.replace('n-123', 'n-124'), signature, jwks)).resolves.toEqual({
      valid: false,
      code: 'INVALID_SIGNATURE',
    });
    await expect(verifyResponseSignature(`${body} `, signature, jwks)).resolves.toEqual({ valid: false, code: 'INVALID_SIGNATURE' });
  });

  test('fails for a body signed by another key', async () => {
    const signature = await signResponseBody(body, other);
    await expect(verifyResponseSignature(body, signature, jwks)).resolves.toEqual({ valid: false, code: 'INVALID_SIGNATURE' });
  });

  test('a license is not accepted as a response signature', async () => {
    const license = await issueLicense(
      { pluginKey: 'p', domain: 'a.com', user: 'u', expireTime: '2030-01-01T00:00:00Z' },
      key,
      clockAt(Date.parse('2026-01-01T00:00:00Z')),
    );
    const [header, payload, sig] = license.split('.');
    const rawPayload = new TextDecoder().decode(base64url.decode(payload));
    await expect(verifyResponseSignature(rawPayload, `${header}..${sig}`, jwks)).resolves.toEqual({ valid: false, code: 'MALFORMED' });
  });

  test.each([
    ['missing', undefined],
    ['not a string', 5],
    ['a compact JWS with payload', 'a.b.c'],
    ['no signature part', 'abc..'],
    ['garbage header', 'aGVsbG8..AAAA'],
    ['too long', `${'a'.repeat(2000)}..b`],
  ])('never throws for a signature that is %s: MALFORMED', async (_label, signature) => {
    await expect(verifyResponseSignature(body, signature, jwks)).resolves.toEqual({ valid: false, code: 'MALFORMED' });
  });

  test('a verifier is reusable', async () => {
    const verify = createResponseVerifier(jwks);
    const signature = await signResponseBody(body, key);
    await expect(verify(body, signature)).resolves.toMatchObject({ valid: true });
    await expect(verify('{}', signature)).resolves.toMatchObject({ valid: false });
  });
});
