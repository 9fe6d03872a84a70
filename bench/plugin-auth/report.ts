import { ms, table, thousands } from '../lib/markdown.js';
import type { LatencySummary } from '../lib/timing.js';
import type { CleanupFigures } from './cleanup.js';

export interface ReportInput {
  n: number;
  expired: number;
  backend: string;
  machine: string;
  command: string;
  load: { ms: number; perSecond: number };
  queries: Array<{ label: string; summary: LatencySummary; total: number }>;
  cleanup: CleanupFigures;
}

const QUERY_TARGET_MS = 50;
const CLEANUP_TARGET_MS = 30_000;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const verdict = (met: boolean, target: string) => (met ? `met (${target})` : `**missed** (${target})`);

export function renderReport(r: ReportInput): string {
  const rows = r.queries.map((q) => [q.label, thousands(q.total), ms(q.summary.median), ms(q.summary.p90), ms(q.summary.max), verdict(q.summary.median < QUERY_TARGET_MS, `< ${QUERY_TARGET_MS} ms`)]);
  const c = r.cleanup;
  return [
    `## Plugin authorization: ${r.backend}, ${thousands(r.n)} records, ${thousands(r.expired)} expired`,
    '',
    `Machine: ${r.machine}. Command: \`${r.command}\`. Records loaded through \`ExtensionClient.create\`, 1000 per transaction: ${thousands(r.load.perSecond)}/s (${(r.load.ms / 1000).toFixed(0)} s).`,
    '',
    `**Filtered record list** (\`listAuthLogs\`, page size 20, with the total) over HTTP with a bearer token, one request at a time, random filter values (milliseconds):`,
    '',
    table(['filter', 'matches (last call)', 'median', 'p90', 'max', 'target: median'], rows),
    '',
    `**Cleanup job** (\`SitePluginAuth:clean-auth\` handler, batches of 200, each record's status change and its auth-notification outbox entries — inbox and e-mail — in the batch's transaction, the delivery worker running alongside):`,
    '',
    table(
      ['expired records', 'time', 'records/s', 'RSS start → peak → end', 'heap start → peak → end', 'outbox messages after', 'target: < 30 s'],
      [[thousands(c.expired), `${(c.ms / 1000).toFixed(1)} s`, thousands(c.perSecond), `${mib(c.rss.start)} → ${mib(c.rss.peak)} → ${mib(c.rss.end)}`, `${mib(c.heap.start)} → ${mib(c.heap.peak)} → ${mib(c.heap.end)}`, thousands(c.outbox), verdict(c.ms < CLEANUP_TARGET_MS, '< 30 s')]],
    ),
  ].join('\n');
}
