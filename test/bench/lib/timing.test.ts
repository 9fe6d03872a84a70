import { percentile, sampleLatency, summarize } from '../../../bench/lib/timing.js';

test('percentile uses the nearest rank of sorted values', () => {
  const values = Array.from({ length: 100 }, (_, i) => i + 1);
  expect(percentile(values, 50)).toBe(50);
  expect(percentile(values, 99)).toBe(99);
  expect(percentile(values, 100)).toBe(100);
  expect(percentile(values, 0)).toBe(1);
  expect(percentile([7], 99)).toBe(7);
  expect(percentile([], 50)).toBeNaN();
});

test('summarize sorts before ranking and reports count, extremes and mean', () => {
  expect(summarize([5, 1, 3, 2, 4])).toEqual({ n: 5, min: 1, median: 3, p90: 5, p99: 5, max: 5, mean: 3 });
});

test('sampleLatency runs warm-up calls unmeasured and measures each iteration', async () => {
  const seen: number[] = [];
  const summary = await sampleLatency({ iterations: 4, warmup: 2 }, (i) => {
    seen.push(i);
  });
  expect(seen).toEqual([0, 1, 0, 1, 2, 3]);
  expect(summary.n).toBe(4);
  expect(summary.min).toBeGreaterThanOrEqual(0);
});
