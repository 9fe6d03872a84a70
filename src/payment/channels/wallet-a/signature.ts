import { createSign, createVerify, type KeyObject } from 'node:crypto';

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

/** SHA256withRSA (PKCS#1 v1.5), base64. */
export function rsa2Sign(content: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

/** Verifies a base64 SHA256withRSA signature; malformed input is simply "does not verify". */
export function rsa2Verify(content: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** Signs request parameters: everything except `sign`, including `sign_type` and `biz_content`. */
export function signRequest(params: Readonly<Record<string, string>>, privateKey: KeyObject): Record<string, string> {
  return { ...params, sign: rsa2Sign(signingContent(params, ['sign']), privateKey) };
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
    rsa2Verify(signingContent(params, ['sign', 'sign_type']), signature, publicKey)
    || rsa2Verify(signingContent(params, ['sign']), signature, publicKey)
  );
}
