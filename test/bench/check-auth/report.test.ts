import { analysisNotes } from '../../../bench/check-auth/analysis.js';
import type { LoadFigures } from '../../../bench/check-auth/load-generator.js';
import { combine, renderCheckAuth } from '../../../bench/check-auth/report.js';

function run(requestsPerSecond: number, p99: number, more: Partial<LoadFigures> = {}): LoadFigures {
  return {
    requestsPerSecond,
    p50: 4.5,
    p90: 6,
    p99,
    p999: p99 * 4,
    max: p99 * 10,
    total: requestsPerSecond * 15,
    non2xx: 0,
    errors: 0,
    serverCpuUs: 100,
    clientCpuUs: 20,
    ...more,
  };
}

function report(bareRounds: LoadFigures[], licensedRounds: LoadFigures[]): string {
  const bare = combine(bareRounds);
  const licensed = combine(licensedRounds);
  return renderCheckAuth({
    n: 1_000_000,
    machine: 'test machine',
    command: 'npm run bench:check-auth',
    generator: 'wrk',
    connections: 50,
    durationSeconds: 15,
    rounds: bareRounds.length,
    targets: 1000,
    bare,
    licensed,
    byRound: { bare: bareRounds, licensed: licensedRounds },
    extra: [],
    spotCheck: ['VALID'],
    notes: analysisNotes({ bare, licensed, healthz: run(12_000, 8), sized: run(9_000, 11), connections: 50 }),
  });
}

test('rounds combine to mean throughput and the worst round of every percentile', () => {
  const combined = combine([run(10_000, 9, { p90: 5, p999: 20 }), run(9_000, 11, { p90: 7, p999: 15 })]);
  expect(combined.requestsPerSecond).toBe(9_500);
  expect(combined).toMatchObject({ p90: 7, p99: 11, p999: 20, total: 285_000 });
});

test('the verdicts follow the worst round, and every round shows its latency distribution', () => {
  const met = report([run(10_000, 11.4)], [run(9_000, 9.6)]);
  expect(met).toContain('throughput: met (90 %)');
  expect(met).toContain('p99 < 10 ms: met (9.60 ms)');
  expect(met).toContain(
    'Latency p50 / p90 / p99 / p99.9 by round (ms): checkAuth 4.50 / 6.00 / 9.60 / 38.40; bare route 4.50 / 6.00 / 11.40 / 45.60.',
  );

  const missed = report([run(10_000, 9), run(10_000, 9)], [run(7_000, 9.5), run(7_000, 10.2)]);
  expect(missed).toContain('throughput: **missed** (70 %)');
  expect(missed).toContain('p99 < 10 ms: **missed** (10.20 ms)');
  expect(missed).toContain('p99 by round: checkAuth 9.50, 10.20 ms; bare route 9.00, 9.00 ms.');
});

test('a p99 over 10 ms is called out of reach for this machine only when checkAuth and the bare route both miss it', () => {
  const outOfReach = 'out of reach even for the bare route';
  expect(report([run(10_000, 11.4)], [run(10_000, 10.5)])).toContain(outOfReach);
  expect(report([run(10_000, 11.4)], [run(10_000, 9.6)])).not.toContain(outOfReach);
  expect(report([run(10_000, 9.4)], [run(10_000, 10.5)])).not.toContain(outOfReach);
});
