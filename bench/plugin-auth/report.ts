import { ms, table, thousands } from '../lib/markdown.js';
import type { LatencySummary } from '../lib/timing.js';
import type { CleanupFigures } from './cleanup.js';
import { CLEANUP_BATCH } from '../../src/plugin-auth/cleanup/clean-auth.handler.js';

/** Indexes of SitePluginAuthLog that contain authStatus (extensions/ CRD: the field and four compounds). */
const RECORD_STATUS_INDEXES = 5;

export interface ReportInput {
  n: number;
  expired: number;
  backend: string;
  machine: string;
  command: string;
  load: { ms: number; perSecond: number };
  /** The records came from a BENCH_DATA_DIR copy; load is the figure of the run that loaded them. */
  reused?: boolean;
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
    `Machine: ${r.machine}. Command: \`${r.command}\`. Records loaded through \`ExtensionClient.create\`, 1000 per transaction: ${thousands(r.load.perSecond)}/s (${(r.load.ms / 1000).toFixed(0)} s${r.reused ? ', measured when the reused data directory was loaded; this run worked on a copy of it' : ''}).`,
    '',
    `**Filtered record list** (\`listAuthLogs\`, page size 20, with the total) over HTTP with a bearer token, one request at a time, random filter values (milliseconds):`,
    '',
    table(['filter', 'matches (last call)', 'median', 'p90', 'max', 'target: median'], rows),
    '',
    `**Cleanup job** (\`SitePluginAuth:clean-auth\` handler, batches of ${CLEANUP_BATCH}, each batch read and written in one transaction: every record's status change and its auth-notification outbox entries — inbox and e-mail; the delivery worker running alongside):`,
    '',
    table(
      ['expired records', 'time', 'records/s', 'RSS start → peak → end', 'heap start → peak → end', 'outbox messages after', 'target: < 30 s'],
      [[thousands(c.expired), `${(c.ms / 1000).toFixed(1)} s`, thousands(c.perSecond), `${mib(c.rss.start)} → ${mib(c.rss.peak)} → ${mib(c.rss.end)}`, `${mib(c.heap.start)} → ${mib(c.heap.peak)} → ${mib(c.heap.end)}`, thousands(c.outbox), verdict(c.ms < CLEANUP_TARGET_MS, '< 30 s')]],
    ),
    '',
    ...NOTES,
  ].join('\n');
}

/** What the figures mean; true whatever the machine (the table carries the numbers). */
const NOTES = [
  '- Every filter is a condition on an indexed column, and each order has a compound index (plugin/status + creation time, plugin + expireTime, status + expireTime), so a page reads about 20 index entries and 20 rows. The cost that remains grows with the matches: every page carries the ListResult total, a count over the matching index entries.',
  '- `keyword` is a substring match (`contains` on pluginKey, authUser or authDomain, the kind\'s declared search fields). A keyword of 3 or more characters runs on the trigram index (SQLite: one FTS5 lookup over the three fields, then the matching rows by rowid; PostgreSQL: pg_trgm GIN indexes), so its cost grows with the matches, not the records. Shorter keywords (the plugin + keyword case uses 2 characters) have no whole trigram and are matched by LIKE on the index entries of the other filter\'s range. See docs/store.md.',
  `- The cleanup is write-bound. Per record it writes the record (authStatus 1 → 0) and two outbox messages, each with its event-log entry. A write dirties B-tree pages at random places: the record's row and the ${RECORD_STATUS_INDEXES} indexes that contain authStatus (an update sets only the columns whose value changed; SQLite rewrites the entries of every index named in SET), and each outbox message's row and its indexes (names are hashes of the dedupe key, so every index keyed by name lands on a random page). About 17 pages per record at 200,000 records, each written to the WAL at commit and again at the checkpoint: a batch shares pages and one commit, which is why batches are ${CLEANUP_BATCH}, not 200.`,
  '- The job yields to the event loop between batches, so requests, timers (its own time-out) and the outbox delivery worker run during it (store calls complete as microtasks; without the yield nothing else ran until the job ended). The worker shares the single writer with the job: each inbox message is claimed, copied into the inbox and marked sent, each e-mail moves to WAITING_CONFIG (no SMTP here). The memory columns are sampled every 200 ms during the run.',
];
