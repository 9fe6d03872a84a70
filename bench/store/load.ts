import type { ExtensionClient } from '../../src/host/client/extension-client.js';
import { nowMs } from '../lib/timing.js';
import { objectAt } from './dataset.js';

/** Bulk-create figures: overall rate and the rate of the first and last tenth (does it degrade as it grows?). */
export interface LoadFigures {
  n: number;
  batchSize: number;
  totalMs: number;
  perSecond: number;
  firstTenthPerSecond: number;
  lastTenthPerSecond: number;
}

/** Objects per second over the batches whose objects fall in [from, to). */
function rateOver(batches: Array<{ from: number; count: number; ms: number }>, from: number, to: number): number {
  const chosen = batches.filter((b) => b.from >= from && b.from < to);
  const count = chosen.reduce((s, b) => s + b.count, 0);
  const ms = chosen.reduce((s, b) => s + b.ms, 0);
  return (count / ms) * 1000;
}

/**
 * Creates objects 0..n-1 through the ExtensionClient (validation, metadata, revision, event log, indexes),
 * batchSize per transaction: the realistic write path of an import or a job.
 */
export async function bulkCreate(
  client: ExtensionClient,
  n: number,
  batchSize: number,
  progress: (done: number, ms: number) => void,
): Promise<LoadFigures> {
  const batches: Array<{ from: number; count: number; ms: number }> = [];
  const start = nowMs();
  let lastReport = start;
  for (let from = 0; from < n; from += batchSize) {
    const to = Math.min(n, from + batchSize);
    const batchStart = nowMs();
    await client.transaction(async (tx) => {
      for (let i = from; i < to; i++) await tx.create(objectAt(i, n));
    });
    batches.push({ from, count: to - from, ms: nowMs() - batchStart });
    if (nowMs() - lastReport > 10_000 || to === n) {
      lastReport = nowMs();
      progress(to, lastReport - start);
    }
  }
  const totalMs = nowMs() - start;
  const tenth = Math.max(batchSize, Math.floor(n / 10));
  return {
    n,
    batchSize,
    totalMs,
    perSecond: (n / totalMs) * 1000,
    firstTenthPerSecond: rateOver(batches, 0, tenth),
    lastTenthPerSecond: rateOver(batches, n - tenth, n),
  };
}
