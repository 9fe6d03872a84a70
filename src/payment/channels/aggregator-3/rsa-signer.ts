import type { KeyObject } from 'node:crypto';
import { rsaSha256Sign, rsaSha256Verify } from '../crypto/rsa-sha256.js';
import type { EpaySigner } from '../epay/index.js';

/**
 * epay V2's signature: SHA256withRSA (PKCS#1 v1.5), base64. Requests are signed with the merchant private
 * key; answers and notifications verify with the platform public key.
 */
export function rsaSigner(merchantPrivateKey: KeyObject, platformPublicKey: KeyObject): EpaySigner {
  return {
    signType: 'RSA',
    sign: (content) => rsaSha256Sign(content, merchantPrivateKey),
    verify: (content, signature) => rsaSha256Verify(content, signature, platformPublicKey),
  };
}
