import type { KeyObject } from 'node:crypto';
import { rsaSha256Sign, rsaSha256Verify } from '../crypto/rsa-sha256.js';

/**
 * The Alipay signing string: parameters sorted by key (ASCII), `k=v` joined by `&`, raw (not URL-encoded)
 * values, skipping the excluded keys and empty values.
 */
export function signingContent(params: Readonly<Record<string, string | undefined>>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** Alipay calls SHA256withRSA "RSA2". */
export { rsaSha256Sign as rsa2Sign, rsaSha256Verify as rsa2Verify };

/** Signs request parameters: everything except `sign`, including `sign_type` and `biz_content`. */
export function signRequest(params: Readonly<Record<string, string>>, privateKey: KeyObject): Record<string, string> {
  return { ...params, sign: rsaSha256Sign(signingContent(params, ['sign']), privateKey) };
}

/**
 * Verifies an asynchronous notification (rsaCheckV1): `sign` and `sign_type` removed, empty values dropped,
 * values as decoded once from the form. Like the official Node SDK, a signature that also covers
 * `sign_type` (rsaCheckV2) is accepted: both forms need the Alipay private key.
 */
export function verifyNotifySignature(params: Readonly<Record<string, string>>, publicKey: KeyObject): boolean {
  const signature = params.sign;
  if (!signature) return false;
  return (
    rsaSha256Verify(signingContent(params, ['sign', 'sign_type']), signature, publicKey)
    || rsaSha256Verify(signingContent(params, ['sign']), signature, publicKey)
  );
}
