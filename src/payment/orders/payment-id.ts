import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case (resource names are lower case)

/**
 * A new payment number: `p` + UTC date (yyyymmdd, for people reading statements) + 20 random base32
 * characters (100 bits), so it can stand in the public page URL without being guessable. It is also the
 * PaymentInfo's resource name and the channel's out trade number (Alipay allows 64 characters).
 */
export function newPaymentId(now: Date = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const bytes = randomBytes(20);
  let random = '';
  for (const b of bytes) random += ALPHABET[b & 31];
  return `p${day}${random}`;
}

/** Cheap shape check before a store read (the page and status routes are anonymous). */
export function looksLikePaymentId(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z0-9][a-z0-9-]{0,63}$/.test(value);
}
