import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case
/** The tightest provider limit on a merchant refund number (WeChat Pay out_refund_no, Alipay out_request_no). */
const MAX_REFUND_NO = 64;

/** The caller's refund id: what the console and the merchant API accept (the orderId alphabet). */
export const REFUND_ID_PATTERN = '^[A-Za-z0-9_.:|*@-]{1,64}$';

/**
 * Our refund number for the caller's refundId of an order, and the PaymentRefund's name: the order's name
 * plus `-r` and 16 hex digits of SHA-256(refundId), so the same refundId of one order always names the same
 * refund (the store's unique names make a second one impossible), while refundIds stay the caller's own per
 * order. Providers want it unique per merchant, at most 64 characters of `0-9a-zA-Z_-`: an order name that
 * would not fit (long, or with dots) gives `rf-` and 40 hex digits of the pair instead.
 */
export function refundNoOf(orderName: string, refundId: string): string {
  const short = `${orderName}-r${sha256(refundId).slice(0, 16)}`;
  if (short.length <= MAX_REFUND_NO && /^[a-z0-9][a-z0-9-]*$/.test(orderName)) return short;
  return `rf-${sha256(`${orderName}\n${refundId}`).slice(0, 40)}`;
}

/** A refund id for a request that brought none: `r` + UTC date + 16 random base32 characters (80 bits). */
export function newRefundId(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  let random = '';
  for (const b of randomBytes(16)) random += ALPHABET[b & 31];
  return `r${day}${random}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
