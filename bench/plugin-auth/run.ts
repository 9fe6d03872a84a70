/**
 * Plugin-auth benchmark: N authorization records (EXPIRED of them authorized and past their expiry) in a
 * real server; the console's filtered record list over HTTP, then the cleanup job over the expired ones.
 * Figures go to docs/benchmarks.md (section plugin-auth).
 *
 * Environment:
 *   BENCH_N            records (default 1,000,000)
 *   BENCH_EXPIRED      expired authorized records among them (default N / 10)
 *   BENCH_ITERATIONS   requests per query shape (default 50)
 *   BENCH_WRITE        1 = write docs/benchmarks.md, 0 = print only (default: write only for a full N)
 *   BENCH_BATCH        records per cleanup transaction (default: the job's CLEANUP_BATCH)
 *   BENCH_DATA_DIR     SQLite only: keep the loaded records there and run on a copy (data-dir.ts), so
 *                      repeated runs skip the ten-minute load
 *   BENCH_LOADER       client (default) = records through ExtensionClient.create in the server; bulk = bench/lib/bulk
 *                      (same rows, indexes built at the end) on a store of its own, for 10M (BENCH_N=10000000)
 *   AUTHPAY_DATABASE_URL  run on PostgreSQL instead of the embedded SQLite file (give it a ?schema= of its own)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../src/main.js';
import { pluginAuthDeps } from '../../src/plugin-auth/service.js';
import { describeMachine, machineInfo } from '../lib/machine.js';
import { writeSection } from '../lib/report-writer.js';
import { measureCleanup } from './cleanup.js';
import { ReusableDataDir, type DatasetMeta } from './data-dir.js';
import { loadCatalogAndUsers, loadRecords } from './load.js';
import { measureQueries } from './queries.js';
import { renderReport } from './report.js';
import { bulkDataset } from './bulk-dataset.js';
import { loaderFromEnv } from '../lib/bulk/loader-choice.js';
import { sizeSuffix } from '../lib/size-suffix.js';

const FULL_N = 1_000_000;
const n = Number(process.env.BENCH_N ?? FULL_N);
const expired = Number(process.env.BENCH_EXPIRED ?? Math.floor(n / 10));
const loader = loaderFromEnv();
const iterations = Number(process.env.BENCH_ITERATIONS ?? 50);
const write = process.env.BENCH_WRITE === undefined ? n >= FULL_N : process.env.BENCH_WRITE === '1';
const token = 'bench-bootstrap-token-0123456789abcdef';
const log = (msg: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${msg}\n`);

type Runtime = Awaited<ReturnType<typeof startServer>>['runtime'];

const start = (dataDir: string) =>
  startServer(
    { port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent' },
    { ...process.env, AUTHPAY_BOOTSTRAP_TOKEN: token, AUTHPAY_ADMIN_PASSWORD: 'bench-admin-password' },
  );

/** Plugins, users and N records, with planner statistics for them as after any bulk import. */
async function loadDataset(runtime: Runtime, dataDir: string): Promise<DatasetMeta> {
  await runtime.workloads.settings.update('plugin-auth-settings', { cleanup: { cleanupEnabled: false } });
  const now = Date.now();
  log(`[${runtime.store.backend}] loading plugins, users and ${n} records (${expired} expired) into ${dataDir}`);
  await loadCatalogAndUsers(runtime.client);
  const load = await loadRecords(runtime.client, n, expired, now, (done, ms) =>
    log(`  ${done} records, ${Math.round((done / ms) * 1000)}/s`),
  );
  await runtime.store.refreshStatistics(runtime.client.kind('SitePluginAuthLog'));
  return { n, expired, now, load };
}

/** The reusable directory's pristine copy, loaded first when it is missing or does not fit. */
async function pristineDataset(reuse: ReusableDataDir): Promise<DatasetMeta> {
  const usable = reuse.usable(n, expired);
  if (usable) {
    log(`reusing the records loaded at ${new Date(usable.now).toISOString()} in ${reuse.pristine}`);
    return usable;
  }
  const dir = reuse.resetPristine();
  if (loader === 'bulk') {
    const meta = await bulkDataset(start, dir, { n, expired }, log);
    reuse.seal(meta);
    return meta;
  }
  const { runtime } = await start(dir);
  let meta: DatasetMeta;
  try {
    meta = await loadDataset(runtime, dir);
  } finally {
    await runtime.stop();
  }
  reuse.seal(meta);
  return meta;
}

async function main(): Promise<void> {
  const reuse =
    process.env.BENCH_DATA_DIR && !process.env.AUTHPAY_DATABASE_URL
      ? new ReusableDataDir(path.resolve(process.env.BENCH_DATA_DIR))
      : undefined;
  const pristine = reuse ? await pristineDataset(reuse) : undefined;
  const dataDir = reuse ? reuse.freshRun() : fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-bench-plugin-auth-'));
  const bulk = !pristine && loader === 'bulk' ? await bulkDataset(start, dataDir, { n, expired }, log) : undefined;
  const { runtime, url } = await start(dataDir);
  try {
    const backend = runtime.store.backend;
    const { load, bulk: bulkFigures } = pristine ?? bulk ?? (await loadDataset(runtime, dataDir));
    const queries = iterations > 0 ? await measureAllQueries(url) : [];
    log(`running the cleanup over ${expired} expired records`);
    const deps = pluginAuthDeps({
      client: runtime.client,
      logger: runtime.logger,
      settings: runtime.workloads.settings,
      notifications: runtime.notifications,
      baseUrl: runtime.config.baseUrl,
    });
    const cleanup = await measureCleanup(deps);
    log(
      `  ${cleanup.expired} expired in ${(cleanup.ms / 1000).toFixed(1)} s (${Math.round(cleanup.perSecond)}/s); RSS `
        + `${mb(cleanup.rss.start)} → peak ${mb(cleanup.rss.peak)} → ${mb(cleanup.rss.end)}`,
    );
    const report = renderReport({
      n,
      expired,
      backend,
      machine: describeMachine(machineInfo()),
      load,
      bulk: bulkFigures,
      reused: pristine !== undefined,
      queries,
      cleanup,
      command: commandLine(),
    });
    if (write) writeSection(`plugin-auth-${backend}${sizeSuffix(n)}`, report);
    else process.stdout.write(`\n${report}\n`);
  } finally {
    await runtime.stop();
    if (!reuse) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureAllQueries(url: string) {
  log('measuring filtered pages over HTTP');
  const queries = await measureQueries(url, token, iterations);
  for (const q of queries)
    log(`  ${q.label}: median ${q.summary.median.toFixed(2)} ms, p90 ${q.summary.p90.toFixed(2)} ms (total ${q.total})`);
  return queries;
}

const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;

function commandLine(): string {
  const env = ['BENCH_N', 'BENCH_EXPIRED', 'BENCH_ITERATIONS', 'BENCH_BATCH', 'BENCH_DATA_DIR', 'BENCH_LOADER']
    .filter((k) => process.env[k])
    .map((k) => `${k}=${process.env[k]}`);
  return [...env, 'npm run bench:plugin-auth'].join(' ');
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
