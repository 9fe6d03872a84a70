/**
 * Store benchmark: N SitePluginAuthLog objects in each backend; bulk create, get, indexed list, count,
 * and the start-up time and memory of a server over that data. Figures go to docs/benchmarks.md.
 *
 * Environment:
 *   BENCH_N                 objects per backend (default 1,000,000)
 *   BENCH_BACKENDS          comma list of sqlite,postgres (default both)
 *   BENCH_BATCH             objects per create transaction (default 1000; bulk loader: 20,000)
 *   BENCH_LOADER            client (default) = every object through ExtensionClient.create; bulk = bench/lib/bulk
 *                           (same rows, indexes built at the end), for 10M (BENCH_N=10000000)
 *   BENCH_WRITE             1 = write docs/benchmarks.md, 0 = print only (default: write only for a full N)
 *   BENCH_KEEP              1 = keep the data (temp dir / schema) for inspection
 *   BENCH_STARTS            server starts per measurement, median reported (default 3)
 *   AUTHPAY_TEST_DATABASE_URL  PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test)
 */
import { machineInfo } from '../lib/machine.js';
import { writeSection } from '../lib/report-writer.js';
import { DEFAULT_PG_URL, openPostgres, openSqlite, type BackendName, type BenchBackend } from './backends.js';
import { bulkCreate } from './load.js';
import { objectAt } from './dataset.js';
import { DEFAULT_BULK_BATCH, bulkLoad } from '../lib/bulk/bulk-load.js';
import { loaderFromEnv } from '../lib/bulk/loader-choice.js';
import { sizeSuffix } from '../lib/size-suffix.js';
import { runQueries } from './queries.js';
import { postgresPlans, sqlitePlans } from './query-plan.js';
import { measureStartup, type StartMode } from './startup.js';
import { buildCompiled } from '../lib/compiled-build.js';
import { dataBytes } from './sizes.js';
import { renderBackend, renderConsole, type BackendResult } from './report.js';
import { analysisNotes } from './analysis.js';

const FULL_N = 1_000_000;
const n = Number(process.env.BENCH_N ?? FULL_N);
const loader = loaderFromEnv();
const batch = Number(process.env.BENCH_BATCH ?? (loader === 'bulk' ? DEFAULT_BULK_BATCH : 1000));
const backends = (process.env.BENCH_BACKENDS ?? 'sqlite,postgres').split(',').map((s) => s.trim()) as BackendName[];
const write = process.env.BENCH_WRITE === undefined ? n >= FULL_N : process.env.BENCH_WRITE === '1';
const keep = process.env.BENCH_KEEP === '1';
const pgUrl = process.env.AUTHPAY_TEST_DATABASE_URL || DEFAULT_PG_URL;

const log = (msg: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${msg}\n`);

async function open(name: BackendName): Promise<BenchBackend> {
  return name === 'sqlite' ? openSqlite(keep) : openPostgres(pgUrl, keep);
}

const STARTS = Number(process.env.BENCH_STARTS ?? 3);

/** Start-up of a server over some data, from the TypeScript source (npm start) and from a compiled build. */
async function startups(env: NodeJS.ProcessEnv) {
  return { tsx: await measureStartup(env, STARTS, { kind: 'tsx' }), compiled: await measureStartup(env, STARTS, compiledMode) };
}

/** A server over an empty store of the same backend: the baseline for time and memory. */
async function emptyStartup(name: BackendName) {
  const empty = await open(name);
  await empty.store.close();
  try {
    return await startups(empty.serverEnv);
  } finally {
    await empty.dispose();
  }
}

const progress = (name: BackendName) => {
  let last = 0;
  return (done: number, ms: number) => {
    if (ms - last < 10_000 && done < n) return;
    last = ms;
    log(`[${name}] ${done}/${n} written, ${Math.round((done / ms) * 1000)}/s`);
  };
};

/** The data set, through the client (the measured write path) or the bulk loader (BENCH_LOADER=bulk). */
async function fill(b: BenchBackend, name: BackendName): Promise<BackendResult['load']> {
  if (loader === 'client') return { loader, figures: await bulkCreate(b.client, n, batch, progress(name)) };
  const figures = await bulkLoad(b.client, 'SitePluginAuthLog', n, (i) => objectAt(i, n), { batch, pgUrl, progress: progress(name) });
  const sec = (ms: number) => `${Math.round(ms / 1000)} s`;
  log(`[${name}] rows ${sec(figures.rowsMs)}, indexes ${sec(figures.indexMs)}, ensureKind ${sec(figures.ensureMs)}`);
  return { loader, figures };
}

async function runBackend(name: BackendName): Promise<BackendResult> {
  const b = await open(name);
  try {
    if (keep) log(`[${name}] data kept: ${JSON.stringify(b.serverEnv)}`);
    log(`[${name}] loading ${n} objects into ${b.location}`);
    const load = await fill(b, name);
    // Steady state, as autovacuum would leave it: statistics and visibility map after the bulk load.
    await b.client.store.refreshStatistics(b.client.kind('SitePluginAuthLog'));
    log(`[${name}] reads`);
    const queries = await runQueries(b.client, { n, gets: 10_000, lists: 2_000, counts: 2_000, broadCounts: 20 });
    const kind = b.client.kind('SitePluginAuthLog');
    const plans = b.sqliteFile ? sqlitePlans(b.sqliteFile, kind) : await postgresPlans(pgUrl, b.pgSchema as string, kind);
    await b.store.close();
    const bytes = await dataBytes(b, pgUrl);
    log(`[${name}] server start-up over the data`);
    const startup = await startups(b.serverEnv);
    return {
      backend: name,
      n,
      location: b.location,
      dataBytes: bytes,
      load,
      queries,
      plans,
      startup,
      emptyStartup: await emptyStartup(name),
    };
  } finally {
    await b.dispose();
  }
}

log('compiling a build for the compiled start-up figures');
const build = buildCompiled();
const compiledMode: StartMode = { kind: 'compiled', mainUrl: build.mainUrl };
let failed = false;
for (const name of backends) {
  try {
    const result = await runBackend(name);
    process.stdout.write(`${renderConsole(result)}\n`);
    if (write) writeSection(`store-${name}${sizeSuffix(n)}`, renderBackend(result, machineInfo(), analysisNotes(result)));
  } catch (err) {
    failed = true;
    process.stderr.write(`[${name}] benchmark failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  }
}
build.dispose();
if (write) log('figures written to docs/benchmarks.md');
process.exit(failed ? 1 : 0);
