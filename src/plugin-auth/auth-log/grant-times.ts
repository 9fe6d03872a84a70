import { toTimestamp, ValidationError, type Clock } from '../../host/sdk/index.js';
import { nowSecond } from '../timestamps/whole-second.js';
import { PERMANENT_EXPIRE_TIME } from './validity.js';

/** How a record became authorized; each has its spec-given validity. */
export type Grant =
  /** administrator single authorize, and manual creation without times: now + 3 years */
  | { kind: 'SINGLE' }
  /** administrator batch authorize: now + 3 days */
  | { kind: 'BATCH' }
  /** temporary free code (and other self-service): now + the self-service days setting */
  | { kind: 'SELF_SERVICE'; days: number }
  /** permanent code, or application under a permanent entitlement: 2099-12-31T23:59:59Z */
  | { kind: 'PERMANENT' };

export interface AuthorizationTimes {
  authTime: string;
  expireTime: string;
}

export const SINGLE_AUTHORIZE_YEARS = 3;
export const BATCH_AUTHORIZE_DAYS = 3;
const DAY_MS = 86_400_000;
const PERMANENT_MS = Date.parse(PERMANENT_EXPIRE_TIME);

/** authTime = now; expireTime per grant, never later than the permanent date. */
export function grantTimes(grant: Grant, clock: Clock): AuthorizationTimes {
  const now = nowSecond(clock);
  return { authTime: toTimestamp(now), expireTime: toTimestamp(Math.min(expiryOf(grant, now), PERMANENT_MS)) };
}

function expiryOf(grant: Grant, now: number): number {
  switch (grant.kind) {
    case 'SINGLE':
      return addUtcYears(now, SINGLE_AUTHORIZE_YEARS);
    case 'BATCH':
      return now + BATCH_AUTHORIZE_DAYS * DAY_MS;
    case 'SELF_SERVICE':
      if (!Number.isInteger(grant.days) || grant.days < 1) {
        throw new ValidationError('self-service days must be a whole number of at least 1', [
          { field: 'selfServiceDays', message: 'must be an integer >= 1' },
        ]);
      }
      return now + grant.days * DAY_MS;
    case 'PERMANENT':
      return PERMANENT_MS;
  }
}

/** Calendar years in UTC; 29 February lands on 28 February when the target year has no leap day. */
export function addUtcYears(ms: number, years: number): number {
  const date = new Date(ms);
  const month = date.getUTCMonth();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  if (date.getUTCMonth() !== month) date.setUTCDate(0);
  return date.getTime();
}

/** The time fields of a record as an administrator enters them by hand. */
export interface ManualTimes {
  authStatus: 0 | 1;
  authTime?: string;
  expireTime?: string;
}

/**
 * Manual creation (spec): an authorized record entered without times gets authTime = now and expireTime =
 * now + 3 years; each missing (or empty) one is filled on its own. Unauthorized records are left as entered.
 */
export function fillManualTimes<T extends ManualTimes>(input: T, clock: Clock): T {
  if (input.authStatus !== 1) return input;
  const defaults = grantTimes({ kind: 'SINGLE' }, clock);
  return { ...input, authTime: input.authTime || defaults.authTime, expireTime: input.expireTime || defaults.expireTime };
}
