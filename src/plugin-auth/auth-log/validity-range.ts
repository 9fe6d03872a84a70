import { toTimestamp } from '../../host/sdk/index.js';
import { wholeSecond } from '../timestamps/whole-second.js';
import { PERMANENT_THRESHOLD, type ValidityType } from './validity.js';

/** The validity types the console filter offers (spec: permanent, limited, expired). */
export type ValidityFilter = Exclude<ValidityType, 'NONE'>;

/**
 * Bounds on spec.expireTime (stored timestamps, compared as strings) that select exactly the records
 * validityTypeOf puts in the type, so the filter runs on the expireTime index. Records without an
 * expireTime fall in none of the three.
 */
export interface ExpireTimeRange {
  gt?: string;
  gte?: string;
  lt?: string;
  lte?: string;
}

export function validityRange(type: ValidityFilter, now: number): ExpireTimeRange {
  const nowStamp = toTimestamp(wholeSecond(now));
  switch (type) {
    case 'PERMANENT':
      return { gt: PERMANENT_THRESHOLD };
    case 'EXPIRED':
      return { lt: nowStamp };
    case 'LIMITED':
      return { gte: nowStamp, lte: PERMANENT_THRESHOLD };
  }
}
