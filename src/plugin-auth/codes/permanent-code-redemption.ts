import { parseTimestamp } from '../../host/sdk/index.js';
import { wholeSecond } from '../timestamps/whole-second.js';
import { codeError, type CodeErrorCode } from './code-errors.js';

export type PermanentCodeStatus = 'PENDING' | 'USED' | 'EXPIRED';

/** The fields of a PermanentAuthCode spec that redemption looks at. */
export interface PermanentCodeState {
  pluginKey: string;
  status: PermanentCodeStatus;
  /** When set, only this user may redeem the code. */
  restrictedUser?: string;
  /** Optional expiry chosen at generation (RFC 3339). */
  expiresAt?: string;
}

export interface PermanentRedemptionRequest {
  /** Plugin of the record being activated. */
  pluginKey: string;
  /** The logged-in user redeeming the code. */
  user: string;
}

/**
 * Why the code cannot be redeemed for the request now, or undefined when it can. Checks in this order: not
 * found, used, expired (status EXPIRED or past expiresAt), another plugin, restricted to another user.
 */
export function permanentCodeProblem(
  code: PermanentCodeState | null | undefined,
  request: PermanentRedemptionRequest,
  now: number,
): CodeErrorCode | undefined {
  if (!code) return 'CODE_NOT_FOUND';
  if (code.status === 'USED') return 'CODE_USED';
  if (code.status === 'EXPIRED' || isPastExpiry(code.expiresAt, now)) return 'CODE_EXPIRED';
  if (code.pluginKey !== request.pluginKey) return 'CODE_PLUGIN_MISMATCH';
  if (code.restrictedUser && code.restrictedUser !== request.user) return 'CODE_USER_MISMATCH';
  return undefined;
}

/** permanentCodeProblem, throwing the matching AppError. */
export function assertPermanentCodeRedeemable(
  code: PermanentCodeState | null | undefined,
  request: PermanentRedemptionRequest,
  now: number,
): asserts code is PermanentCodeState {
  const problem = permanentCodeProblem(code, request, now);
  if (problem) throw codeError(problem);
}

/** For the expiry job: a PENDING code whose expiresAt has passed moves to EXPIRED. */
export function isPendingCodePastExpiry(code: Pick<PermanentCodeState, 'status' | 'expiresAt'>, now: number): boolean {
  return code.status === 'PENDING' && code.expiresAt !== undefined && isPastExpiry(code.expiresAt, now);
}

/** Earlier than now (whole seconds), as for records; an unreadable expiresAt counts as past (fail closed). */
function isPastExpiry(expiresAt: string | undefined, now: number): boolean {
  if (expiresAt === undefined || expiresAt === '') return false;
  const ms = parseTimestamp(expiresAt);
  return ms === undefined || ms < wholeSecond(now);
}
