import { systemClock } from '../../../src/host/sdk/index.js';
import { generateSigningKeyJwk, importSigningKey, publicJwks } from '../../../src/plugin-auth/license/signing-key.js';
import { createResponseVerifier } from '../../../src/plugin-auth/license/response-signature.js';
import { LicenseAuthority } from '../../../src/plugin-auth/license/license-authority.js';
import { SignedAnswers } from '../../../src/plugin-auth/public/signed-response.js';
import type { CheckAuthAnswer } from '../../../src/plugin-auth/public/check-auth.js';

const key = await importSigningKey(await generateSigningKeyJwk());
const verify = createResponseVerifier(publicJwks([key]));
const valid: CheckAuthAnswer = {
  valid: true,
  code: 'VALID',
  pluginKey: 'links',
  authDomain: 'a.example.com',
  expireTime: '2030-01-01T00:00:00Z',
  permanent: false,
  license: 'h.p.s',
};

test('the same answer again reuses its signed body; any changed field signs a new one', async () => {
  const answers = new SignedAnswers(new LicenseAuthority(key, systemClock));
  const first = await answers.bodyFor(valid);
  expect(await answers.bodyFor({ ...valid })).toBe(first);
  expect(JSON.parse(first.text).data).toEqual(valid);
  expect(await verify(first.text, first.signature)).toMatchObject({ valid: true });
  for (const changed of [
    { expireTime: '2031-01-01T00:00:00Z' },
    { valid: false, code: 'EXPIRED' as const },
    { authDomain: 'b.example.com' },
  ]) {
    const body = await answers.bodyFor({ ...valid, ...changed });
    expect(JSON.parse(body.text).data).toEqual({ ...valid, ...changed });
    expect(await verify(body.text, body.signature)).toMatchObject({ valid: true });
  }
});

test('answers with a nonce are signed afresh and carry it', async () => {
  const answers = new SignedAnswers(new LicenseAuthority(key, systemClock));
  const a = await answers.bodyFor({ ...valid, nonce: 'n1' });
  const b = await answers.bodyFor({ ...valid, nonce: 'n2' });
  expect([JSON.parse(a.text).data.nonce, JSON.parse(b.text).data.nonce]).toEqual(['n1', 'n2']);
  expect(a.signature).not.toBe(b.signature);
  expect(Buffer.byteLength(a.text)).toBe(a.bytes);
});
