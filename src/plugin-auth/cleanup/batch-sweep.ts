import { setImmediate } from 'node:timers/promises';
import type { AnyKindDef, Condition, ExtensionClient, Logger, ObjectOf, SortSpec } from '../../host/sdk/index.js';

export interface SweepOptions<K extends AnyKindDef> {
  client: ExtensionClient;
  logger: Logger;
  kind: K;
  /** The set still to handle; handled items must leave it (that is how the sweep advances). */
  where: Condition;
  /** An indexed order, so each batch is an index range read. */
  sort: SortSpec;
  batchSize: number;
  signal?: AbortSignal;
  /** Handles one item, as read inside the transaction it is handled in; true when it changed it. */
  handle(item: ObjectOf<K>): Promise<boolean>;
}

export interface SweepCounts {
  changed: number;
  failed: number;
}

/**
 * Reads the first page of a shrinking set again and again, reading and handling each page in one
 * transaction (so handlers see the latest version without reading each item again). Stops when the set is
 * empty, the signal is aborted (only between batches, so no batch is left half-done) or a page changes
 * nothing. A batch that fails is retried item by item, each read afresh; items that fail alone are logged
 * and left out of later pages, so one broken record cannot stall the sweep. Between batches it yields to
 * the event loop: store calls complete as microtasks, so without that a long sweep would starve timers
 * (its own time-out), requests and the outbox worker until it ends.
 */
export async function sweepInBatches<K extends AnyKindDef>(o: SweepOptions<K>): Promise<SweepCounts> {
  const counts: SweepCounts = { changed: 0, failed: 0 };
  const failed = new Set<string>();
  while (!o.signal?.aborted) {
    const where: Condition = failed.size
      ? { op: 'and', conditions: [o.where, { op: 'notin', field: 'metadata.name', values: [...failed] }] }
      : o.where;
    const failedBefore = failed.size;
    const batch = await handleBatch(o, where, failed);
    counts.changed += batch.changed;
    if (batch.read === 0 || (batch.changed === 0 && failed.size === failedBefore)) break;
    await setImmediate();
  }
  counts.failed = failed.size;
  return counts;
}

async function handleBatch<K extends AnyKindDef>(
  o: SweepOptions<K>,
  where: Condition,
  failed: Set<string>,
): Promise<{ read: number; changed: number }> {
  let items: Array<ObjectOf<K>> = [];
  try {
    return await o.client.transaction(async () => {
      // No total: counting the rest of the set on every batch would read it all again each time.
      items = (await o.client.list(o.kind, { where, sort: [o.sort], page: 1, size: o.batchSize, countTotal: false })).items;
      let changed = 0;
      for (const item of items) if (await o.handle(item)) changed++;
      return { read: items.length, changed };
    });
  } catch (err) {
    if (!items.length) throw err;
    o.logger.warn({ kind: o.kind.kind, err: (err as Error).message }, 'batch failed; handling its items one by one');
  }
  return { read: items.length, changed: await handleOneByOne(o, items, failed) };
}

async function handleOneByOne<K extends AnyKindDef>(o: SweepOptions<K>, items: Array<ObjectOf<K>>, failed: Set<string>): Promise<number> {
  let changed = 0;
  for (const listed of items) {
    if (o.signal?.aborted) break;
    try {
      const handled = await o.client.transaction(async () => {
        const item = await o.client.fetch(o.kind, listed.metadata.name);
        return item ? o.handle(item) : false;
      });
      if (handled) changed++;
    } catch (err) {
      failed.add(listed.metadata.name);
      const context = { kind: o.kind.kind, name: listed.metadata.name, err: (err as Error).message };
      o.logger.error(context, 'item could not be handled; skipped in this run');
    }
  }
  return changed;
}
