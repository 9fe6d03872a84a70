import { setImmediate } from 'node:timers/promises';
import type { ExtensionClient } from '../client/extension-client.js';
import type { JobDefinition } from '../scheduler/types.js';
import { and, eq, gt, isNull, lt } from '../store/query.js';
import { messageNamePrefixAt } from './enqueue-messages.js';
import { OutboxMessage, type OutboxPhase } from './types.js';

export const OUTBOX_RETENTION_JOB = 'host:outbox-retention';
/** Daily, in the quiet hours. */
const DAILY_AT_0330 = '0 30 3 * * *';
const BATCH = 500;
const DAY_MS = 86_400_000;
/** Only finished messages go: PENDING and WAITING_CONFIG ones are never lost (DESIGN, notifications). */
const FINISHED: OutboxPhase[] = ['SENT', 'FAILED'];

export interface OutboxRetentionOptions {
  client: ExtensionClient;
  /** Days a finished message is kept after it was queued; 0 keeps every message. */
  retentionDays: () => Promise<number>;
  clock?: () => number;
}

/**
 * Deletes SENT and FAILED outbox messages queued more than `retentionDays` ago, so the outbox does not grow
 * without bound (every auth-notification, payment notice and bulk send leaves a message). Message names
 * start with their creation time (`orderedMessageName`) and finished messages have no nextAttemptAt, so
 * each batch is one range of the (phase, nextAttemptAt) index ending in the name: no scan, whatever the size.
 */
export async function deleteExpiredOutboxMessages(o: OutboxRetentionOptions, signal?: AbortSignal): Promise<number> {
  const days = await o.retentionDays();
  if (!(days > 0)) return 0;
  const before = messageNamePrefixAt((o.clock ?? Date.now)() - days * DAY_MS);
  let deleted = 0;
  for (const phase of FINISHED) {
    // Names from the epoch to the cut-off: a message named otherwise (through the generic API) says nothing of its age.
    const where = and(
      eq('status.phase', phase),
      isNull('status.nextAttemptAt'),
      gt('metadata.name', messageNamePrefixAt(0)),
      lt('metadata.name', before),
    );
    while (!signal?.aborted) {
      const page = await o.client.list(OutboxMessage, {
        where,
        sort: [{ field: 'metadata.name', direction: 'asc' }],
        page: 1,
        size: BATCH,
        countTotal: false,
      });
      if (!page.items.length) break;
      await o.client.transaction(async (tx) => {
        for (const m of page.items) await tx.delete(OutboxMessage, m.metadata.name);
      });
      deleted += page.items.length;
      // Between batches other writers get the store (a single writer on SQLite).
      await setImmediate();
    }
  }
  return deleted;
}

/** The daily job; the runtime registers it with the host scheduler. */
export function outboxRetentionJob(o: OutboxRetentionOptions): JobDefinition {
  return {
    name: OUTBOX_RETENTION_JOB,
    title: { zh: '清理通知发件箱', en: 'Clean up the notification outbox' },
    description: {
      zh: '删除超过保留天数的已发送和发送失败的消息',
      en: 'Deletes sent and failed messages older than the days to keep',
    },
    cron: DAILY_AT_0330,
    concurrency: 'FORBID',
    missedRunPolicy: 'FIRE_ONCE',
    timeoutMs: 10 * 60_000,
    handler: async (ctx) => ctx.reportCounts({ deleted: await deleteExpiredOutboxMessages(o, ctx.signal) }),
  };
}
