import { and, eq, lt, toTimestamp, type JobDefinition } from '../../host/sdk/index.js';
import { sweepInBatches } from '../cleanup/batch-sweep.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { nowStamp, wholeSecond } from '../timestamps/whole-second.js';
import { isPendingCodePastExpiry } from './permanent-code-redemption.js';
import { FreeAuthCode, PermanentAuthCode } from './types.js';

export const EXPIRE_CODES_JOB = 'SitePluginAuth:expire-codes';
/** Free codes live 5 minutes; their records are kept a day for support questions, then removed. */
const FREE_CODE_RETENTION_MS = 24 * 60 * 60_000;

/** Every minute: PENDING permanent codes past expiresAt become EXPIRED; stale free codes are removed. */
export function expireCodesJob(deps: PluginAuthDeps): JobDefinition {
  return {
    name: EXPIRE_CODES_JOB,
    title: { zh: '过期授权码', en: 'Expire authorization codes' },
    description: {
      zh: '让过期的永久授权码失效，删除一天前的免费授权码',
      en: 'Expires permanent codes past their date and removes free codes older than a day',
    },
    cron: '0 * * * * *',
    concurrency: 'FORBID',
    missedRunPolicy: 'FIRE_ONCE',
    timeoutMs: 5 * 60_000,
    handler: async (ctx) => {
      const counts = await expireCodes(deps, ctx.signal);
      ctx.reportCounts(counts);
    },
  };
}

export async function expireCodes(deps: PluginAuthDeps, signal?: AbortSignal): Promise<{ expiredCodes: number; removedFreeCodes: number }> {
  const { client, logger } = deps;
  const expired = await sweepInBatches({
    client,
    logger,
    kind: PermanentAuthCode,
    signal,
    batchSize: 200,
    where: and(eq('spec.status', 'PENDING'), lt('spec.expiresAt', nowStamp(deps.clock)))!,
    sort: { field: 'spec.expiresAt', direction: 'asc' },
    handle: async (listed) => {
      const code = await client.fetch(PermanentAuthCode, listed.metadata.name);
      if (!code || !isPendingCodePastExpiry(code.spec, deps.clock.now())) return false;
      await client.update({ ...code, spec: { ...code.spec, status: 'EXPIRED' } });
      return true;
    },
  });
  const cutoff = toTimestamp(wholeSecond(deps.clock.now() - FREE_CODE_RETENTION_MS));
  const removed = await sweepInBatches({
    client,
    logger,
    kind: FreeAuthCode,
    signal,
    batchSize: 200,
    where: lt('spec.createdAt', cutoff),
    sort: { field: 'spec.createdAt', direction: 'asc' },
    handle: async (code) => (await client.delete(FreeAuthCode, code.metadata.name)).removed,
  });
  return { expiredCodes: expired.changed, removedFreeCodes: removed.changed };
}
