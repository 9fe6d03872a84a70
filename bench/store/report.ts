import type { LatencySummary } from '../lib/timing.js';
import { describeMachine, type MachineInfo } from '../lib/machine.js';
import { mib, ms, table, thousands, verdict } from '../lib/markdown.js';
import type { LoadFigures } from './load.js';
import type { BulkLoadFigures } from '../lib/bulk/bulk-load.js';
import { describeBulkLoad } from '../lib/bulk/describe.js';
import type { QueryFigures } from './queries.js';
import type { PlanReport } from './query-plan.js';
import type { StartupFigures } from './startup.js';

/** Start-up from the TypeScript source through tsx (npm start) and from a compiled build (node dist). */
export interface StartupPair {
  tsx: StartupFigures;
  compiled: StartupFigures;
}

/** Everything one backend run produced. */
export interface BackendResult {
  backend: 'sqlite' | 'postgres';
  n: number;
  location: string;
  dataBytes: number;
  load: { loader: 'client'; figures: LoadFigures } | { loader: 'bulk'; figures: BulkLoadFigures };
  queries: QueryFigures;
  plans: PlanReport[];
  startup: StartupPair;
  emptyStartup: StartupPair;
}

export const TARGET_READ_MS = 1;
export const TARGET_START_MS = 2000;

function latencyRow(label: string, s: LatencySummary, target?: number): Array<string | number> {
  return [label, thousands(s.n), ms(s.median), ms(s.p90), ms(s.p99), ms(s.max), target === undefined ? '' : verdict(s.median, target)];
}

function startupRow(data: string, f: StartupFigures): Array<string | number> {
  const code = f.mode === 'tsx' ? 'TypeScript via tsx (npm start)' : 'compiled (node dist)';
  return [data, code, ms(f.medianReadyMs), ms(f.medianStartServerMs), mib(f.maxRss), verdict(f.medianReadyMs, TARGET_START_MS)];
}

/** Targets from the issue apply to SQLite; PostgreSQL figures are reported against them for comparison. */
export function renderBackend(r: BackendResult, machine: MachineInfo, notes: string[]): string {
  const title = r.backend === 'sqlite' ? 'SQLite (embedded, WAL)' : 'PostgreSQL';
  const q = r.queries;
  const lines = [
    `## Store: ${title}, ${thousands(r.n)} SitePluginAuthLog objects`,
    '',
    `Machine: ${describeMachine(machine)}. Data: ${r.location}, ${mib(r.dataBytes)} on disk. Command: \`BENCH_N=${r.n} `
      + `BENCH_BACKENDS=${r.backend}${r.load.loader === 'bulk' ? ' BENCH_LOADER=bulk' : ''} npm run bench:store\`.`,
    '',
    loadSentence(r.load),
    '',
    'Reads through `ExtensionClient`, one call at a time, random keys (milliseconds):',
    '',
    table(
      ['operation', 'calls', 'median', 'p90', 'p99', 'max', 'target: median < 1 ms'],
      [
        latencyRow('get by name', q.get, TARGET_READ_MS),
        latencyRow('list pluginKey+authStatus, limit 20 (first page)', q.listLimit, TARGET_READ_MS),
        latencyRow('list pluginKey+authStatus, page 1 size 20 (with total)', q.listPage, TARGET_READ_MS),
        latencyRow(`count pluginKey+authStatus (~${thousands(q.selectiveMatches)} matches)`, q.countSelective),
        latencyRow(`count authStatus=1 (~${thousands(r.n / 2)} matches)`, q.countBroad),
      ],
    ),
    '',
    `**Server start-up**: a new process runs \`startServer\` (as \`authpay serve\`) until \`GET /apis\` answers; `
      + `median of ${r.startup.tsx.runs.length} starts each; "startServer" is the in-process part (open the store, register kinds, `
      + `start the plugin, listen) without loading code; RSS is the highest of the samples at ready and 3 s later (ms unless noted):`,
    '',
    table(
      ['data', 'code', 'spawn to /apis', 'startServer', 'RSS', 'target: < 2000 ms'],
      [
        startupRow(`${thousands(r.n)} objects`, r.startup.tsx),
        startupRow(`${thousands(r.n)} objects`, r.startup.compiled),
        startupRow('empty store', r.emptyStartup.tsx),
        startupRow('empty store', r.emptyStartup.compiled),
      ],
    ),
  ];
  if (notes.length) lines.push('', ...notes.map((n) => `- ${n}`));
  lines.push('', '<details><summary>Query plans</summary>', '');
  for (const p of r.plans) lines.push(`${p.label}:`, '', '```', p.sql, ...p.plan, '```', '');
  lines.push('</details>');
  return lines.join('\n');
}

function loadSentence(load: BackendResult['load']): string {
  if (load.loader === 'bulk') return `${describeBulkLoad(load.figures)}.`;
  const f = load.figures;
  return (
    `**Bulk create** through \`ExtensionClient.create\` in transactions of ${f.batchSize}: `
    + `${thousands(f.perSecond)} objects/s overall (${(f.totalMs / 1000).toFixed(1)} s; `
    + `first tenth ${thousands(f.firstTenthPerSecond)}/s, last tenth ${thousands(f.lastTenthPerSecond)}/s).`
  );
}

/** Objects per second and seconds of the load, whichever loader ran. */
function loadRate(load: BackendResult['load']): string {
  const ms = load.loader === 'bulk' ? load.figures.ms : load.figures.totalMs;
  return `${load.loader === 'bulk' ? 'bulk load' : 'create'} ${thousands(load.figures.perSecond)}/s (${(ms / 1000).toFixed(1)} s)`;
}

/** A short console summary. */
export function renderConsole(r: BackendResult): string {
  const q = r.queries;
  const f = (s: LatencySummary) => `median ${ms(s.median)} ms, p99 ${ms(s.p99)} ms`;
  return [
    `[${r.backend}] n=${r.n} ${loadRate(r.load)}`,
    `[${r.backend}] get: ${f(q.get)}`,
    `[${r.backend}] list limit 20: ${f(q.listLimit)}`,
    `[${r.backend}] list page/size 20: ${f(q.listPage)}`,
    `[${r.backend}] count selective: ${f(q.countSelective)}; count broad: ${f(q.countBroad)}`,
    ...(['tsx', 'compiled'] as const).map(
      (m) =>
        `[${r.backend}] start-up (${m}) ${ms(r.startup[m].medianReadyMs)} ms (startServer ${ms(r.startup[m].medianStartServerMs)} ms), `
        + `RSS ${mib(r.startup[m].maxRss)}; empty: ${ms(r.emptyStartup[m].medianReadyMs)} ms `
        + `(startServer ${ms(r.emptyStartup[m].medianStartServerMs)} ms), ${mib(r.emptyStartup[m].maxRss)}`,
    ),
    `[${r.backend}] data ${mib(r.dataBytes)}`,
  ].join('\n');
}
