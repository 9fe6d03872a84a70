/**
 * checkAuth benchmark: a server over N authorization records answers checkAuth with a license under
 * wrk (or autocannon when wrk is not installed) at 50 connections, beside a bare Express route answering constant JSON, in the same run.
 * Figures go to docs/benchmarks.md (section check-auth).
 *
 * Environment:
 *   BENCH_N            records (default 1,000,000)
 *   BENCH_DURATION     seconds per load run (default 15)
 *   BENCH_ROUNDS       alternating bare / checkAuth rounds, averaged (default 2)
 *   BENCH_CONNECTIONS  concurrent connections (default 50)
 *   BENCH_TARGETS      distinct licensed records the load cycles over (default 1000)
 *   BENCH_DATA_DIR     keep the data set here and reuse it on the next run (default: a temp dir, removed)
 *   BENCH_WRITE        1 = write docs/benchmarks.md, 0 = print only (default: write only for a full N)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCompiled } from '../lib/compiled-build.js';
import { describeMachine, machineInfo } from '../lib/machine.js';
import { writeSection } from '../lib/report-writer.js';
import { analysisNotes } from './analysis.js';
import { cpuMsOf } from './cpu-time.js';
import { ensureDataset } from './dataset.js';
import { loadGenerator, runLoad, type LoadFigures, type LoadRequest } from './load-generator.js';
import { combine, ratioOf, renderCheckAuth } from './report.js';
import { bareSized, licensedTargets, spotCheck, withLicense, withLicenseAndNonce, withoutLicense } from './scenarios.js';
import { spawnServer, type ChildServer } from '../lib/server-process.js';
import { AUTHPAY_SERVER_ARGS, BARE_SERVER_ARGS } from './servers.js';

const FULL_N = 1_000_000;
const n = Number(process.env.BENCH_N ?? FULL_N);
const duration = Number(process.env.BENCH_DURATION ?? 15);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const targetCount = Number(process.env.BENCH_TARGETS ?? 1000);
const write = process.env.BENCH_WRITE === undefined ? n >= FULL_N : process.env.BENCH_WRITE === '1';
const token = 'bench-bootstrap-token-0123456789abcdef';
const log = (msg: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${msg}\n`);

async function load(server: ChildServer, requests: LoadRequest[], seconds = duration): Promise<LoadFigures> {
  const cpuBefore = cpuMsOf(server.pid);
  const figures = await runLoad({ url: server.url, connections, durationSeconds: seconds, requests });
  return { ...figures, serverCpuUs: ((cpuMsOf(server.pid) - cpuBefore) * 1000) / figures.total };
}

async function configure(server: ChildServer): Promise<void> {
  const res = await fetch(`${server.url}/apis/console.api.pluginauth.authpay.dev/v1alpha1/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    // The cleanup job (hourly, over the expired tenth of the data) would stall the server for a while in the
    // middle of a run; bench/plugin-auth measures it on its own.
    body: JSON.stringify({ publicRateLimitPerMinute: 1_000_000, cleanupEnabled: false }),
  });
  if (!res.ok) throw new Error(`settings: ${res.status} ${await res.text()}`);
}

async function measure(authpay: ChildServer, bare: ChildServer) {
  log('preparing licensed records');
  const targets = await licensedTargets(authpay.url, n, targetCount);
  const licensedRequests = withLicense(targets);
  const bareRequests: LoadRequest[] = [{ path: '/bare' }];
  log('warming up');
  await load(bare, bareRequests, 3);
  await load(authpay, licensedRequests, 3);
  const bareRuns: LoadFigures[] = [];
  const licensedRuns: LoadFigures[] = [];
  for (let round = 1; round <= rounds; round++) {
    bareRuns.push(await load(bare, bareRequests));
    licensedRuns.push(await load(authpay, licensedRequests));
    log(
      `round ${round}: bare ${Math.round(bareRuns.at(-1)!.requestsPerSecond)}/s, checkAuth `
        + `${Math.round(licensedRuns.at(-1)!.requestsPerSecond)}/s (p99 ${licensedRuns.at(-1)!.p99} ms)`,
    );
  }
  const nonce = await load(authpay, withLicenseAndNonce(targets));
  const healthz = await load(authpay, [{ path: '/healthz' }]);
  const sized = await load(bare, bareSized(targets));
  const checked = await spotCheck(authpay.url, targets);
  const fresh = await load(authpay, withoutLicense(targets), Math.max(3, Math.round(duration / 2)));
  return {
    targets,
    bare: combine(bareRuns),
    licensed: combine(licensedRuns),
    byRound: { bare: bareRuns, licensed: licensedRuns },
    nonce,
    healthz,
    sized,
    fresh,
    checked,
  };
}

async function main(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR
    ? path.resolve(process.env.BENCH_DATA_DIR)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-bench-check-auth-'));
  const expired = Math.floor(n / 10);
  log(`data set: ${n} records in ${dataDir}`);
  const dataset = await ensureDataset(dataDir, n, expired, log);
  log(dataset.loaded ? `loaded (${Math.round(dataset.perSecond ?? 0)}/s)` : 'reusing the existing data set');
  log('compiling the server (it runs as production runs it: node on the build, not tsx)');
  const build = buildCompiled();
  const authpay = await spawnServer(
    AUTHPAY_SERVER_ARGS,
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
    const m = await measure(authpay, bare);
    const report = renderCheckAuth({
      n,
      machine: describeMachine(machineInfo()),
      command: commandLine(),
      generator: loadGenerator(),
      connections,
      durationSeconds: duration,
      rounds,
      targets: m.targets.length,
      bare: m.bare,
      licensed: m.licensed,
      byRound: m.byRound,
      spotCheck: m.checked,
      extra: [
        { label: 'checkAuth with license and a fresh nonce (signed afresh)', figures: m.nonce },
        { label: 'checkAuth without license (new license issued and written)', figures: m.fresh },
        { label: 'host floor: GET /healthz through the full host pipeline (no plugin code)', figures: m.healthz },
        { label: 'reference: bare Express, checkAuth-sized query and answer', figures: m.sized },
      ],
      notes: analysisNotes({ bare: m.bare, licensed: m.licensed, healthz: m.healthz, sized: m.sized, connections }),
    });
    log(`checkAuth with license: ${(ratioOf(m) * 100).toFixed(0)} % of bare, p99 ${m.licensed.p99} ms`);
    if (write) writeSection('check-auth', report);
    process.stdout.write(`\n${report}\n`);
  } finally {
    await Promise.all([authpay.stop(), bare.stop()]);
    build.dispose();
    if (!process.env.BENCH_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function commandLine(): string {
  const env = ['BENCH_N', 'BENCH_DURATION', 'BENCH_ROUNDS', 'BENCH_CONNECTIONS', 'BENCH_TARGETS']
    .filter((k) => process.env[k])
    .map((k) => `${k}=${process.env[k]}`);
  return [...env, 'npm run bench:check-auth'].join(' ');
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
