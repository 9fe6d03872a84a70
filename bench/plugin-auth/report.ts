import { ms, table, thousands } from '../lib/markdown.js';
import type { LatencySummary } from '../lib/timing.js';
import type { CleanupFigures } from './cleanup.js';
import { CLEANUP_BATCH } from '../../src/plugin-auth/cleanup/clean-auth.handler.js';
import type { BulkLoadFigures } from '../lib/bulk/bulk-load.js';
import { describeBulkLoad } from '../lib/bulk/describe.js';

/** Indexes of SitePluginAuthLog that contain authStatus (extensions/ CRD: the field and five compounds). */
const RECORD_STATUS_INDEXES = 6;

export interface ReportInput {
  n: number;
  expired: number;
  backend: string;
  machine: string;
  command: string;
  load: { ms: number; perSecond: number };
  /** Set when the bulk loader loaded the records. */
  bulk?: BulkLoadFigures;
  /** The records came from a BENCH_DATA_DIR copy; load is the figure of the run that loaded them. */
  reused?: boolean;
  queries: Array<{ label: string; summary: LatencySummary; total: number }>;
  cleanup: CleanupFigures;
}

const QUERY_TARGET_MS = 50;
const CLEANUP_TARGET_MS = 30_000;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const verdict = (met: boolean, target: string) => (met ? `met (${target})` : `**missed** (${target})`);

function loadSentence(r: ReportInput): string {
  if (r.bulk) return describeBulkLoad(r.bulk, 'records').replace(/\)$/, '');
  const rate = `${thousands(r.load.perSecond)}/s (${(r.load.ms / 1000).toFixed(0)} s`;
  return `Records loaded through \`ExtensionClient.create\`, 1000 per transaction: ${rate}`;
}

export function renderReport(r: ReportInput): string {
  const rows = r.queries.map((q) => [
    q.label,
    thousands(q.total),
    ms(q.summary.median),
    ms(q.summary.p90),
    ms(q.summary.max),
    verdict(q.summary.median < QUERY_TARGET_MS, `< ${QUERY_TARGET_MS} ms`),
  ]);
  const c = r.cleanup;
  return [
    `## Plugin authorization: ${r.backend}, ${thousands(r.n)} records, ${thousands(r.expired)} expired`,
    '',
    `Machine: ${r.machine}. Command: \`${r.command}\`. ${loadSentence(r)}`
      + `${r.reused ? ', measured when the reused data directory was loaded; this run worked on a copy of it' : ''}).`,
    '',
    `**Filtered record list** (\`listAuthLogs\`, page size 20, with the total) over HTTP with a bearer token, one request at a time, `
      + `random filter values (milliseconds):`,
    '',
    table(['filter', 'matches (last call)', 'median', 'p90', 'max', 'target: median'], rows),
    '',
    `**Cleanup job** (\`SitePluginAuth:clean-auth\` handler, batches of ${CLEANUP_BATCH}, each batch read and written in one `
      + `transaction: every record's status change and its auth-notification outbox message — one per user, the e-mail that also goes `
      + `into the inbox; the delivery worker running alongside):`,
    '',
    table(
      [
        'expired records',
        'time',
        'records/s',
        'RSS start → peak → end',
        'heap start → peak → end',
        'outbox messages after',
        'target: < 30 s',
      ],
      [
        [
          thousands(c.expired),
          `${(c.ms / 1000).toFixed(1)} s`,
          thousands(c.perSecond),
          `${mib(c.rss.start)} → ${mib(c.rss.peak)} → ${mib(c.rss.end)}`,
          `${mib(c.heap.start)} → ${mib(c.heap.peak)} → ${mib(c.heap.end)}`,
          thousands(c.outbox),
          verdict(c.ms < CLEANUP_TARGET_MS, '< 30 s'),
        ],
      ],
    ),
    '',
    ...NOTES,
  ].join('\n');
}

/** What the figures mean; true whatever the machine (the table carries the numbers). */
const NOTES = [
  '- Every filter is a condition on an indexed column, and each order has a compound index (plugin/status + creation time, plugin + '
    + 'expireTime, status + expireTime), so a page reads about 20 index entries and 20 rows. The cost that remains grows with the '
    + 'matches: every page carries the ListResult total, a count over the matching index entries.',
  "- `keyword` is a substring match (`contains` on pluginKey, authUser or authDomain, the kind's declared search fields). A keyword of 3 "
    + 'or more characters runs on the trigram index (SQLite: one FTS5 lookup over the three fields, then the matching rows by rowid; '
    + 'PostgreSQL: pg_trgm GIN indexes), so its cost grows with the matches, not the records. Shorter keywords (the plugin + keyword '
    + "case uses 2 characters) have no whole trigram and are matched by LIKE on the index entries of the other filter's range. See "
    + 'docs/store.md.',
  `- The cleanup is write-bound. Per record it writes the record (authStatus 1 → 0) and one outbox message (the user's e-mail, marked to `
    + `go into the inbox as well; a user without an address gets an inbox message), each with its event-log entry. A write dirties `
    + `B-tree pages, and an entry at a random place costs a page of its own. The record's row is one, and an update sets only the `
    + `columns whose value changed, so the entries that move are those of the ${RECORD_STATUS_INDEXES} indexes that contain `
    + `authStatus. The job sweeps plugin by plugin, oldest expiry first, on (pluginKey, authStatus, expireTime): four of those indexes `
    + `begin with the plugin key or end in the record name, which begins with it too, so a batch's entries there sit side by side and `
    + `share pages; (authStatus, creationTimestamp) and (authStatus, expireTime) still take a page per entry. The message's recipient `
    + `entry is random as well; the outbox's other indexes take new messages at their end. Every dirty page is written to the WAL at `
    + `its batch's commit, so a batch shares pages and one commit: batches of up to ${CLEANUP_BATCH} (the store's largest page) within `
    + `a plugin.`,
  '- Round 1 (156 s on 2026-11-21 → 88 s → 55 s): updates set only changed columns; batches of 500; outbox messages got insert-ordered '
    + 'names (`om-<time><sequence><process>`) with "queued once" kept by an indexed `spec.dedupeId` looked up in the inserting '
    + 'transaction (hashed names took a random page of every outbox index that ends in the name); username and dedupeKey no longer '
    + 'indexed; SQLite checkpointing every 100,000 WAL pages instead of 1,000.',
  "- Round 2 (2026-11-22, 55 s → 38.4 s on that day's machine): SQLite checkpoints on a worker thread "
    + '(`src/host/store/sqlite-checkpointer.ts`); batches of 1,000 instead of 500; fewer statements and less JavaScript per record '
    + '(revision counted in memory during a transaction, one dedupe read per send, the user read once, no total count per batch, no '
    + 're-read of the listed record in `update`, SMTP settings read per change, fixed statements prepared once); the outbox worker '
    + "delivers a cycle's inbox messages in one transaction; the outbox's phase and nextAttemptAt lost their single-field indexes "
    + '(`authpay.dev/unindexed-fields`). Tried and not adopted: `mmap_size` 4 GiB (a little faster, 1.7 GiB more RSS in mapped file '
    + 'pages).',
  '- Round 3 (2026-11-22, a different and slower machine: the bare Express route of bench/check-auth needed 216 µs of CPU per request '
    + "here against 101 µs on round 2's, and the operating system's page cache was dropped within a minute, so SQLite's reads beyond "
    + "its own 64 MiB cache came back through system calls). Round 2's code took 69–88 s here (four runs). The auth-notification lost "
    + "its dedupe key: the record's version check in the same transaction already makes it once only, and the key cost an index entry, "
    + 'a lookup and two hashes per message (SQL time of an instrumented run 46.5 → 39.8 s). A user reached on both channels gets one '
    + 'outbox message instead of two: half the outbox rows and event-log entries (SQL time 39.8 → 30.8 s; runs 51–60 s). Tried and not '
    + 'adopted: a 256 MiB page cache (53 s, no clear gain, 180 MiB more RSS); remembering the index columns of rows read in the '
    + 'transaction so that `update` skips its read of the stored row (SQL time 30.8 → 29.2 s: the page reads moved into the UPDATE, '
    + 'which went from 71 to 89 µs; not worth 40 lines in the store).',
  '- Round 4 (2026-11-24, a third machine, where the code of round 3 took 31.3–34.3 s): batches taken within one plugin instead of '
    + 'across all of them, read on a new (pluginKey, authStatus, expireTime) index, and a last pass over all plugins for records whose '
    + 'key is not in the catalog (24.3 and 24.4 s in two runs, 22.1 and 23.1 s with the statistics below). SQL time of an instrumented '
    + 'run 18.9 → 13.7 s: commits 6.8 → 3.8 s, record updates 41 → 31 µs. The new index is the exact one for the per-plugin query; '
    + 'with the approximate statistics of `PRAGMA optimize`, or none, SQLite otherwise reads the pass on (authStatus, expireTime) and '
    + 'fetches every expired row of every plugin (240–360 ms a batch instead of 2–7 ms). Statistics: `refreshStatistics` (run after '
    + 'the load) now makes exact ones with a full ANALYZE of the table (4 s here) instead of `PRAGMA optimize`, whose sampled estimate '
    + 'for authStatus was 561 records per value and chose that same wrong index; and an index added to a table that has statistics is '
    + "analyzed when it is created (without its own, SQLite took the new index for a very selective one and the console's plugin + "
    + "keyword page went from 26 to 53 ms). The reused data directory's statistics were made again with the new code before this run. "
    + 'Tried and not adopted: batches of 3,000 (the store cap raised for the test: 33.2 s against 32.4 s, the dirty pages outgrow the '
    + '64 MiB page cache); dropping the (pluginKey, authStatus) index (SQL time 18.9 → 16.2 s, but a name-ordered page filtered by '
    + 'plugin and status then reads the (authStatus, name) index under those statistics, about 1 s a page).',
  "- Spread and A/B in round 3: that machine's speed drifted during the session (the bare Express route of bench/check-auth served 4,900 "
    + 'requests/s at one time and 7,200 at another). Runs of this code took 38.3 s (the table) to 60 s; runs alternating with the code '
    + "of the session's start, each on a fresh copy flushed to disk, took 46.0 and 48.0 s against 66.1 and 67.5 s (about 30 % less). "
    + 'The table is always one run.',
  '- What remains, by a per-statement timing of one instrumented run of round 4 (27.2 s): SQLite 13.7 s — commits 3.8 s, record updates '
    + '3.1 s (31 µs), outbox inserts 2.3 s (23 µs), event log 1.3 s, the stored-row read of each update 1.1 s, user reads 0.7 s, the '
    + 'batch reads 0.5 s; JavaScript the rest, spread thin (JSON parse and stringify, garbage collection, schema validation, '
    + "rendering, async bookkeeping). The record's own (authStatus) index stays: dropping it makes the console's `authStatus=0` count "
    + 'read (authStatus, creationTimestamp) and a name-ordered list filtered by authStatus alone (export) sort every match (63 ms a '
    + "page on round 4's machine).",
  '- The job yields to the event loop between batches, so requests, timers (its own time-out) and the outbox delivery worker run during '
    + 'it (store calls complete as microtasks; without the yield nothing else ran until the job ended). The worker shares the single '
    + 'writer with the job: it takes up to 20 due messages per cycle and, with no SMTP here, writes their steps in one transaction: '
    + "each message's inbox part into the inbox and the e-mail to WAITING_CONFIG. The memory columns are sampled every 200 ms during "
    + 'the run.',
];
