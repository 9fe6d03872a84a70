import { X509Certificate, type KeyObject } from 'node:crypto';
import { checkRsa, loadRsaPublicKey, normalizePem } from '../crypto/rsa-keys.js';

/**
 * WeChat Pay signs its answers and notifications with a platform key named by the `Wechatpay-Serial`
 * header: a platform certificate's serial number (certificate mode) or the id `PUB_KEY_ID_…` of the
 * WeChat Pay public key (public-key mode). During a migration both arrive, so both may be configured.
 */
export type PlatformKeys = ReadonlyMap<string, KeyObject>;

export const PUBLIC_KEY_ID_PATTERN = /^PUB_KEY_ID_[0-9A-Za-z_]{1,64}$/;

const CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/** A serial number as WeChat Pay writes it in `Wechatpay-Serial`: upper-case hex without separators. */
export function normalizeSerial(serial: string): string {
  return serial.replace(/[:\s]/g, '').toUpperCase();
}

/**
 * Every certificate in a text of one or more PEM blocks (line breaks may have been lost in a form field),
 * keyed by its serial number as read from the certificate itself. Throws a plain Error without key material.
 */
export function loadPlatformCertificates(text: string): Map<string, KeyObject> {
  const blocks = text.match(CERTIFICATE_BLOCK) ?? [];
  if (blocks.length === 0) throw new Error('no PEM certificate (-----BEGIN CERTIFICATE-----) found');
  const keys = new Map<string, KeyObject>();
  for (const [index, block] of blocks.entries()) {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(normalizePem(block) ?? block);
    } catch {
      throw new Error(`certificate ${index + 1} is not a readable X.509 certificate`);
    }
    keys.set(normalizeSerial(certificate.serialNumber), checkRsa(certificate.publicKey));
  }
  return keys;
}

/** The WeChat Pay public key (SPKI PEM as downloaded, PKCS#1 PEM or bare base64) under its PUB_KEY_ID. */
export function loadPlatformPublicKey(id: string, text: string): Map<string, KeyObject> {
  return new Map([[id, loadRsaPublicKey(text)]]);
}
