import { cleanExpiredAuthorizations } from '../../src/plugin-auth/cleanup/clean-auth.handler.js';
import type { PluginAuthDeps } from '../../src/plugin-auth/deps/plugin-auth-deps.js';
import { nowMs } from '../lib/timing.js';

export interface CleanupFigures {
  ms: number;
  expired: number;
  perSecond: number;
  rss: { start: number; peak: number; end: number };
  heap: { start: number; peak: number; end: number };
  outbox: number;
}

/** Runs the cleanup job's handler once, sampling memory every 200 ms. */
export async function measureCleanup(deps: PluginAuthDeps): Promise<CleanupFigures> {
  global.gc?.();
  const first = process.memoryUsage();
  const rss = { start: first.rss, peak: first.rss, end: 0 };
  const heap = { start: first.heapUsed, peak: first.heapUsed, end: 0 };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    rss.peak = Math.max(rss.peak, m.rss);
    heap.peak = Math.max(heap.peak, m.heapUsed);
  }, 200);
  const start = nowMs();
  const batchSize = process.env.BENCH_BATCH ? Number(process.env.BENCH_BATCH) : undefined;
  const result = await cleanExpiredAuthorizations(deps, { signal: new AbortController().signal, batchSize });
  const ms = nowMs() - start;
  clearInterval(sampler);
  const last = process.memoryUsage();
  rss.end = last.rss;
  heap.end = last.heapUsed;
  rss.peak = Math.max(rss.peak, rss.end);
  heap.peak = Math.max(heap.peak, heap.end);
  const outbox = await deps.client.count('OutboxMessage');
  return { ms, expired: result.expired, perSecond: (result.expired / ms) * 1000, rss, heap, outbox };
}
