import { createHmac } from 'node:crypto';
import { safeEqual } from '../../../host/sdk/index.js';
import { ChannelError } from '../core/errors.js';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
/** Seconds a signed webhook stays acceptable: stripe-node's DEFAULT_TOLERANCE. */
export const STRIPE_TOLERANCE_SECONDS = 300;

/** `t=<unix seconds>,v1=<hex>[,v1=<hex>][,v0=<hex>]`: the timestamp and every v1 signature (v0 is ignored). */
export function parseStripeSignature(header: string): { timestamp: number; signatures: string[] } | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

/** Hex HMAC-SHA256 with the endpoint secret over `<t>.<raw body bytes>` (the bytes exactly as received). */
export function stripeSignature(rawBody: Buffer | string, timestamp: number, secret: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest('hex');
}

/**
 * Checks `Stripe-Signature` against the raw body as stripe-node's constructEvent does: any v1 signature may
 * match (compared in constant time: several are present while a secret is being rolled), and the signed
 * timestamp must be within the tolerance. Unlike stripe-node, which checks only the age, a timestamp more
 * than the tolerance in the future is refused too (a signed time from the future is not a fresh webhook).
 * MISSING_SIGNATURE: no header, or no timestamp or v1 signature in it; BAD_SIGNATURE: no v1 matches, or
 * the timestamp is outside the window.
 */
export function verifyStripeSignature(
  rawBody: Buffer | string,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = STRIPE_TOLERANCE_SECONDS,
): void {
  if (!header) throw new ChannelError('MISSING_SIGNATURE', 'Stripe webhook without a Stripe-Signature header');
  const parsed = parseStripeSignature(header);
  if (!parsed) throw new ChannelError('MISSING_SIGNATURE', 'Stripe-Signature carries no timestamp or no v1 signature');
  const expected = stripeSignature(rawBody, parsed.timestamp, secret);
  // Every candidate is compared, so the time taken does not tell which one (if any) matched.
  const matches = parsed.signatures.map((candidate) => safeEqual(candidate, expected));
  if (!matches.includes(true)) throw new ChannelError('BAD_SIGNATURE', 'Stripe-Signature does not match the webhook secret');
  if (Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds) {
    throw new ChannelError('BAD_SIGNATURE', `Stripe-Signature timestamp is more than ${toleranceSeconds} s from now`);
  }
}
