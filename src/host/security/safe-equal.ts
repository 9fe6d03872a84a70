import crypto from 'node:crypto';

/**
 * Constant-time comparison of two secrets. Both sides are hashed first, so the time taken depends neither on
 * where they differ nor on their lengths.
 */
export function safeEqual(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a, 'utf8').digest();
  const hb = crypto.createHash('sha256').update(b, 'utf8').digest();
  return crypto.timingSafeEqual(ha, hb);
}
