import type { Response } from 'express';
import { ok } from '../../host/api/envelope/envelope.js';
import { RESPONSE_SIGNATURE_HEADER } from '../domain/license/license-format.js';
import type { LicenseAuthority } from '../license/license-authority.js';

/**
 * Sends `data` in the success envelope with a signature over the exact bytes sent: the body is serialized
 * once, its UTF-8 bytes are signed, and the same text is written (no re-serialization, no ETag pass).
 * Written as a string, Node sends headers and body in one write instead of a gathered write of two buffers.
 * `memoize` lets identical bodies reuse their signature; answers carrying a caller nonce are unique, so
 * they are signed afresh and not kept.
 */
export async function sendSigned(res: Response, authority: LicenseAuthority, data: unknown, memoize: boolean): Promise<void> {
  const text = JSON.stringify(ok(data));
  const signature = await authority.sign(text, memoize);
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text, 'utf8'));
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader(RESPONSE_SIGNATURE_HEADER, signature);
  res.end(text, 'utf8');
}
