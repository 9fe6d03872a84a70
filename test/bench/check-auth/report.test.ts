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

function report(bareRounds: LoadFigures[], configuredRounds: LoadFigures[], openRounds = configuredRounds): string {
  const bare = combine(bareRounds);
  const configured = combine(configuredRounds);
  const open = combine(openRounds);
  return renderCheckAuth({
    machine: 'test machine',
    command: 'npm run bench:check-auth',
    generator: 'wrk',
    connections: 50,
    durationSeconds: 15,
    rounds: bareRounds.length,
    sizes: [
      {
        n: 20_000,
        targets: 1000,
        bare,
        open,
        configured,
        byRound: { bare: bareRounds, open: openRounds, configured: configuredRounds },
        extra: [],
        spotCheck: ['VALID'],
        notes: analysisNotes({ bare, licensed: configured, open, healthz: run(12_000, 8), sized: run(9_000, 11), connections: 50 }),
      },
    ],
  });
}

test('rounds combine to mean throughput and the worst round of every percentile', () => {
  const combined = combine([run(10_000, 9, { p90: 5, p999: 20 }), run(9_000, 11, { p90: 7, p999: 15 })]);
  expect(combined.requestsPerSecond).toBe(9_500);
  expect(combined).toMatchObject({ p90: 7, p99: 11, p999: 20, total: 285_000 });
});

test('the verdicts judge the configured case against the bare route of the same run, by its worst round', () => {
  const met = report([run(10_000, 10)], [run(9_000, 12)], [run(10_000, 9)]);
  expect(met).toContain('throughput: met (90 %)');
  expect(met).toContain("p99 ≤ 1.2 × the bare route's: met (12.00 ms against 10.00 ms, 1.20 ×)");
  expect(met).toContain(
    'Latency p50 / p90 / p99 / p99.9 by round (ms): configured 4.50 / 6.00 / 12.00 / 48.00; open 4.50 / 6.00 / 9.00 / 36.00; '
      + 'bare route 4.50 / 6.00 / 10.00 / 40.00.',
  );

  const missed = report([run(10_000, 9), run(10_000, 9)], [run(8_000, 9.5), run(8_000, 11)], [run(10_000, 9), run(10_000, 9)]);
  expect(missed).toContain('throughput: **missed** (80 %)');
  expect(missed).toContain("p99 ≤ 1.2 × the bare route's: **missed** (11.00 ms against 9.00 ms, 1.22 ×)");
  expect(missed).toContain("Median round: throughput 80 % of the bare route's, p99 10.25 ms against 9.00 ms (1.14 ×). Server CPU");
  expect(missed).toContain('request: bare 100 µs, configured 100 µs, open 100 µs (bare / configured 1.00, bare / open 1.00');
  expect(missed).toContain('By round (requests/s, p99 ms): bare 10,000 / 9.00, 10,000 / 9.00; configured 8,000 / 9.50, 8,000 / 11.00;');
});

test("the secret path's cost is the configured case's CPU and throughput against the open case's", () => {
  const text = report([run(10_000, 9)], [run(9_000, 9, { serverCpuUs: 110 })], [run(10_000, 9, { serverCpuUs: 100 })]);
  expect(text).toContain('The secret path (configured against open, same run): 10 µs of server CPU per request, throughput 90 %');
});

test('a run whose bare route is slower than checkAuth at no more CPU per request says its verdicts judge the scheduler', () => {
  const contended = report([run(8_000, 9, { serverCpuUs: 100 })], [run(10_000, 9, { serverCpuUs: 110 })]);
  expect(contended).toContain('**Contention:** the bare route answered fewer requests per second than checkAuth');
  expect(contended).toContain('throughput: not judged in this run (125 %; contention, below).');
  expect(report([run(10_000, 9)], [run(9_500, 9)])).not.toContain('Contention');
});
