/**
 * checkAuth benchmark: a server over N authorization records answers checkAuth with a license under
 * wrk (or autocannon when wrk is not installed) at 50 connections, beside a bare Express route answering
 * constant JSON, in the same run. Two cases alternate in every round: configured (apiAccessSecret set, as
 * docs/public-api.md asks operators to run it, the secret sent bare in the Authorization header) and open (no
 * secret: checkAuth is one of the endpoints that answer without one). Each size gets its own data set,
 * server and rounds. Figures go to docs/benchmarks.md (section check-auth).
 *
 * Environment:
 *   BENCH_SIZES        record counts, comma-separated (default 20000,1000000); BENCH_N=<n> runs one size
 *   BENCH_DURATION     seconds per load run (default 15)
 *   BENCH_ROUNDS       alternating bare / open / configured rounds, averaged (default 2)
 *   BENCH_CONNECTIONS  concurrent connections (default 50)
 *   BENCH_TARGETS      distinct licensed records the load cycles over (default 1000)
 *   BENCH_LOADER       bulk = load with bench/lib/bulk/ (same rows, for 10M) instead of bulk-load.ts
 *   BENCH_DATA_DIR     keep each size's data set in <dir>/<n> and reuse it on the next run (default: temp dirs, removed)
 *   BENCH_CPU_PROF     a directory: the AuthPay servers run with --cpu-prof and write their profiles there
 *   BENCH_WRITE        1 = write docs/benchmarks.md, 0 = print only (default: write only when 1,000,000 is among the sizes)
 *   BENCH_SAVE         also save the run's figures as JSON in this file
 *   BENCH_RENDER_FROM  measure nothing: render saved figures (BENCH_SAVE) into docs/benchmarks.md again, e.g. after
 *                      profile-notes.ts changed
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCompiled, type CompiledBuild } from '../lib/compiled-build.js';
import { describeMachine, machineInfo } from '../lib/machine.js';
import { writeSection } from '../lib/report-writer.js';
import { loaderFromEnv } from '../lib/bulk/loader-choice.js';
import { sizeSuffix } from '../lib/size-suffix.js';
import { analysisNotes } from './analysis.js';
import { cpuMsOf } from './cpu-time.js';
import { ensureDataset } from './dataset.js';
import { loadGenerator, runLoad, type LoadFigures, type LoadRequest } from './load-generator.js';
import { combine, ratioOf, renderCheckAuth, type CheckAuthReport, type CheckAuthSize } from './report.js';
import {
  bareSized,
  licensedTargets,
  spotCheck,
  statusWithoutSecret,
  withLicense,
  withLicenseAndNonce,
  withoutLicense,
  type LicensedTarget,
} from './scenarios.js';
import { spawnServer, type ChildServer } from '../lib/server-process.js';
import { AUTHPAY_SERVER_ARGS, BARE_SERVER_ARGS } from './servers.js';

const FULL_N = 1_000_000;
const sizes = (process.env.BENCH_N ?? process.env.BENCH_SIZES ?? `20000,${FULL_N}`).split(',').map(Number);
const duration = Number(process.env.BENCH_DURATION ?? 15);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const targetCount = Number(process.env.BENCH_TARGETS ?? 1000);
const cpuProfDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const write = process.env.BENCH_WRITE === undefined ? sizes.includes(FULL_N) : process.env.BENCH_WRITE === '1';
const token = 'bench-bootstrap-token-0123456789abcdef';
/** The configured case's apiAccessSecret (a bench-only value, 48 characters as a generated one would be). */
const ACCESS_SECRET = 'bench-api-access-secret-0123456789abcdef01234567';
const SECRET_HEADERS = { authorization: ACCESS_SECRET };
const BEARER_HEADERS = { authorization: `Bearer ${ACCESS_SECRET}` };
const log = (msg: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${msg}\n`);

async function load(
  server: ChildServer,
  requests: LoadRequest[],
  seconds = duration,
  headers?: Record<string, string>,
): Promise<LoadFigures> {
  const cpuBefore = cpuMsOf(server.pid);
  const figures = await runLoad({ url: server.url, connections, durationSeconds: seconds, requests, headers });
  return { ...figures, serverCpuUs: ((cpuMsOf(server.pid) - cpuBefore) * 1000) / figures.total };
}

async function putSettings(server: ChildServer, values: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${server.url}/apis/console.api.pluginauth.authpay.dev/v1alpha1/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(values),
  });
  if (!res.ok) throw new Error(`settings: ${res.status} ${await res.text()}`);
}

async function configure(server: ChildServer): Promise<void> {
  // The cleanup job (hourly, over the expired tenth of the data) would stall the server for a while in the
  // middle of a run; bench/plugin-auth measures it on its own.
  await putSettings(server, { publicRateLimitPerMinute: 1_000_000, cleanupEnabled: false, apiAccessSecret: null });
}

/**
 * Sets or clears the apiAccessSecret and waits until the server applies it (the settings snapshot is dropped
 * by the watch and re-read): without a header checkAuth then answers 401 when set, 200 when cleared.
 */
async function useSecret(server: ChildServer, targets: LicensedTarget[], on: boolean): Promise<void> {
  await putSettings(server, { apiAccessSecret: on ? ACCESS_SECRET : null });
  for (let tries = 0; (await statusWithoutSecret(server.url, targets)) !== (on ? 401 : 200); tries++) {
    if (tries > 200) throw new Error(`the server did not apply apiAccessSecret ${on ? 'set' : 'cleared'}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function measure(n: number, authpay: ChildServer, bare: ChildServer) {
  log('preparing licensed records');
  const targets = await licensedTargets(authpay.url, n, targetCount);
  const licensedRequests = withLicense(targets);
  const bareRequests: LoadRequest[] = [{ path: '/bare' }];
  log('warming up');
  await load(bare, bareRequests, 3);
  await load(authpay, licensedRequests, 3);
  await useSecret(authpay, targets, true);
  await load(authpay, licensedRequests, 3, SECRET_HEADERS);
  const bareRuns: LoadFigures[] = [];
  const openRuns: LoadFigures[] = [];
  const configuredRuns: LoadFigures[] = [];
  for (let round = 1; round <= rounds; round++) {
    bareRuns.push(await load(bare, bareRequests));
    await useSecret(authpay, targets, false);
    openRuns.push(await load(authpay, licensedRequests));
    await useSecret(authpay, targets, true);
    configuredRuns.push(await load(authpay, licensedRequests, duration, SECRET_HEADERS));
    const rps = (runs: LoadFigures[]) => `${Math.round(runs.at(-1)!.requestsPerSecond)}/s (p99 ${runs.at(-1)!.p99} ms)`;
    log(`round ${round}: bare ${rps(bareRuns)}, open ${rps(openRuns)}, configured ${rps(configuredRuns)}`);
  }
  const bearer = await load(authpay, licensedRequests, duration, BEARER_HEADERS);
  const nonce = await load(authpay, withLicenseAndNonce(targets), duration, SECRET_HEADERS);
  const healthz = await load(authpay, [{ path: '/healthz' }]);
  const sized = await load(bare, bareSized(targets));
  const checked = await spotCheck(authpay.url, targets, SECRET_HEADERS);
  const fresh = await load(authpay, withoutLicense(targets), Math.max(3, Math.round(duration / 2)), SECRET_HEADERS);
  return {
    targets,
    bare: combine(bareRuns),
    open: combine(openRuns),
    configured: combine(configuredRuns),
    byRound: { bare: bareRuns, open: openRuns, configured: configuredRuns },
    bearer,
    nonce,
    healthz,
    sized,
    fresh,
    checked,
  };
}

async function runSize(n: number, build: CompiledBuild): Promise<CheckAuthSize> {
  const dataDir = process.env.BENCH_DATA_DIR
    ? path.resolve(process.env.BENCH_DATA_DIR, String(n))
    : fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-bench-check-auth-'));
  const expired = Math.floor(n / 10);
  log(`data set: ${n} records in ${dataDir}`);
  const dataset = await ensureDataset(dataDir, n, expired, log);
  log(dataset.loaded ? `loaded (${Math.round(dataset.perSecond ?? 0)}/s)` : 'reusing the existing data set');
  const profile = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`, `--cpu-prof-name=check-auth-${n}.cpuprofile`] : [];
  const authpay = await spawnServer(
    [...profile, ...AUTHPAY_SERVER_ARGS],
    {
      AUTHPAY_BENCH_MAIN: build.mainUrl,
      AUTHPAY_DATA_DIR: dataDir,
      AUTHPAY_BOOTSTRAP_TOKEN: token,
      AUTHPAY_ADMIN_PASSWORD: 'bench-admin-password',
    },
    '/healthz',
  );
  const bare = await spawnServer(BARE_SERVER_ARGS, {}, '/bare');
  try {
    await configure(authpay);
    const m = await measure(n, authpay, bare);
    log(
      `${n} records: configured ${(ratioOf(m.configured, m.bare) * 100).toFixed(0)} % of bare (p99 ${m.configured.p99} ms, `
        + `bare ${m.bare.p99} ms), open ${(ratioOf(m.open, m.bare) * 100).toFixed(0)} %`,
    );
    return {
      n,
      loadPerSecond: dataset.perSecond,
      loader: dataset.loaded ? loaderFromEnv() : undefined,
      targets: m.targets.length,
      bare: m.bare,
      open: m.open,
      configured: m.configured,
      byRound: m.byRound,
      spotCheck: m.checked,
      extra: [
        { label: 'configured, the secret sent as `Bearer <secret>`', figures: m.bearer },
        { label: 'configured, with a fresh nonce (signed afresh)', figures: m.nonce },
        { label: 'configured, without license (new license issued and written)', figures: m.fresh },
        { label: 'host floor: GET /healthz through the full host pipeline (no plugin code)', figures: m.healthz },
        { label: 'reference: bare Express, checkAuth-sized query and answer', figures: m.sized },
      ],
      notes: analysisNotes({ bare: m.bare, licensed: m.configured, open: m.open, healthz: m.healthz, sized: m.sized, connections }),
    };
  } finally {
    await Promise.all([authpay.stop(), bare.stop()]);
    if (!process.env.BENCH_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.env.BENCH_RENDER_FROM) return publish(JSON.parse(fs.readFileSync(process.env.BENCH_RENDER_FROM, 'utf8')) as CheckAuthReport);
  log('compiling the server (it runs as production runs it: node on the build, not tsx)');
  const build = buildCompiled();
  try {
    const results: CheckAuthSize[] = [];
    for (const n of sizes) results.push(await runSize(n, build));
    const figures: CheckAuthReport = {
      machine: describeMachine(machineInfo()),
      command: commandLine(),
      generator: loadGenerator(),
      connections,
      durationSeconds: duration,
      rounds,
      sizes: results,
    };
    if (process.env.BENCH_SAVE) fs.writeFileSync(process.env.BENCH_SAVE, JSON.stringify(figures, null, 1));
    publish(figures);
  } finally {
    build.dispose();
  }
}

/** The 1M section as before; a run without 1M (BENCH_N=10000000) gets its own beside it, e.g. check-auth-10m. */
function sectionOf(ns: number[]): string {
  return ns.includes(FULL_N) ? 'check-auth' : `check-auth${sizeSuffix(Math.max(...ns))}`;
}

/** Renders a run's figures (with the hand-written profile notes of profile-notes.ts) and writes the section. */
function publish(figures: CheckAuthReport): void {
  const report = renderCheckAuth(figures);
  if (write || process.env.BENCH_RENDER_FROM) writeSection(sectionOf(figures.sizes.map((sz) => sz.n)), report);
  process.stdout.write(`\n${report}\n`);
}

function commandLine(): string {
  const env = ['BENCH_N', 'BENCH_SIZES', 'BENCH_DURATION', 'BENCH_ROUNDS', 'BENCH_CONNECTIONS', 'BENCH_TARGETS', 'BENCH_DATA_DIR']
    .filter((k) => process.env[k])
    .map((k) => `${k}=${process.env[k]}`);
  return [...env, 'npm run bench:check-auth'].join(' ');
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
