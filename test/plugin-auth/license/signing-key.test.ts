import { generateKeyPair, exportJWK } from 'jose';
import { generateSigningKeyJwk, importSigningKey, publicJwks } from '../../../src/plugin-auth/license/signing-key.js';

describe('license signing keys', () => {
  test('a generated key is an Ed25519 private JWK whose kid is its thumbprint', async () => {
    const jwk = await generateSigningKeyJwk();
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(typeof jwk.d).toBe('string');
    const key = await importSigningKey(jwk);
    expect(key.kid).toBe(jwk.kid);
    expect(key.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test('two generated keys differ', async () => {
    const [a, b] = await Promise.all([generateSigningKeyJwk(), generateSigningKeyJwk()]);
    expect(a.kid).not.toBe(b.kid);
  });

  test('survives a round trip through JSON (how the service stores it)', async () => {
    const jwk = await generateSigningKeyJwk();
    const key = await importSigningKey(JSON.parse(JSON.stringify(jwk)));
    expect(key.publicJwk).toEqual({ kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid: jwk.kid, alg: 'EdDSA', use: 'sig' });
  });

  test('a JWK without kid gets the thumbprint', async () => {
    const { kid, alg, use, ...bare } = await generateSigningKeyJwk();
    expect((await importSigningKey(bare)).kid).toBe(kid);
    expect([alg, use]).toEqual(['EdDSA', 'sig']);
  });

  test('the published set holds public parts only', async () => {
    const key = await importSigningKey(await generateSigningKeyJwk());
    const jwks = publicJwks([key]);
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(jwks.keys[0].kid).toBe(key.kid);
  });

  test('refuses a key that is not an Ed25519 private JWK', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    await expect(importSigningKey(await exportJWK(privateKey))).rejects.toMatchObject({ code: 'INVALID_SIGNING_KEY' });
    const { d: _d, ...publicOnly } = await generateSigningKeyJwk();
    await expect(importSigningKey(publicOnly)).rejects.toMatchObject({ code: 'INVALID_SIGNING_KEY' });
  });

  test('refuses a kid that is not the thumbprint', async () => {
    const jwk = await generateSigningKeyJwk();
    await expect(importSigningKey({ ...jwk, kid: 'someone-else' })).rejects.toMatchObject({ code: 'INVALID_SIGNING_KEY' });
  });

  test('refuses a private part that does not belong to the public part', async () => {
    const [a, b] = await Promise.all([generateSigningKeyJwk(), generateSigningKeyJwk()]);
    const { kid: _kid, ...mixed } = { ...a, d: b.d };
    await expect(importSigningKey(mixed)).rejects.toMatchObject({ code: 'INVALID_SIGNING_KEY' });
  });
});
