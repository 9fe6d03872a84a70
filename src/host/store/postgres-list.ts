import type { Condition } from './query.js';
import type { TableLayout } from './columns.js';
import { POSTGRES_DIALECT, renderCondition, type SelectPlan, type SqlParams } from './sql-builder.js';

/** One row of a list statement: the snapshot's revision and total repeat on every row; item columns are null when the page is empty. */
export interface ListRow {
  revision: string;
  /** Whether a committed event lies beyond the horizon (see horizonCte). */
  hidden: boolean;
  total: string | null;
  name: string | null;
  rv: string | null;
  data: unknown;
}

/**
 * Builds the single statement behind list(): a one-row head (the revision of the snapshot and, for
 * page/size paging, the total) joined with the page of items. Being one statement it reads one snapshot,
 * which a watch that resumes from the list's revision relies on; the revision stops at the horizon
 * (`horizon`, a CTE named h, see postgres-revisions.ts), so such a watch misses no transaction still running.
 * The page runs on the kind's indexes; the outer ORDER BY only re-sorts the (already ordered) page, because a join may not keep row order.
 */
export function listStatement(
  layout: TableLayout,
  plan: SelectPlan,
  where: Condition | undefined,
  params: SqlParams,
  horizon: string,
  countTotal = true,
): string {
  const fetchLimit = plan.keyset && plan.limit !== undefined ? plan.limit + 1 : plan.limit;
  let total = 'NULL::bigint';
  if (!plan.keyset && plan.limit !== undefined && countTotal) {
    const clause = where ? renderCondition(where, layout, params, POSTGRES_DIALECT) : '1=1';
    total = `(SELECT count(*) FROM ${layout.table} t WHERE ${clause})`;
  }
  let page = `SELECT t.* FROM ${layout.table} t WHERE ${plan.where} ORDER BY ${plan.order}`;
  if (fetchLimit !== undefined) page += ` LIMIT ${fetchLimit}`;
  if (plan.offset) page += ` OFFSET ${plan.offset}`;
  const head = `SELECT (SELECT coalesce(max(rev), 0) FROM authpay_events WHERE rev < (SELECT h.h FROM h)) AS revision,
    (SELECT hidden FROM h) AS hidden, ${total} AS total`;
  return `WITH ${horizon} SELECT s.revision, s.hidden, s.total, t.name, t.rv, t.data
    FROM (${head}) s LEFT JOIN LATERAL (${page}) t ON true ORDER BY ${plan.order}`;
}
