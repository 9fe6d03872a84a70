/** How parameter values enter the signed string: as received (the published rule) or URL-encoded first. */
export type EpaySignEncoding = 'raw' | 'urlencoded';

/** The keys that never take part in the signature. */
const UNSIGNED_KEYS = new Set(['sign', 'sign_type']);

/**
 * The epay signing string: parameters sorted by name in byte order, without `sign`, `sign_type` and empty
 * values, joined as `name=value` with `&`. Values are the raw decoded text, or — for the gateways in the wild
 * that sign the encoded form — PHP `urlencode` of it. Used for requests, notifications and V2 answers alike.
 */
export function epaySigningContent(params: Readonly<Record<string, string | undefined>>, encoding: EpaySignEncoding = 'raw'): string {
  return Object.keys(params)
    .filter((key) => !UNSIGNED_KEYS.has(key) && params[key] !== undefined && params[key] !== '')
    .sort(byteOrder)
    .map((key) => `${key}=${encoding === 'raw' ? params[key] : phpUrlencode(params[key]!)}`)
    .join('&');
}

/**
 * PHP's `urlencode`: every byte except letters, digits and `-_.` is percent-encoded (upper-case hex) and a
 * space becomes `+`. encodeURIComponent leaves `!'()*~` as they are, so those are encoded here as well.
 */
export function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** PHP's ksort on string keys compares bytes; parameter names are ASCII, so UTF-16 order is the same. */
function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
