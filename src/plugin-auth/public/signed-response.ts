import type { Response } from 'express';
import { ok } from '../../host/api/envelope/envelope.js';
import { RESPONSE_SIGNATURE_HEADER } from '../domain/license/license-format.js';
import type { LicenseAuthority } from '../license/license-authority.js';

/**
 * Sends `data` in the success envelope with a signature over the exact bytes sent: the body is serialized
 * once, those bytes are signed, and the same bytes are written (no re-serialization, no ETag pass).
 * `memoize` lets identical bodies reuse their signature; answers carrying a caller nonce are unique, so
 * they are signed afresh and not kept.
 */
export async function sendSigned(res: Response, authority: LicenseAuthority, data: unknown, memoize: boolean): Promise<void> {
  const text = JSON.stringify(ok(data));
  const body = Buffer.from(text, 'utf8');
  const signature = await authority.sign(body, memoize ? text : undefined);
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader(RESPONSE_SIGNATURE_HEADER, signature);
  res.end(body);
}
