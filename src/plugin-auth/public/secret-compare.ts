import { safeEqual } from '../../host/sdk/index.js';

/** Constant-time comparison of a presented secret (any query or header value) with the configured one. */
export function secretMatches(presented: unknown, configured: string): boolean {
  return typeof presented === 'string' && safeEqual(presented, configured);
}

/** Spec: header Authorization carries the apiAccessSecret, bare or (as many HTTP clients send it) after `Bearer `. */
export function authorizationCarries(header: string | undefined, secret: string): boolean {
  if (header === undefined) return false;
  const bare = secretMatches(header.trim(), secret);
  const bearer = /^bearer\s/i.test(header) && secretMatches(header.slice(7).trim(), secret);
  return bare || bearer;
}
