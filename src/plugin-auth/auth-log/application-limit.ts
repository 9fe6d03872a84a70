import { AppError } from '../../host/sdk/index.js';
import { isDevelopmentHost } from '../domain-name/development-host.js';

/** Limit value meaning "no limit" (plugin authCountLimit and the global setting). */
export const UNLIMITED = -1;

/**
 * The plugin's authCountLimit when set (not null/undefined), else the global per-user limit. -1 means
 * unlimited; any other negative value is read the same way (schemas allow only -1).
 */
export function effectiveLimit(pluginLimit: number | null | undefined, globalLimit: number): number {
  const limit = pluginLimit ?? globalLimit;
  return limit < 0 ? UNLIMITED : limit;
}

/** What decides whether a new record (a triple that does not exist yet) may be created. */
export interface ApplicationContext {
  limit: number;
  /**
   * The user's records for this plugin that count: every status, except records created through the public
   * API that the user has not confirmed; when exemptDevelopmentHosts is on, records on development hosts
   * left out (see countTowardLimit).
   */
  existingCount: number;
  /** The domain applied for. */
  domain: string;
  exemptDevelopmentHosts: boolean;
}

export type ApplicationDecision = { allowed: true; countsTowardLimit: boolean } | { allowed: false; limit: number; used: number };

export function decideApplication(ctx: ApplicationContext): ApplicationDecision {
  const exempt = ctx.exemptDevelopmentHosts && isDevelopmentHost(ctx.domain);
  if (exempt) return { allowed: true, countsTowardLimit: false };
  if (ctx.limit < 0 || ctx.existingCount < ctx.limit) return { allowed: true, countsTowardLimit: true };
  return { allowed: false, limit: ctx.limit, used: ctx.existingCount };
}

/** decideApplication, throwing AUTH_LIMIT_EXCEEDED when the application is not allowed. */
export function assertApplicationAllowed(ctx: ApplicationContext): { countsTowardLimit: boolean } {
  const decision = decideApplication(ctx);
  if (!decision.allowed) throw authLimitExceeded(decision.limit, decision.used);
  return decision;
}

/** How many of the given domains (a user's records for one plugin) count toward the limit. */
export function countTowardLimit(domains: Iterable<string>, exemptDevelopmentHosts: boolean): number {
  let count = 0;
  for (const domain of domains) if (!exemptDevelopmentHosts || !isDevelopmentHost(domain)) count++;
  return count;
}

/** The most public-API applications one user may have waiting for confirmation per plugin, whatever the limit. */
export const MAX_UNCONFIRMED = 20;

/**
 * How many records created through the public API may wait for one user's confirmation per plugin: the
 * user's limit (a stranger can queue no more than the user could ever confirm), at most MAX_UNCONFIRMED (an
 * unlimited or large limit must not let a stranger fill the store or the user's list).
 */
export function unconfirmedCap(limit: number): number {
  return limit === UNLIMITED ? MAX_UNCONFIRMED : Math.min(limit, MAX_UNCONFIRMED);
}

/** AUTH_LIMIT_EXCEEDED (reason UNCONFIRMED_LIMIT) when a public application would pass unconfirmedCap. */
export function assertUnconfirmedRoom(limit: number, unconfirmedCount: number): void {
  const cap = unconfirmedCap(limit);
  if (unconfirmedCount < cap) return;
  throw new AppError('AUTH_LIMIT_EXCEEDED', '授权数量已超限', {
    status: 409,
    messageEn: `authorization count limit exceeded: ${unconfirmedCount} public API applications wait for the user's confirmation`,
    details: [
      {
        field: 'authUser',
        message: `最多 ${cap} 条待确认，已有 ${unconfirmedCount} 条`,
        messageEn: `at most ${cap} unconfirmed, waiting ${unconfirmedCount}`,
        reason: 'UNCONFIRMED_LIMIT',
      },
    ],
  });
}

/** HTTP 409: the user's authorization slots for the plugin are used up (spec text `授权数量已超限`). */
export function authLimitExceeded(limit: number, used: number): AppError {
  return new AppError('AUTH_LIMIT_EXCEEDED', '授权数量已超限', {
    status: 409,
    messageEn: 'authorization count limit exceeded',
    details: [
      {
        field: 'domain',
        message: `上限 ${limit} 个，已用 ${used} 个`,
        messageEn: `limit ${limit}, already used ${used}`,
        reason: 'AUTH_LIMIT_EXCEEDED',
      },
    ],
  });
}
