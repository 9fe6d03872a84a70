import { createSign, createVerify, type KeyObject } from 'node:crypto';

/** The signed text: the Unix-seconds timestamp header, a dot, and the exact body bytes sent. */
export function signedText(timestamp: string, rawBody: string): string {
  return `${timestamp}.${rawBody}`;
}

/** Base64 RSA-SHA256 (PKCS#1 v1.5) with the interface private key. */
export function signNotify(timestamp: string, rawBody: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(signedText(timestamp, rawBody), 'utf8').sign(privateKey, 'base64');
}

/** What a business system runs with the interface public key (also documented in docs/payment.md). */
export function verifyNotify(timestamp: string, rawBody: string, signature: string, publicKey: KeyObject | string): boolean {
  try {
    return createVerify('RSA-SHA256').update(signedText(timestamp, rawBody), 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}
