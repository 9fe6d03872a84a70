import { createHash } from 'node:crypto';
import { safeEqual } from '../../../host/sdk/index.js';
import type { EpaySigner } from '../epay/index.js';

/**
 * epay V1's MD5 signature: `md5(signing string + key)` — the key appended directly, no `&key=` — in
 * lower-case hex. Received signatures are compared in constant time: the key is a shared secret.
 */
export function md5Signer(key: string): EpaySigner {
  const sign = (content: string) =>
    createHash('md5')
      .update(content + key, 'utf8')
      .digest('hex');
  return {
    signType: 'MD5',
    sign,
    verify: (content, signature) => safeEqual(sign(content), signature),
  };
}
