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
  `- The cleanup is write-bound. Per record it writes the record (authStatus 1 → 0) and two outbox messages, each with its event-log entry. A write dirties B-tree pages, and an entry at a random place costs a page of its own: the record's row and the indexes that contain authStatus (${RECORD_STATUS_INDEXES}, four of them at random places: an update sets only the columns whose value changed, and each changed index entry moves), and for the outbox messages their recipient entries and one dedupeId page (the two messages of a send share a dedupeId prefix, so their entries sit side by side); the outbox\'s other indexes take new messages at their end. Every dirty page is written to the WAL at its batch's commit, so a batch shares pages and one commit: batches of ${CLEANUP_BATCH} (the store's largest page).`,
  '- Round 1 (156 s on 2026-11-21 → 88 s → 55 s): updates set only changed columns; batches of 500; outbox messages got insert-ordered names (`om-<time><sequence><process>`) with "queued once" kept by an indexed `spec.dedupeId` looked up in the inserting transaction (hashed names took a random page of every outbox index that ends in the name); username and dedupeKey no longer indexed; SQLite checkpointing every 100,000 WAL pages instead of 1,000.',
  '- Round 2 (2026-11-22, 55 s → this figure; runs on copies of the same 1M records, load average 1–4 because another engineer\'s benchmarks shared the 2 cores, so single figures move by ±3 s): SQLite checkpoints moved to a worker thread (`src/host/store/sqlite-checkpointer.ts`; COMMIT time in a profiled run 17.0 s → 7.6 s, the run 72 s profiled → 63 s); batches of 1,000 instead of 500 (63 → 49 s; 2,000 measured no better); fewer statements and less JavaScript per record (revision counted in memory during a transaction, one dedupe read per send instead of two per message, the user read once, no total count per batch, no re-read of the listed record in `update`, SMTP settings read per change instead of per send, fixed statements prepared once: 49 → 44 s); the outbox worker delivers a cycle\'s inbox messages in one transaction instead of three per message (44 → 41.5 s); the dedupe reads of older id formats only where an older message can exist (dedupe reads 2.4 → 1.2 s); the outbox\'s phase and nextAttemptAt lost their single-field indexes (a CRD may now name `authpay.dev/unindexed-fields`, each part of a compound index that serves it), two B-tree inserts fewer per message (42 → 37.5 s). Tried and not adopted: `mmap_size` 4 GiB (43.4 s against 45.7 s in the same conditions, but 1.7 GiB more RSS in mapped file pages).',
  '- Spread: three earlier runs of the same code within five minutes, load average about 1, took 37.5, 42.6 and 39.1 s; each run first copies the 2.3 GB database, and the disk writeback of the previous run plus another engineer\'s work move single runs by several seconds. The table is one run.',
  '- What remains, by a per-statement timing of one 43.1 s run: SQLite about 22 s — commits 6.7 s (the WAL writes of about 10,000 dirty pages per batch), outbox inserts 4.8 s (24 µs each: the row plus the nine secondary indexes it then had), record updates 4.2 s (42 µs: five index entries move), event log 1.6 s, the stored-row read of each update 1.2 s, dedupe reads 1.2 s, the batch reads 1.1 s, user reads 0.8 s; JavaScript about 21 s spread thin (JSON parse and stringify about 4.5 s, garbage collection 2.5 s, schema validation about 1 s, rendering, hashing, async bookkeeping). Left to try: one outbox message per recipient for both channels (half the outbox rows, events and dedupe entries); handing back written objects without parsing them again; the record\'s own (authStatus) index — with it dropped as well the run took 34.8 s, but the console\'s `authStatus=0` count then reads (authStatus, creationTimestamp) (44 ms against 31 ms, too near the 50 ms target) and a name-ordered list filtered by authStatus alone (export) sorts every match (85 ms a page), so it stays.',
  '- The job yields to the event loop between batches, so requests, timers (its own time-out) and the outbox delivery worker run during it (store calls complete as microtasks; without the yield nothing else ran until the job ended). The worker shares the single writer with the job: it delivers up to 20 due messages per cycle, a cycle\'s inbox messages in one transaction (marked SENT and copied into the inbox), each e-mail moves to WAITING_CONFIG (no SMTP here). The memory columns are sampled every 200 ms during the run.',
];
