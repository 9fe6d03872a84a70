import { generateKeyPairSync } from 'node:crypto';
import { loadRsaPrivateKey, loadRsaPublicKey } from '../../../../src/payment/channels/crypto/rsa-keys.js';
import { ALIPAY_GATEWAYS, DEFAULT_PRODUCT_CODES, validateWalletAOptions } from '../../../../src/payment/channels/wallet-a/options.js';
import { rsa2Sign, rsa2Verify } from '../../../../src/payment/channels/wallet-a/signature.js';
import { ALIPAY, APP, APP_ID } from './test-keys.js';

function signsLikeTheAppKey(text: string): boolean {
  return rsa2Verify('x', rsa2Sign('x', loadRsaPrivateKey(text)), APP.publicKey);
}

describe('application private key formats', () => {
  test('accepts PKCS#1 PEM, PKCS#8 PEM, PEM squashed onto one line, and bare base64 PKCS#8 or PKCS#1', () => {
    const pkcs1Base64 = (APP.privateKey.export({ type: 'pkcs1', format: 'der' }) as Buffer).toString('base64');
    const oneLine = APP.privatePkcs1Pem.replace(/\n/g, ' ');
    for (const text of [
      APP.privatePkcs1Pem,
      APP.privatePkcs8Pem,
      oneLine,
      APP.privatePkcs8Base64,
      pkcs1Base64,
      `\n  ${APP.privatePkcs8Base64}\n`,
    ]) {
      expect(signsLikeTheAppKey(text)).toBe(true);
    }
  });

  test('refuses garbage, non-RSA keys and RSA keys shorter than 2048 bits', () => {
    expect(() => loadRsaPrivateKey('hello world')).toThrow();
    expect(() => loadRsaPrivateKey('AAAA')).toThrow(/none of/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(() => loadRsaPrivateKey(ec)).toThrow(/RSA/);
    const short = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(() => loadRsaPrivateKey(short)).toThrow(/too short/);
  });
});

describe('Alipay public key formats', () => {
  test('accepts SPKI PEM, PKCS#1 public PEM and bare base64', () => {
    const pkcs1Pem = ALIPAY.publicKey.export({ type: 'pkcs1', format: 'pem' }) as string;
    for (const text of [ALIPAY.publicSpkiPem, pkcs1Pem, ALIPAY.publicSpkiBase64]) {
      expect(rsa2Verify('m', rsa2Sign('m', ALIPAY.privateKey), loadRsaPublicKey(text))).toBe(true);
    }
  });
});

describe('validateWalletAOptions', () => {
  const base = { appId: APP_ID, privateKey: APP.privatePkcs8Base64, alipayPublicKey: ALIPAY.publicSpkiBase64 };

  test('defaults to production, RSA2 and the standard product codes; resolves sandbox and custom URLs', () => {
    const options = validateWalletAOptions(base);
    expect(options).toMatchObject({
      appId: APP_ID,
      signType: 'RSA2',
      gatewayUrl: ALIPAY_GATEWAYS.production,
      productCodes: DEFAULT_PRODUCT_CODES,
    });
    expect(validateWalletAOptions({ ...base, gateway: 'sandbox' }).gatewayUrl).toBe('https://openapi-sandbox.dl.alipaydev.com/gateway.do');
    expect(validateWalletAOptions({ ...base, gateway: 'http://127.0.0.1:9/gateway.do' }).gatewayUrl).toBe('http://127.0.0.1:9/gateway.do');
    expect(validateWalletAOptions({ ...base, productCodes: { PC_WEBSITE: 'FAST_INSTANT_TRADE_PAY_X' } }).productCodes.PC_WEBSITE).toBe(
      'FAST_INSTANT_TRADE_PAY_X',
    );
  });

  test('names every bad field in one CHANNEL_MISCONFIGURED error, without echoing key material', () => {
    let error: unknown;
    try {
      validateWalletAOptions({
        appId: 'bad id!',
        privateKey: `${APP.privatePkcs8Base64.slice(0, 40)}zz`,
        signType: 'RSA',
        gateway: 'ftp://x',
        productCodes: { NATIVE: 'X' },
      });
    } catch (err) {
      error = err;
    }
    expect(error).toMatchObject({ code: 'CHANNEL_MISCONFIGURED', status: 400 });
    const fields = (error as { details: { field: string }[] }).details.map((d) => d.field);
    expect(fields).toEqual(['appId', 'privateKey', 'alipayPublicKey', 'signType', 'gateway', 'productCodes.NATIVE']);
    expect(JSON.stringify(error) + String((error as Error).message)).not.toContain(APP.privatePkcs8Base64.slice(0, 40));
  });

  test('refuses a missing or non-object input', () => {
    expect(() => validateWalletAOptions(undefined)).toThrow(expect.objectContaining({ code: 'CHANNEL_MISCONFIGURED' }));
  });
});
