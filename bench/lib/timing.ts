/**
 * Latency sampling for benchmarks: run an operation many times, keep each duration, summarise with
 * percentiles. Durations are in milliseconds measured with the monotonic high-resolution clock.
 */

/** Summary of one series of samples, all in milliseconds. */
export interface LatencySummary {
  n: number;
  min: number;
  median: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Runs fn once and returns how long it took, with its result. */
export async function timed<T>(fn: () => Promise<T> | T): Promise<{ ms: number; result: T }> {
  const start = nowMs();
  const result = await fn();
  return { ms: nowMs() - start, result };
}

/** The p-th percentile (0..100) of ascending-sorted values, nearest-rank method. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    n: sorted.length,
    min: sorted[0] ?? Number.NaN,
    median: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
  };
}

export interface SampleOptions {
  /** Measured iterations. */
  iterations: number;
  /** Unmeasured iterations first, so caches, JIT and prepared statements are warm. */
  warmup?: number;
}

/**
 * Calls op(i) sequentially (one at a time, as a single request would) and summarises the latencies.
 * Sequential on purpose: the figure is the latency of one operation, not throughput under contention.
 */
export async function sampleLatency(options: SampleOptions, op: (i: number) => Promise<unknown> | unknown): Promise<LatencySummary> {
  for (let i = 0; i < (options.warmup ?? 0); i++) await op(i);
  const samples = new Array<number>(options.iterations);
  for (let i = 0; i < options.iterations; i++) {
    const start = nowMs();
    await op(i);
    samples[i] = nowMs() - start;
  }
  return summarize(samples);
}
