import { createHmac, timingSafeEqual } from 'node:crypto';
import { ChannelError } from '../core/errors.js';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** Seconds a signed callback stays acceptable (as Stripe's default tolerance). */
export const SANDBOX_TOLERANCE_SECONDS = 300;

/** Hex HMAC-SHA256 over `timestamp.rawBody`. */
export function sandboxSignature(rawBody: string, timestampSeconds: number, secret: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`, 'utf8').digest('hex');
}

/** The header value `t=<unix seconds>,v1=<hex>`. */
export function signSandboxPayload(rawBody: string, timestampSeconds: number, secret: string): string {
  return `t=${timestampSeconds},v1=${sandboxSignature(rawBody, timestampSeconds, secret)}`;
}

/** Parses `t=…,v1=…[,v1=…]`; undefined when there is no timestamp or no v1 signature. */
export function parseSignatureHeader(value: string): { timestamp: number; signatures: string[] } | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of value.split(',')) {
    const [key, item] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(item ?? '')) timestamp = Number(item);
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(item ?? '')) signatures.push(item.toLowerCase());
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

/**
 * Checks the header against the raw body: MISSING_SIGNATURE when absent or unparsable, BAD_SIGNATURE when
 * no v1 matches (compared in constant time) or the timestamp is more than the tolerance away from now.
 */
export function verifySandboxSignature(rawBody: string, header: string | undefined, secret: string, nowSeconds: number): void {
  if (!header) throw new ChannelError('MISSING_SIGNATURE', `sandbox callback without ${SANDBOX_SIGNATURE_HEADER}`);
  const parsed = parseSignatureHeader(header);
  if (!parsed) throw new ChannelError('MISSING_SIGNATURE', `malformed ${SANDBOX_SIGNATURE_HEADER}`);
  const expected = Buffer.from(sandboxSignature(rawBody, parsed.timestamp, secret), 'hex');
  const matched = parsed.signatures.some((candidate) => timingSafeEqual(Buffer.from(candidate, 'hex'), expected));
  if (!matched) throw new ChannelError('BAD_SIGNATURE', 'sandbox callback signature does not match');
  if (Math.abs(nowSeconds - parsed.timestamp) > SANDBOX_TOLERANCE_SECONDS) {
    throw new ChannelError('BAD_SIGNATURE', 'sandbox callback timestamp outside the tolerance');
  }
}
