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
  `- The cleanup is write-bound. Per record it writes the record (authStatus 1 → 0) and two outbox messages, each with its event-log entry. A write dirties B-tree pages, and an entry at a random place costs a page of its own: the record's row and the indexes that contain authStatus (${RECORD_STATUS_INDEXES}, four of them at random places: an update sets only the columns whose value changed, and each changed index entry moves), and for each outbox message its dedupeId and recipient entries. Every dirty page is written to the WAL at its batch's commit, so a batch shares pages and one commit, which is why batches are ${CLEANUP_BATCH}, not 200.`,
  '- What brought it from 156 s (2026-11-21) over 88 s to this figure: updates set only changed columns; batches of 500; outbox messages got insert-ordered names (`om-<time><sequence><process>`) with "queued once" kept by an indexed `spec.dedupeId` looked up in the inserting transaction — with names that were hashes of the dedupe key, each of the outbox\'s indexes that ends in the name (primary key, phase, channel, phase+channel, deletionTimestamp) took a random page per message, now they append; username and dedupeKey are no longer indexed (nothing queries them); and SQLite checkpoints every 100,000 WAL pages instead of 1,000 (every 500-record commit used to checkpoint: copy its pages into the file and sync). Measured on a copy of the same 1M records: 88–94 s before, 68 s with the checkpoint setting alone, 53–60 s with the outbox names as well (load average about 2: another engineer\'s work shared the 2 cores).',
  '- What remains, by a per-statement timing of one run: about half is SQLite (the 200 commits ~13 s, the record updates ~5 s, the outbox inserts ~5 s, event log and revision ~3 s), half JavaScript spread over validation, (de)serialization, rendering and the async context of every store call. The record side is now the larger share of the page writes: SitePluginAuthLog has five indexes with authStatus (extensions/site-plugin-auth-log.yaml), and four of them move each expired record\'s entry to a random page. Two of them are prefixes of others for filtering and counting: (authStatus, name) of (authStatus, expireTime) and (authStatus, creationTimestamp), and (pluginKey, authStatus) of (pluginKey, authStatus, creationTimestamp); without those two (a trial on the same copy, not adopted: that CRD belongs to the service, and name-ordered keyset lists on those fields would lose their index) the run took 49 s. The worker alongside costs little: 55.6 s with it stopped.',
  '- The job yields to the event loop between batches, so requests, timers (its own time-out) and the outbox delivery worker run during it (store calls complete as microtasks; without the yield nothing else ran until the job ended). The worker shares the single writer with the job: each inbox message is claimed, copied into the inbox and marked sent, each e-mail moves to WAITING_CONFIG (no SMTP here). The memory columns are sampled every 200 ms during the run.',
];
