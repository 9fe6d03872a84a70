import { ms, table, thousands } from '../lib/markdown.js';
import type { LoadFigures } from './load-generator.js';
import { PROFILE_NOTES } from './profile-notes.js';

export interface CheckAuthRow {
  label: string;
  figures: LoadFigures;
}

/** One data set size: its own server, data and alternating rounds. */
export interface CheckAuthSize {
  n: number;
  /** Records per second of the bulk load, when this run loaded the data set. */
  loadPerSecond?: number;
  /** Which loader loaded it: bench/check-auth/bulk-load.ts (default) or bench/lib/bulk/ (BENCH_LOADER=bulk). */
  loader?: 'client' | 'bulk';
  targets: number;
  bare: LoadFigures;
  /** apiAccessSecret not set. */
  open: LoadFigures;
  /** apiAccessSecret set and sent bare in the Authorization header: the case operators run. */
  configured: LoadFigures;
  /** Each round's figures (the table shows their mean throughput and the worst round's percentiles). */
  byRound: { bare: LoadFigures[]; open: LoadFigures[]; configured: LoadFigures[] };
  extra: CheckAuthRow[];
  spotCheck: string[];
  notes: string[];
}

export interface CheckAuthReport {
  machine: string;
  command: string;
  connections: number;
  /** wrk or autocannon (bench/check-auth/load-generator.ts). */
  generator: string;
  durationSeconds: number;
  rounds: number;
  sizes: CheckAuthSize[];
}

/** Issue 31: the configured case at >= 0.9 of the bare route, with p99 <= 1.2 x the bare route's (same run). */
export const RATIO_TARGET = 0.9;
export const P99_FACTOR_TARGET = 1.2;

export function ratioOf(f: LoadFigures, bare: LoadFigures): number {
  return f.requestsPerSecond / bare.requestsPerSecond;
}

function row(label: string, f: LoadFigures, bare: LoadFigures): Array<string | number> {
  const us = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? 'n/a' : Math.round(v));
  return [
    label,
    thousands(f.requestsPerSecond),
    ms(f.p50),
    ms(f.p99),
    `${(f.p99 / bare.p99).toFixed(2)} ×`,
    ms(f.max),
    `${Math.round(ratioOf(f, bare) * 100)} %`,
    us(f.serverCpuUs),
    us(f.clientCpuUs),
    thousands(f.total),
    f.non2xx + f.errors,
  ];
}

const HEAD = [
  'request',
  'requests/s',
  'p50 ms',
  'p99 ms',
  'p99 of bare',
  'max ms',
  'of bare',
  'server CPU µs/request',
  'load generator CPU µs/request',
  'requests',
  'non-2xx + errors',
];

function renderSize(r: CheckAuthSize): string[] {
  const ratio = ratioOf(r.configured, r.bare);
  const p99Factor = r.configured.p99 / r.bare.p99;
  const contended = contentionNote(r).length > 0;
  const verdict = (met: boolean, what: string) =>
    contended ? `not judged in this run (${what}; contention, below)` : met ? `met (${what})` : `**missed** (${what})`;
  const loaded = r.loadPerSecond
    ? ` Data set loaded in this run by ${r.loader === 'bulk' ? 'the bulk loader (bench/lib/bulk/)' : 'bench/check-auth/bulk-load.ts'} `
      + `at ${thousands(r.loadPerSecond)} records/s.`
    : '';
  return [
    `### ${thousands(r.n)} records`,
    '',
    `Cycling over ${thousands(r.targets)} valid records whose license the service issued.${loaded}`,
    '',
    table(HEAD, [
      row('bare Express route, constant JSON', r.bare, r.bare),
      row('**checkAuth configured** (apiAccessSecret set, sent bare)', r.configured, r.bare),
      row('checkAuth open (no apiAccessSecret)', r.open, r.bare),
      ...r.extra.map((e) => row(e.label, e.figures, r.bare)),
    ]),
    '',
    `- Target, configured checkAuth at ≥ ${RATIO_TARGET * 100} % of the bare route's throughput: `
      + `${verdict(ratio >= RATIO_TARGET, `${(ratio * 100).toFixed(0)} %`)}.`,
    `- Target, configured checkAuth p99 ≤ ${P99_FACTOR_TARGET} × the bare route's: `
      + `${verdict(p99Factor <= P99_FACTOR_TARGET, `${ms(r.configured.p99)} ms against ${ms(r.bare.p99)} ms, ${p99Factor.toFixed(2)} ×`)}.`,
    medianLine(r),
    ...contentionNote(r),
    `- By round (requests/s, p99 ms): bare ${byRound(r.byRound.bare)}; configured ${byRound(r.byRound.configured)}; open `
      + `${byRound(r.byRound.open)}.`,
    `- Latency p50 / p90 / p99 / p99.9 by round (ms): configured ${r.byRound.configured.map(distribution).join('; ')}; open `
      + `${r.byRound.open.map(distribution).join('; ')}; bare route ${r.byRound.bare.map(distribution).join('; ')}.`,
    `- Spot check after the runs (codes of 5 licensed requests, secret sent): ${r.spotCheck.join(', ')}.`,
    ...r.notes.map((n) => `- ${n}`),
    '',
  ];
}

/** Throughput ratio and p99 factor of the median round of each: one stalled round moves them less than the mean and the worst. */
function medianLine(r: CheckAuthSize): string {
  const rps = (runs: LoadFigures[]) => median(runs.map((f) => f.requestsPerSecond));
  const p99 = (runs: LoadFigures[]) => median(runs.map((f) => f.p99));
  const cpu = (runs: LoadFigures[]) => median(runs.map((f) => f.serverCpuUs ?? Number.NaN));
  const [configured, open, bare] = [r.byRound.configured, r.byRound.open, r.byRound.bare];
  return (
    `- Median round: throughput ${((rps(configured) / rps(bare)) * 100).toFixed(0)} % of the bare route's, p99 `
    + `${ms(p99(configured))} ms against ${ms(p99(bare))} ms (${(p99(configured) / p99(bare)).toFixed(2)} ×). Server CPU per `
    + `request: bare ${Math.round(cpu(bare))} µs, configured ${Math.round(cpu(configured))} µs, open ${Math.round(cpu(open))} µs `
    + `(bare / configured ${(cpu(bare) / cpu(configured)).toFixed(2)}, bare / open ${(cpu(bare) / cpu(open)).toFixed(2)}: the `
    + `throughput ratio a server that has a core to itself would approach).`
  );
}

/**
 * On a machine whose cores other processes keep busy, each server's throughput follows the share of CPU the
 * scheduler gives it more than its cost per request. When the bare route, which costs no more CPU per request,
 * comes out slower than checkAuth, the run says so: its ratios and p99 factors then judge the scheduler.
 */
function contentionNote(r: CheckAuthSize): string[] {
  const slowerBare = r.bare.requestsPerSecond < r.configured.requestsPerSecond * 0.95;
  const cheaperBare = (r.bare.serverCpuUs ?? Number.NaN) <= (r.configured.serverCpuUs ?? Number.NaN);
  if (!slowerBare || !cheaperBare) return [];
  return [
    `- **Contention:** the bare route answered fewer requests per second than checkAuth although it costs no more CPU per `
      + `request (${Math.round(r.bare.serverCpuUs ?? Number.NaN)} against ${Math.round(r.configured.serverCpuUs ?? Number.NaN)} µs): `
      + `its server got a smaller share of the shared cores in this run, so the throughput ratios and p99 factors above `
      + `measure the scheduler rather than the code. Compare the CPU per request, and re-run `
      + `on a machine without other work to judge the targets.`,
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function byRound(runs: LoadFigures[]): string {
  return runs.map((f) => `${thousands(f.requestsPerSecond)} / ${ms(f.p99)}`).join(', ');
}

export function renderCheckAuth(r: CheckAuthReport): string {
  return [
    `## Public API: checkAuth under load, configured and open, ${r.sizes.map((s) => thousands(s.n)).join(' and ')} records (SQLite)`,
    '',
    `Machine: ${r.machine}. Command: \`${r.command}\`. Server: \`startServer\` of a compiled build (tsc, as \`npm run build\` makes it `
      + `and \`bin/authpay.js\` runs it) in its own process (default log level, one request log line per call, metrics, security `
      + `headers, authentication and RBAC all on; publicRateLimitPerMinute raised to 1,000,000 so the limiter runs without refusing; `
      + `the cleanup job switched off so it cannot run in the middle of a measurement); bare baseline: Express 5 in its own process `
      + `with one route answering constant JSON. Load: `
      + `${r.generator === 'wrk' ? 'wrk (one thread, its own process)' : 'autocannon in the bench process (wrk was not installed)'}, `
      + `${r.connections} connections, ${r.durationSeconds} s per run, ${r.rounds} round(s) of bare, open and configured in turn, `
      + `averaged (p99 and max: the worst round). Configured: the apiAccessSecret set in the settings (as docs/public-api.md asks `
      + `operators to run the public API) and sent bare in the Authorization header; open: no secret (checkAuth answers without `
      + `one). The other rows run with the secret set. Ratios and p99 factors compare with the bare route of the same run.`,
    '',
    ...r.sizes.flatMap(renderSize),
    ...PROFILE_NOTES,
  ].join('\n');
}

function distribution(f: LoadFigures): string {
  return [f.p50, f.p90, f.p99, f.p999].map(ms).join(' / ');
}

/** Mean throughput and p50 over rounds; p90, p99, p99.9 and max of the worst round; totals summed. */
export function combine(rounds: LoadFigures[]): LoadFigures {
  const sum = (pick: (f: LoadFigures) => number) => rounds.reduce((s, f) => s + pick(f), 0);
  const mean = (pick: (f: LoadFigures) => number) => sum(pick) / rounds.length;
  const worst = (pick: (f: LoadFigures) => number) => Math.max(...rounds.map(pick));
  return {
    requestsPerSecond: mean((f) => f.requestsPerSecond),
    p50: mean((f) => f.p50),
    p90: worst((f) => f.p90),
    p99: worst((f) => f.p99),
    p999: worst((f) => f.p999),
    max: worst((f) => f.max),
    total: sum((f) => f.total),
    non2xx: sum((f) => f.non2xx),
    errors: sum((f) => f.errors),
    serverCpuUs: mean((f) => f.serverCpuUs ?? Number.NaN),
    clientCpuUs: mean((f) => f.clientCpuUs ?? Number.NaN),
  };
}
