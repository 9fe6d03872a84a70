import { and, eq, isNull, lt, type Condition, type JobContext } from '../../host/sdk/index.js';
import { applyMove } from '../auth-log/transitions.js';
import { SitePluginAuthLog, type AuthLog } from '../auth-log/types.js';
import { findPluginByKey } from '../catalog/find-plugin.js';
import { SitePlugin } from '../catalog/types.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { nowStamp } from '../timestamps/whole-second.js';
import { sweepInBatches } from './batch-sweep.js';

/**
 * Most records per transaction. Each record dirties about 13 random index pages (its own indexes and its
 * outbox messages'), and every commit writes its dirty pages to the WAL once: larger batches share pages and
 * commits (at 200k records: 200 → 994/s, 500 → 1,750/s; at 1M: 500 → 1,000 took the job from about 63 s to
 * 49 s). But a batch holds the single SQLite writer while it runs (about 0.5 s at 1,000), delaying other
 * writes, so the sweep's time budget (CHUNK_BUDGET_MS, batch-sweep.ts) ends a batch well before that; the
 * store caps a page at 1,000.
 */
export const CLEANUP_BATCH = 1000;

export interface CleanupRun extends Pick<JobContext, 'signal'> {
  reportCounts?: JobContext['reportCounts'];
  batchSize?: number;
}

/**
 * Turns authorized records whose expireTime is empty or earlier than now into unauthorized ones (spec
 * "cleanup job"), each with its auth-notification queued in the same transaction as its status change.
 * Batches commit one by one, so a run cut off by its time-out leaves whole batches done and the next run
 * continues; running it again changes nothing (the rule is re-checked on the fresh record, and the record's
 * version check lets only one writer move it).
 *
 * Expired records are swept plugin by plugin, each plugin's oldest first on (pluginKey, authStatus,
 * expireTime). A status change moves the record's entry in every index that holds authStatus, and most of
 * those begin with the plugin key or the record name (which begins with it too): within one plugin a batch's
 * entries sit side by side and share pages, where a batch taken across all plugins put nearly each one on a
 * page of its own, and every dirty page is a write at commit. A last pass over all plugins catches records
 * whose plugin key is not in the catalog.
 */
export async function cleanExpiredAuthorizations(deps: PluginAuthDeps, run: CleanupRun): Promise<{ expired: number; failed: number }> {
  const now = nowStamp(deps.clock);
  const names = new Map<string, string>();
  for await (const plugin of deps.client.listAll(SitePlugin)) names.set(plugin.spec.key, plugin.spec.name);
  const pluginName = async (key: string) => {
    if (!names.has(key)) names.set(key, (await findPluginByKey(deps.client, key))?.spec.name ?? key);
    return names.get(key)!;
  };
  // The sweep reads each batch inside the transaction that handles it, so the record is the latest version.
  const handle = async (record: AuthLog) =>
    (await applyMove(deps, record, { kind: 'EXPIRE' }, await pluginName(record.spec.pluginKey))).changed;
  const authorized = eq('spec.authStatus', 1);
  const expired = lt('spec.expireTime', now);
  const passes: Condition[] = [
    and(authorized, isNull('spec.expireTime'))!,
    ...[...names.keys()].sort().map((key) => and(eq('spec.pluginKey', key), authorized, expired)!),
    and(authorized, expired)!,
  ];
  const total = { expired: 0, failed: 0 };
  for (const where of passes) {
    const counts = await sweepInBatches({
      client: deps.client,
      logger: deps.logger,
      kind: SitePluginAuthLog,
      where,
      handle,
      sort: { field: 'spec.expireTime', direction: 'asc' },
      batchSize: run.batchSize ?? CLEANUP_BATCH,
      signal: run.signal,
    });
    total.expired += counts.changed;
    total.failed += counts.failed;
    run.reportCounts?.({ expired: counts.changed, failed: counts.failed });
  }
  return total;
}
