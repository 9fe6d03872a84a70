import { nowMs, summarize, type LatencySummary } from '../lib/timing.js';

export interface ThroughputResult {
  ops: number;
  seconds: number;
  perSecond: number;
  latency: LatencySummary;
  failures: number;
}

/** Runs op(i) for i in [0, total) with `concurrency` requests in flight; ok(result) counts failures. */
export async function runConcurrent<T>(
  total: number,
  concurrency: number,
  op: (i: number) => Promise<T>,
  ok: (r: T) => boolean,
): Promise<ThroughputResult> {
  const samples: number[] = [];
  let next = 0;
  let failures = 0;
  const start = nowMs();
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const t0 = nowMs();
      const result = await op(i).catch(() => undefined);
      samples.push(nowMs() - t0);
      if (result === undefined || !ok(result)) failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (nowMs() - start) / 1000;
  return { ops: total, seconds, perSecond: total / seconds, latency: summarize(samples), failures };
}
