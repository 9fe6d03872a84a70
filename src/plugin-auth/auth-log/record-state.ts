import { parseTimestamp } from '../../host/sdk/index.js';
import { wholeSecond } from '../timestamps/whole-second.js';
import { isExpiredForCleanup } from './cleanup-rule.js';
import type { AuthLog } from './types.js';

/** What a record says about a domain right now, in checkAuth's codes. */
export type RecordState = 'VALID' | 'NOT_FOUND' | 'PENDING' | 'EXPIRED';

/**
 * VALID: authorized and not past expireTime. EXPIRED: authorized with an empty or past expireTime (the
 * cleanup rule), or already moved to 0 by the cleanup (which keeps the past expireTime). PENDING: 0 otherwise.
 */
export function stateOf(record: AuthLog | undefined, now: number): RecordState {
  if (!record) return 'NOT_FOUND';
  const { spec } = record;
  if (spec.authStatus === 1) return isExpiredForCleanup(spec, now) ? 'EXPIRED' : 'VALID';
  const expires = parseTimestamp(spec.expireTime);
  return expires !== undefined && expires < wholeSecond(now) ? 'EXPIRED' : 'PENDING';
}
