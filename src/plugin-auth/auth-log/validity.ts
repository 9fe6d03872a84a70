import { parseTimestamp } from '../../host/sdk/index.js';
import { wholeSecond } from '../timestamps/whole-second.js';

/** The expireTime written for permanent authorization (spec: permanent code redemption → 2099-12-31). */
export const PERMANENT_EXPIRE_TIME = '2099-12-31T23:59:59Z';
/** Any expireTime strictly later than this counts as permanent (spec display rule "later than 2099-01-01"). */
export const PERMANENT_THRESHOLD = '2099-01-01T00:00:00Z';
const PERMANENT_THRESHOLD_MS = Date.parse(PERMANENT_THRESHOLD);

/** Validity of a record by its expireTime, for the console filter and display. */
export type ValidityType = 'PERMANENT' | 'LIMITED' | 'EXPIRED' | 'NONE';

export function isPermanentExpireTime(expireTime: string | null | undefined): boolean {
  const ms = parseTimestamp(expireTime);
  return ms !== undefined && ms > PERMANENT_THRESHOLD_MS;
}

/**
 * Spec display order: empty (or unreadable) → NONE; earlier than now → EXPIRED; later than 2099-01-01 →
 * PERMANENT; otherwise LIMITED. "now" is taken at whole seconds, as the store compares it.
 */
export function validityTypeOf(expireTime: string | null | undefined, now: number): ValidityType {
  const ms = parseTimestamp(expireTime);
  if (ms === undefined) return 'NONE';
  if (ms < wholeSecond(now)) return 'EXPIRED';
  if (ms > PERMANENT_THRESHOLD_MS) return 'PERMANENT';
  return 'LIMITED';
}

/** What the console shows for an expireTime: a dash, "expired", "permanent", or the date itself. */
export interface ExpireTimeDisplay {
  validity: ValidityType;
  /** zh-CN label, or the stored RFC 3339 time for LIMITED (the UI formats it in the viewer's zone). */
  text: string;
  textEn: string;
}

const LABELS: Record<Exclude<ValidityType, 'LIMITED'>, { text: string; textEn: string }> = {
  NONE: { text: '-', textEn: '-' },
  EXPIRED: { text: '已过期', textEn: 'expired' },
  PERMANENT: { text: '永久授权', textEn: 'permanent' },
};

export function expireTimeDisplay(expireTime: string | null | undefined, now: number): ExpireTimeDisplay {
  const validity = validityTypeOf(expireTime, now);
  if (validity === 'LIMITED') return { validity, text: expireTime!, textEn: expireTime! };
  return { validity, ...LABELS[validity] };
}
