import { setImmediate } from 'node:timers/promises';
import {
  CHUNK_BUDGET_MS,
  type AnyKindDef,
  type Condition,
  type ExtensionClient,
  type Logger,
  type ObjectOf,
  type SortSpec,
} from '../../host/sdk/index.js';

/** Items read by the first batch of a sweep, before the budget has shown how many fit. */
const FIRST_PAGE = 50;

export interface SweepOptions<K extends AnyKindDef> {
  client: ExtensionClient;
  logger: Logger;
  kind: K;
  /** The set still to handle; handled items must leave it (that is how the sweep advances). */
  where: Condition;
  /** An indexed order, so each batch is an index range read. */
  sort: SortSpec;
  batchSize: number;
  /** Transaction time a batch may take (CHUNK_BUDGET_MS by default); the items it did not reach stay in the set. */
  budgetMs?: number;
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
 * transaction (so handlers see the latest version without reading each item again). A transaction handles
 * items only while its time budget lasts (at least one item): other writers wait for it, so it stays short
 * (docs/store.md "Long jobs"); the items it did not reach are read again by the next. Stops when the set is
 * empty, the signal is aborted (only between batches, so no batch is left half-done) or a page changes
 * nothing. A batch that fails is retried item by item, each read afresh; items that fail alone are logged
 * and left out of later pages, so one broken record cannot stall the sweep. Between batches it yields to
 * the event loop: store calls complete as microtasks, so without that a long sweep would starve timers
 * (its own time-out), requests and the outbox worker until it ends.
 */
export async function sweepInBatches<K extends AnyKindDef>(o: SweepOptions<K>): Promise<SweepCounts> {
  const counts: SweepCounts = { changed: 0, failed: 0 };
  const failed = new Set<string>();
  // The page follows what the budget lets one transaction handle: halved to what it reached when cut,
  // doubled (up to batchSize) when the whole page fitted.
  let size = Math.min(o.batchSize, FIRST_PAGE);
  while (!o.signal?.aborted) {
    const where: Condition = failed.size
      ? { op: 'and', conditions: [o.where, { op: 'notin', field: 'metadata.name', values: [...failed] }] }
      : o.where;
    const failedBefore = failed.size;
    const batch = await handleBatch(o, where, size, failed);
    size = batch.handled < batch.read ? Math.max(1, batch.handled) : Math.min(o.batchSize, size * 2);
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
  size: number,
  failed: Set<string>,
): Promise<{ read: number; handled: number; changed: number }> {
  let items: Array<ObjectOf<K>> = [];
  try {
    return await o.client.transaction(async () => {
      // No total: counting the rest of the set on every batch would read it all again each time.
      const start = performance.now();
      items = (await o.client.list(o.kind, { where, sort: [o.sort], page: 1, size, countTotal: false })).items;
      const budget = o.budgetMs ?? CHUNK_BUDGET_MS;
      let changed = 0;
      let handled = 0;
      for (const item of items) {
        if (await o.handle(item)) changed++;
        if (++handled < items.length && performance.now() - start >= budget) break;
      }
      return { read: items.length, handled, changed };
    });
  } catch (err) {
    if (!items.length) throw err;
    o.logger.warn({ kind: o.kind.kind, err: (err as Error).message }, 'batch failed; handling its items one by one');
  }
  return { read: items.length, handled: items.length, changed: await handleOneByOne(o, items, failed) };
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
