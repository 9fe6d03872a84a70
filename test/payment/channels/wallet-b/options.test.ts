import { generateKeyPairSync } from 'node:crypto';
import { validateWalletBOptions, WECHAT_PAY_GATEWAY } from '../../../../src/payment/channels/wallet-b/index.js';
import { isChannelError } from '../../../../src/payment/channels/core/errors.js';
import { API_V3_KEY, MERCHANT, MERCHANT_SERIAL, PLATFORM_CERT, PLATFORM_PUBKEY, platformCertificate, walletBOptions } from './test-keys.js';

function problemsOf(raw: unknown): { fields: string[]; text: string } {
  try {
    validateWalletBOptions(raw);
  } catch (err) {
    if (!isChannelError(err, 'CHANNEL_MISCONFIGURED')) throw err;
    return { fields: err.details.map((d) => d.field ?? ''), text: JSON.stringify({ message: err.message, details: err.details }) };
  }
  throw new Error('options were accepted');
}

describe('validateWalletBOptions', () => {
  test('certificate mode: the platform key is filed under the serial read from the certificate; defaults apply', () => {
    const options = validateWalletBOptions(walletBOptions(''));
    expect([...options.platformKeys.keys()]).toEqual([PLATFORM_CERT.serial]);
    expect(options).toMatchObject({ gatewayUrl: WECHAT_PAY_GATEWAY, h5Type: 'Wap', serialNo: MERCHANT_SERIAL });
    expect(options.apiV3Key).toEqual(Buffer.from(API_V3_KEY));
  });

  test('public-key mode, and both modes at once during a migration; several certificates in one field', () => {
    const pub = validateWalletBOptions(walletBOptions('https://pay.example.com/wx/', { pubkey: PLATFORM_PUBKEY }));
    expect([...pub.platformKeys.keys()]).toEqual([PLATFORM_PUBKEY.serial]);
    expect(pub.gatewayUrl).toBe('https://pay.example.com/wx');
    const both = validateWalletBOptions(walletBOptions('', { cert: PLATFORM_CERT, pubkey: PLATFORM_PUBKEY }));
    expect(new Set(both.platformKeys.keys())).toEqual(new Set([PLATFORM_CERT.serial, PLATFORM_PUBKEY.serial]));
    const second = platformCertificate();
    const two = validateWalletBOptions({
      ...walletBOptions(''),
      platformCertificates: `${PLATFORM_CERT.certificatePem}\n${second.certificatePem!.replace(/\n/g, ' ')}`,
    });
    expect(new Set(two.platformKeys.keys())).toEqual(new Set([PLATFORM_CERT.serial, second.serial]));
  });

  test('the merchant key may be PKCS#1, PKCS#8 or bare base64; the serial is read case-insensitively', () => {
    for (const privateKey of [MERCHANT.privatePkcs1Pem, MERCHANT.privatePkcs8Pem, MERCHANT.privatePkcs8Base64]) {
      expect(validateWalletBOptions({ ...walletBOptions(''), privateKey, serialNo: MERCHANT_SERIAL.toLowerCase() }).serialNo).toBe(
        MERCHANT_SERIAL,
      );
    }
  });

  test('names every bad field at once and never echoes key material', () => {
    const secretKey = 'S3cr3t-v3-key-that-is-not-32-byt';
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const { fields, text } = problemsOf({
      appId: 'wx 1',
      mchId: '',
      apiV3Key: `${secretKey}xx`,
      serialNo: 'not-hex!',
      privateKey: ec,
      platformPublicKey: 'garbage-public-key',
      platformPublicKeyId: 'KEY_1',
      platformCertificates: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
      gateway: 'ftp://x',
      h5Type: 'Desktop',
    });
    expect(fields.sort()).toEqual(
      [
        'apiV3Key',
        'appId',
        'gateway',
        'h5Type',
        'mchId',
        'platformCertificates',
        'platformPublicKey',
        'platformPublicKeyId',
        'privateKey',
        'serialNo',
      ].sort(),
    );
    expect(text).not.toContain(secretKey);
    expect(text).not.toContain('garbage-public-key');
    expect(text).not.toContain(ec.split('\n')[1]);
  });

  test('without any platform key nothing can be verified: refused; the merchant serial may not name a platform key', () => {
    const { platformCertificates: _unused, ...noPlatform } = walletBOptions('');
    expect(problemsOf(noPlatform).fields).toEqual(['platformPublicKey']);
    expect(problemsOf({ ...walletBOptions(''), serialNo: PLATFORM_CERT.serial }).fields).toEqual(['serialNo']);
    expect(problemsOf({ ...walletBOptions(''), gateway: 'https://x.example.com/?a=1' }).fields).toEqual(['gateway']);
    expect(problemsOf(undefined).fields).toEqual(expect.arrayContaining(['appId', 'mchId', 'apiV3Key', 'serialNo', 'privateKey']));
  });

  test('a gateway is required when the caller says so (self-hosted compatible gateways)', () => {
    const { gateway: _g, ...raw } = walletBOptions('');
    expect(() => validateWalletBOptions(raw, { gatewayRequired: true, label: 'CUSTOM WALLET_B_COMPATIBLE' })).toThrow(
      expect.objectContaining({
        code: 'CHANNEL_MISCONFIGURED',
        message: expect.stringContaining('CUSTOM WALLET_B_COMPATIBLE options invalid: gateway'),
      }),
    );
  });
});
