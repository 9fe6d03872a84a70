import { parseTimestamp } from '../../host/sdk/index.js';
import { allowsFreeCode } from '../catalog/price-type.js';
import { codeError, type CodeErrorCode } from './code-errors.js';
import { FREE_CODE_TTL_MS } from './free-code.js';

/** A stored temporary free code. */
export interface FreeCodeState {
  /** When it was made (RFC 3339). */
  createdAt: string;
  /** True once it has activated a record. */
  used?: boolean;
  /** When set, the code works only for this plugin. */
  pluginKey?: string;
}

export interface FreeRedemptionRequest {
  /** Plugin of the record being activated, and its catalog price. */
  pluginKey: string;
  price: number | null | undefined;
}

/**
 * Why the free code cannot activate the record now, or undefined when it can. Order: not found, used,
 * older than 5 minutes (spec: works while younger than 5 minutes; an unreadable createdAt counts as old),
 * bound to another plugin, plugin not priced 0 or 9999.
 */
export function freeCodeProblem(
  code: FreeCodeState | null | undefined,
  request: FreeRedemptionRequest,
  now: number,
): CodeErrorCode | undefined {
  if (!code) return 'CODE_NOT_FOUND';
  if (code.used) return 'CODE_USED';
  const created = parseTimestamp(code.createdAt);
  if (created === undefined || now - created >= FREE_CODE_TTL_MS) return 'FREE_CODE_EXPIRED';
  if (code.pluginKey && code.pluginKey !== request.pluginKey) return 'CODE_PLUGIN_MISMATCH';
  if (!allowsFreeCode(request.price)) return 'FREE_CODE_NOT_ALLOWED';
  return undefined;
}

/** freeCodeProblem, throwing the matching AppError. */
export function assertFreeCodeRedeemable(
  code: FreeCodeState | null | undefined,
  request: FreeRedemptionRequest,
  now: number,
): asserts code is FreeCodeState {
  const problem = freeCodeProblem(code, request, now);
  if (problem) throw codeError(problem);
}
