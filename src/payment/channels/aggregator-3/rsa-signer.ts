import { createSign, createVerify, type KeyObject } from 'node:crypto';
import type { EpaySigner } from '../epay/index.js';

/**
 * epay V2's signature: SHA256withRSA (PKCS#1 v1.5), base64. Requests are signed with the merchant private
 * key; answers and notifications verify with the platform public key.
 */
export function rsaSigner(merchantPrivateKey: KeyObject, platformPublicKey: KeyObject): EpaySigner {
  return {
    signType: 'RSA',
    sign: (content) => createSign('RSA-SHA256').update(content, 'utf8').sign(merchantPrivateKey, 'base64'),
    verify(content, signature) {
      try {
        return createVerify('RSA-SHA256').update(content, 'utf8').verify(platformPublicKey, signature, 'base64');
      } catch {
        return false;
      }
    },
  };
}
