import type { Condition, SortSpec } from '../../host/store/query.js';
import type { ExtensionClient } from '../../host/client/extension-client.js';
import type { Logger } from '../../host/logging/logger.js';
import type { Resource } from '../../host/resource/types.js';

export interface SweepOptions<R extends Resource> {
  client: ExtensionClient;
  logger: Logger;
  kind: string;
  /** The set still to handle; handled items must leave it (that is how the sweep advances). */
  where: Condition;
  /** An indexed order, so each batch is an index range read. */
  sort: SortSpec;
  batchSize: number;
  signal?: AbortSignal;
  /** Handles one item inside the batch's transaction; true when it changed it. */
  handle(item: R): Promise<boolean>;
}

export interface SweepCounts {
  changed: number;
  failed: number;
}

/**
 * Reads the first page of a shrinking set again and again, handling each page in one transaction. Stops
 * when the set is empty, the signal is aborted (only between batches, so no batch is left half-done) or a
 * page changes nothing. A batch that fails is retried item by item; items that fail alone are logged and
 * left out of later pages, so one broken record cannot stall the sweep.
 */
export async function sweepInBatches<R extends Resource>(o: SweepOptions<R>): Promise<SweepCounts> {
  const counts: SweepCounts = { changed: 0, failed: 0 };
  const failed = new Set<string>();
  while (!o.signal?.aborted) {
    const where: Condition = failed.size ? { op: 'and', conditions: [o.where, { op: 'notin', field: 'metadata.name', values: [...failed] }] } : o.where;
    const page = await o.client.list<R>(o.kind, { where, sort: [o.sort], page: 1, size: o.batchSize });
    if (page.items.length === 0) break;
    const failedBefore = failed.size;
    const changed = await handleBatch(o, page.items, failed);
    counts.changed += changed;
    if (changed === 0 && failed.size === failedBefore) break;
  }
  counts.failed = failed.size;
  return counts;
}

async function handleBatch<R extends Resource>(o: SweepOptions<R>, items: R[], failed: Set<string>): Promise<number> {
  try {
    return await o.client.transaction(async () => {
      let changed = 0;
      for (const item of items) if (await o.handle(item)) changed++;
      return changed;
    });
  } catch (err) {
    o.logger.warn({ kind: o.kind, err: (err as Error).message }, 'batch failed; handling its items one by one');
  }
  let changed = 0;
  for (const item of items) {
    if (o.signal?.aborted) break;
    try {
      if (await o.client.transaction(() => o.handle(item))) changed++;
    } catch (err) {
      failed.add(item.metadata.name);
      o.logger.error({ kind: o.kind, name: item.metadata.name, err: (err as Error).message }, 'item could not be handled; skipped in this run');
    }
  }
  return changed;
}
