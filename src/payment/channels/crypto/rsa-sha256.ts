import { createSign, createVerify, type KeyObject } from 'node:crypto';

/** SHA256withRSA (PKCS#1 v1.5), base64: Alipay's "RSA2" and WeChat Pay's WECHATPAY2-SHA256-RSA2048. */
export function rsaSha256Sign(content: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

/** Verifies a base64 SHA256withRSA signature; malformed input is simply "does not verify". */
export function rsaSha256Verify(content: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}
