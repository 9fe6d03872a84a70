import { AppError, ConflictError } from '../errors/app-error.js';

/**
 * Revisions on PostgreSQL without serialized writers (docs/store.md, "Revisions"). A write's revision is
 * `offset + (xid << 16) + n`: the transaction's own 64-bit id, shifted, plus the number of the write within
 * the transaction. Revision order is xid order and the writes of one transaction are contiguous. A reader
 * never passes the horizon: every transaction whose xid is below it has ended, so every event below it is final.
 */
export const WRITE_BITS = 16;
/** n runs from 1 to this; the next write of the transaction is refused. */
export const MAX_WRITES_PER_TRANSACTION = 2 ** WRITE_BITS - 1;

/** The transaction's xid as a bigint (xid8 has no cast to bigint; text is the documented way). */
const CURRENT_XID = 'pg_current_xact_id()::text::bigint';

/** SQL for the revision of the transaction's n-th write; `n` is a placeholder such as `$3`. */
export function revisionSql(offset: number, n: string): string {
  return `(${offset}::bigint + (${CURRENT_XID} << ${WRITE_BITS}) + ${n}::bigint)`;
}

/** Refuses the write that would overflow the transaction's revision range. */
export function nextWriteNumber(writes: number): number {
  if (writes >= MAX_WRITES_PER_TRANSACTION) {
    throw new AppError('INTERNAL', `一个事务最多写入 ${MAX_WRITES_PER_TRANSACTION} 个对象，请分批处理`, {
      messageEn:
        `a transaction may write at most ${MAX_WRITES_PER_TRANSACTION} objects on PostgreSQL;`
        + ' split the work into smaller transactions',
    });
  }
  return writes + 1;
}

export interface HorizonOptions {
  /** The schema's revision offset (authpay_meta.revision_offset). */
  offset: number;
  /** application_name of this schema's pool: transactions of every other application are left out when refining. */
  application: string;
  /** SQL (placeholder or literal) for a horizon this process has already seen: horizons never move back. */
  floor: string;
}

/**
 * A CTE `h (h, hidden)`: the horizon of the statement's own snapshot and whether some visible event lies at or
 * beyond it. The plain horizon comes from the snapshot's xmin, which any transaction in the cluster holds
 * back. Only when that hides a visible event is it refined: the oldest transaction of the snapshot that is not
 * known to belong to another application, capped by the snapshot's xmax. A transaction is left out only when
 * pg_stat_activity names it positively (same xid, another application_name): one that ended between the
 * snapshot and that read, or one whose session we may not see, keeps holding the horizon, which is safe.
 */
/**
 * The newest visible event: one probe at the end of the primary key. "Some visible event at or past h" is
 * written as `newest >= h`, because an EXISTS or a max() with h joined in is planned as a scan of the log.
 */
const NEWEST_EVENT = '(SELECT max(rev) FROM authpay_events)';

export function horizonCte(o: HorizonOptions): string {
  const shift = (xid: string) => `(${o.offset}::bigint + (${xid} << ${WRITE_BITS}))`;
  const plain = shift('pg_snapshot_xmin(pg_current_snapshot())::text::bigint');
  const othersXids = `SELECT a.backend_xid::text::bigint FROM pg_stat_activity a
      WHERE a.backend_xid IS NOT NULL AND a.application_name IS DISTINCT FROM '${o.application}'`;
  const oldestOurs = `(SELECT min(x::text::bigint) FROM pg_snapshot_xip(pg_current_snapshot()) AS x
      WHERE (x::text::bigint % 4294967296) NOT IN (${othersXids}))`;
  const refined = shift(`least(pg_snapshot_xmax(pg_current_snapshot())::text::bigint, ${oldestOurs})`);
  // Inside a transaction: never past its own xid (its snapshot leaves it out of the running list).
  const own = 'pg_current_xact_id_if_assigned()::text::bigint';
  return `h0 AS (SELECT greatest(${o.floor}::bigint, ${plain}) AS h),
    hr AS (SELECT CASE WHEN ${NEWEST_EVENT} >= h0.h
      THEN greatest(h0.h, ${refined}) ELSE h0.h END AS h FROM h0),
    h1 AS (SELECT CASE WHEN ${own} IS NULL THEN hr.h ELSE least(hr.h, ${shift(own)}) END AS h FROM hr),
    h AS (SELECT h1.h, coalesce(${NEWEST_EVENT} >= h1.h, false) AS hidden FROM h1)`;
}

/** Deadlocks (40P01) and serialization failures (40001): a concurrent transaction won; the caller may retry. */
export function asWriteConflict(err: unknown): unknown {
  const code = (err as { code?: string } | undefined)?.code;
  if (code !== '40P01' && code !== '40001') return err;
  const what = code === '40P01' ? 'a deadlock' : 'a serialization failure';
  const error = new ConflictError(
    `the transaction was rolled back after ${what} with a concurrent transaction; please try again`,
    '操作与同时进行的其他操作冲突，已撤销，请重试',
  );
  (error as { cause?: unknown }).cause = err;
  return error;
}
