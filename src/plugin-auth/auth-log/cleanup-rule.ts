import { parseTimestamp } from '../../host/sdk/index.js';
import { wholeSecond } from '../timestamps/whole-second.js';

/** The fields of a record the cleanup job looks at. */
export interface CleanupCandidate {
  authStatus: number;
  expireTime?: string | null;
}

/**
 * Spec: the cleanup job turns records with authStatus 1 and an expireTime that is empty or earlier than now
 * into authStatus 0. An empty expireTime is not permanent; an unreadable one is treated like an empty one.
 * The store query for the same set is `authStatus = 1 AND (expireTime missing OR expireTime < toTimestamp(now))`.
 */
export function isExpiredForCleanup(record: CleanupCandidate, now: number): boolean {
  if (record.authStatus !== 1) return false;
  const ms = parseTimestamp(record.expireTime);
  return ms === undefined || ms < wholeSecond(now);
}
