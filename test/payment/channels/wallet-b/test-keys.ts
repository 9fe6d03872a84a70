import { X509Certificate, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { rsaPair, type RsaPair } from '../wallet-a/test-keys.js';

/** A platform key as WeChat Pay names it in Wechatpay-Serial: a certificate serial or a PUB_KEY_ID. */
export interface PlatformSigner {
  serial: string;
  pair: RsaPair;
  /** PEM certificate (certificate mode only). */
  certificatePem?: string;
}

export const APP_ID = 'wx8888888888888888';
export const MCH_ID = '1900000109';
/** 32 ASCII characters: the AES-256 key of notifications. */
export const API_V3_KEY = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';

/** The merchant's API key pair and the serial number of its API certificate. */
export const MERCHANT = rsaPair();
export const MERCHANT_SERIAL = randomSerial();

/** Certificate mode: a platform certificate generated here, its serial read back with node:crypto. */
export const PLATFORM_CERT = platformCertificate();
/** Public-key mode: the WeChat Pay public key and its id. */
export const PLATFORM_PUBKEY: PlatformSigner = { serial: 'PUB_KEY_ID_0119000010920250101000000000000001', pair: rsaPair() };

/**
 * The merchant's WeChat Pay credentials as payment settings, for WALLET_B (`walletB…`) or the CUSTOM service's
 * WeChat-Pay-compatible provider (`customWalletB…`), verifying with the platform public key.
 */
export function wechatCredentials(prefix: 'walletB' | 'customWalletB'): Record<string, string> {
  return {
    [`${prefix}AppId`]: APP_ID,
    [`${prefix}MchId`]: MCH_ID,
    [`${prefix}ApiV3Key`]: API_V3_KEY,
    [`${prefix}SerialNo`]: MERCHANT_SERIAL,
    [`${prefix}PrivateKey`]: MERCHANT.privatePkcs8Pem,
    [`${prefix}PublicKeyId`]: PLATFORM_PUBKEY.serial,
    [`${prefix}PublicKey`]: PLATFORM_PUBKEY.pair.publicSpkiPem,
  };
}

export function randomSerial(): string {
  // A positive DER integer: the first byte below 0x80.
  const bytes = randomBytes(20);
  bytes[0] = (bytes[0] & 0x7f) | 0x10;
  return bytes.toString('hex').toUpperCase();
}

/** A self-signed certificate standing in for a WeChat Pay platform certificate. */
export function platformCertificate(): PlatformSigner {
  const pair = rsaPair();
  const forgeKey = forge.pki.privateKeyFromPem(pair.privatePkcs1Pem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  cert.serialNumber = randomSerial();
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 5 * 365 * 24 * 3600_000);
  const subject = [
    { name: 'commonName', value: 'Tenpay.com Root CA test' },
    { name: 'organizationName', value: 'Tenpay.com' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(forgeKey, forge.md.sha256.create());
  const certificatePem = forge.pki.certificateToPem(cert);
  return { serial: new X509Certificate(certificatePem).serialNumber.toUpperCase(), pair, certificatePem };
}

/** Raw WALLET_B options for a gateway URL, trusting the given platform keys. */
export function walletBOptions(gateway: string, platforms: { cert?: PlatformSigner; pubkey?: PlatformSigner } = { cert: PLATFORM_CERT }) {
  return {
    appId: APP_ID,
    mchId: MCH_ID,
    apiV3Key: API_V3_KEY,
    serialNo: MERCHANT_SERIAL,
    privateKey: MERCHANT.privatePkcs8Pem,
    gateway,
    ...(platforms.cert ? { platformCertificates: platforms.cert.certificatePem } : {}),
    ...(platforms.pubkey ? { platformPublicKeyId: platforms.pubkey.serial, platformPublicKey: platforms.pubkey.pair.publicSpkiPem } : {}),
  };
}
