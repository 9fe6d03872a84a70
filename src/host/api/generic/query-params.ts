import type { Request } from 'express';
import { AppError } from '../../errors/app-error.js';

/**
 * The scalar query parameters of the generic API, read strictly. Kubernetes decodes them into typed
 * options (strconv.ParseInt, strconv.ParseBool) and answers 400 when one does not decode; so do we,
 * instead of reading `limit=1e3` as 1000 or `watch=yes` as false. Unknown parameters are ignored, as
 * Kubernetes ignores them. Stricter than Kubernetes (docs/generic-api.md): a scalar parameter given twice
 * is refused (Kubernetes takes the first).
 */

/** A 400 BadRequest naming the parameter as the cause's field, in both languages. */
export function badParameter(name: string, value: string, en: string, zh: string): AppError {
  const shown = value.length > 64 ? `${value.slice(0, 64)}…` : value;
  return new AppError('BAD_REQUEST', `查询参数 ${name}（"${shown}"）${zh}`, {
    messageEn: `invalid query parameter ${name}="${shown}": ${en}`,
    details: [{ field: name, message: `${name} ${zh}`, messageEn: `${name} ${en}`, reason: 'FieldValueInvalid' }],
  });
}

/** The one value of a scalar parameter; undefined when absent. */
export function singleParam(req: Request, name: string): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw badParameter(name, value.map(String).join(','), 'must be given once', '只能给出一次');
  if (typeof value !== 'string') throw badParameter(name, '[object]', 'must be a plain value', '须为单个值');
  return value;
}

const DIGITS = /^\d{1,16}$/;

/**
 * A non-negative integer written as plain digits, at most 2^53 − 1 (no sign, exponent, fraction or
 * spaces); undefined when absent or empty.
 */
export function integerParam(req: Request, name: string): number | undefined {
  const text = singleParam(req, name);
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  if (!DIGITS.test(text) || !Number.isSafeInteger(n))
    throw badParameter(
      name,
      text,
      `must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`,
      `须为 0 到 ${Number.MAX_SAFE_INTEGER} 的整数`,
    );
  return n;
}

/** Go's strconv.ParseBool, which Kubernetes uses for its boolean parameters. */
const BOOLEANS: Record<string, boolean> = {
  true: true,
  True: true,
  TRUE: true,
  t: true,
  T: true,
  '1': true,
  false: false,
  False: false,
  FALSE: false,
  f: false,
  F: false,
  '0': false,
};

/** A boolean parameter (`true`/`false`, `1`/`0` and the other spellings ParseBool takes); undefined when absent or empty. */
export function booleanParam(req: Request, name: string): boolean | undefined {
  const text = singleParam(req, name);
  if (text === undefined || text === '') return undefined;
  const value = BOOLEANS[text];
  if (value === undefined) throw badParameter(name, text, 'must be true or false', '须为 true 或 false');
  return value;
}
