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
   * The user's records for this plugin that count: every status; when exemptDevelopmentHosts is on,
   * records on development hosts left out (see countTowardLimit).
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

/** HTTP 409: the user's authorization slots for the plugin are used up (spec text `授权数量已超限`). */
export function authLimitExceeded(limit: number, used: number): AppError {
  return new AppError('AUTH_LIMIT_EXCEEDED', '授权数量已超限', {
    status: 409,
    messageEn: 'authorization count limit exceeded',
    details: [{ field: 'domain', message: `limit ${limit}, already used ${used}`, reason: 'AUTH_LIMIT_EXCEEDED' }],
  });
}
