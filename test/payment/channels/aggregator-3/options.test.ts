import { generateKeyPairSync } from 'node:crypto';
import { validateAggregator3Options } from '../../../../src/payment/channels/aggregator-3/index.js';
import { isChannelError } from '../../../../src/payment/channels/core/errors.js';
import { MERCHANT, PLATFORM } from '../epay/test-keys.js';

function problemsOf(raw: unknown): { fields: string[]; text: string } {
  try {
    validateAggregator3Options(raw);
  } catch (err) {
    if (!isChannelError(err, 'CHANNEL_MISCONFIGURED')) throw err;
    return { fields: err.details.map((d) => d.field!), text: JSON.stringify({ message: err.message, details: err.details }) };
  }
  throw new Error('options were accepted');
}

describe('validateAggregator3Options', () => {
  const base = {
    gateway: 'https://pay.example.com/',
    pid: '1001',
    merchantPrivateKey: MERCHANT.privatePkcs8Base64,
    platformPublicKey: PLATFORM.publicSpkiBase64,
  };

  test('accepts the keys as bare base64 (as the epay console shows them) or PEM, and loads them once', () => {
    for (const keys of [
      {},
      { merchantPrivateKey: MERCHANT.privatePkcs8Pem, platformPublicKey: PLATFORM.publicSpkiPem },
      { merchantPrivateKey: MERCHANT.privatePkcs8Pem.replace(/\n/g, ' ') },
    ]) {
      const options = validateAggregator3Options({ ...base, ...keys });
      expect(options.merchantPrivateKey.asymmetricKeyType).toBe('rsa');
      expect(options.platformPublicKey.type).toBe('public');
      expect(options).toMatchObject({ gatewayUrl: 'https://pay.example.com/', initiation: 'server', notifyMethod: 'ANY' });
    }
  });

  test('names every bad field; key material never appears in the error', () => {
    const shortKey = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const body = shortKey.split('\n')[1];
    const { fields, text } = problemsOf({
      ...base,
      pid: '',
      merchantPrivateKey: shortKey,
      platformPublicKey: 'not a key',
      notifyMethod: 'x',
    });
    expect(new Set(fields)).toEqual(new Set(['pid', 'merchantPrivateKey', 'platformPublicKey', 'notifyMethod']));
    expect(text).not.toContain(body);
    expect(text).not.toContain('not a key');
    expect(text).toMatch(/too short/);
  });

  test('a private key pasted where the public key belongs (a field that is not secret) is refused, and the other way round', () => {
    const swapped = problemsOf({ ...base, merchantPrivateKey: PLATFORM.publicSpkiPem, platformPublicKey: MERCHANT.privatePkcs8Pem });
    expect(new Set(swapped.fields)).toEqual(new Set(['merchantPrivateKey', 'platformPublicKey']));
    expect(swapped.text).not.toContain(MERCHANT.privatePkcs8Base64.slice(0, 40));
    expect(swapped.text).not.toContain(PLATFORM.publicSpkiBase64.slice(0, 40));
  });
});
