import type { JobDefinition } from '../../host/sdk/index.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { CLEANUP_TIME_ZONE } from '../settings/plugin-auth-settings.js';
import { cleanExpiredAuthorizations } from './clean-auth.handler.js';

/** Spec "Cleanup job": task name, time zone, FORBID, FIRE_ONCE, 5-minute time-out. */
export const CLEANUP_JOB = 'SitePluginAuth:clean-auth';
export const CLEANUP_TIMEOUT_MS = 5 * 60_000;

/** Scheduled only while the cleanupEnabled setting is on, at the cleanupCron setting (Asia/Shanghai). */
export function cleanAuthJob(deps: PluginAuthDeps): JobDefinition {
  return {
    name: CLEANUP_JOB,
    title: { zh: '清理过期授权', en: 'Clean up expired authorizations' },
    description: {
      zh: '把已过期的插件授权标记为过期，并通知其用户',
      en: 'Marks plugin authorizations past their end as expired and tells their users',
    },
    cron: async () => (await deps.settings.read()).cleanupCron,
    timeZone: CLEANUP_TIME_ZONE,
    enabled: async () => (await deps.settings.read()).cleanupEnabled,
    concurrency: 'FORBID',
    missedRunPolicy: 'FIRE_ONCE',
    timeoutMs: CLEANUP_TIMEOUT_MS,
    handler: (ctx) => cleanExpiredAuthorizations(deps, ctx).then(() => undefined),
  };
}
