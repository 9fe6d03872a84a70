import { createHash } from 'node:crypto';
import { safeEqual } from '../../../host/sdk/index.js';

/** A parameter as xunhupay sends or answers it: form values are strings, JSON answers may hold numbers. */
export type HashValue = string | number | boolean | null | undefined;

/**
 * The string xunhupay's `hash` covers (without the key): every parameter except `hash` whose value is not
 * empty, sorted by name (byte order), `name=value` joined by `&`, raw UTF-8 values (not URL-encoded).
 * Numbers are written as JSON writes them and `true` as `1` (what the PHP SDK's string conversion gives);
 * objects and arrays are not part of it.
 */
export function hashContent(params: Readonly<Record<string, unknown>>): string {
  return Object.keys(params)
    .filter((key) => key !== 'hash' && scalarText(params[key]) !== '')
    .sort()
    .map((key) => `${key}=${scalarText(params[key])}`)
    .join('&');
}

/** md5(content + appsecret), lower-case hex: the appsecret is appended directly, with no `&key=`. */
export function xunhupayHash(params: Readonly<Record<string, unknown>>, appSecret: string): string {
  return createHash('md5')
    .update(hashContent(params) + appSecret, 'utf8')
    .digest('hex');
}

/** Whether `params.hash` is the hash of the other parameters (constant-time; upper-case hex accepted). */
export function verifyXunhupayHash(params: Readonly<Record<string, unknown>>, appSecret: string): boolean {
  const given = params.hash;
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{32}$/.test(given)) return false;
  return safeEqual(given.toLowerCase(), xunhupayHash(params, appSecret));
}

function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (value === true) return '1';
  return '';
}
