import crypto from 'node:crypto';

/**
 * Constant-time comparison of a presented secret with the configured one: both are hashed first, so the
 * comparison takes the same time whatever the lengths and wherever they differ.
 */
export function secretMatches(presented: unknown, configured: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = crypto.createHash('sha256').update(presented, 'utf8').digest();
  const b = crypto.createHash('sha256').update(configured, 'utf8').digest();
  return crypto.timingSafeEqual(a, b);
}

/** Spec: header Authorization carries the apiAccessSecret, bare or (as many HTTP clients send it) after `Bearer `. */
export function authorizationCarries(header: string | undefined, secret: string): boolean {
  if (header === undefined) return false;
  const bare = secretMatches(header.trim(), secret);
  const bearer = /^bearer\s/i.test(header) && secretMatches(header.slice(7).trim(), secret);
  return bare || bearer;
}
