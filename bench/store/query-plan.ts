import Database from 'better-sqlite3';
import type { KindInfo } from '../../src/host/schema/kind-registry.js';
import { layoutOf } from '../../src/host/store/columns.js';
import { eq, type Condition, type ListQuery } from '../../src/host/store/query.js';
import { POSTGRES_DIALECT, SQLITE_DIALECT, SqlParams, planList, renderCondition, type Dialect } from '../../src/host/store/sql-builder.js';
import { pluginStatusFilter } from './queries.js';

/** The query plans of the benchmarked reads, so a missed target can be traced to a scan or a sort. */
export interface PlanReport {
  label: string;
  sql: string;
  plan: string[];
}

interface Statement {
  label: string;
  sql: string;
  values: unknown[];
}

/** The statements the stores run for the benchmarked list and count calls (rebuilt with the shared SQL builder). */
function statements(kind: KindInfo, dialect: Dialect, listSql: (q: ListQuery, p: SqlParams) => string): Statement[] {
  const layout = layoutOf(kind);
  const where = pluginStatusFilter(7, 1);
  const out: Statement[] = [];
  for (const [label, query] of [
    ['list limit 20', { where, limit: 20 }],
    ['list page 1 size 20', { where, page: 1, size: 20 }],
  ] as const) {
    const params = new SqlParams(dialect);
    out.push({ label, sql: listSql(query, params), values: params.values });
  }
  for (const [label, cond] of [
    ['count plugin+status', where],
    ['count status', eq('spec.authStatus', 1)],
  ] as Array<[string, Condition]>) {
    const params = new SqlParams(dialect);
    out.push({
      label,
      sql: `SELECT count(*) AS n FROM ${layout.table} t WHERE ${renderCondition(cond, layout, params, dialect)}`,
      values: params.values,
    });
  }
  out.push({ label: 'get', sql: `SELECT rv, data FROM ${layout.table} WHERE name = ${dialect.placeholder(1)}`, values: ['x'] });
  return out;
}

export function sqlitePlans(file: string, kind: KindInfo): PlanReport[] {
  const layout = layoutOf(kind);
  const db = new Database(file, { readonly: true });
  try {
    const listSql = (q: ListQuery, params: SqlParams) => {
      const plan = planList(q, layout, params, SQLITE_DIALECT);
      const limit = plan.limit === undefined ? '' : ` LIMIT ${plan.keyset ? plan.limit + 1 : plan.limit}`;
      return `SELECT t.name, t.rv, t.data FROM ${layout.table} t WHERE ${plan.where} ORDER BY ${plan.order}${limit}`;
    };
    return statements(kind, SQLITE_DIALECT, listSql).map((s) => ({
      label: s.label,
      sql: s.sql,
      plan: (db.prepare(`EXPLAIN QUERY PLAN ${s.sql}`).all(...s.values) as Array<{ detail: string }>).map((r) => r.detail),
    }));
  } finally {
    db.close();
  }
}

export async function postgresPlans(url: string, schema: string, kind: KindInfo): Promise<PlanReport[]> {
  const { listStatement } = await import('../../src/host/store/postgres-list.js');
  const { horizonCte } = await import('../../src/host/store/postgres-revisions.js');
  const horizon = horizonCte({ offset: 0, application: `authpay/${schema}`, floor: '0' }); // the plan does not depend on the values
  const pg = (await import('pg')).default;
  const layout = layoutOf(kind);
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    const listSql = (q: ListQuery, params: SqlParams) =>
      listStatement(layout, planList(q, layout, params, POSTGRES_DIALECT), q.where, params, horizon);
    const out: PlanReport[] = [];
    for (const s of statements(kind, POSTGRES_DIALECT, listSql)) {
      const rows = await client.query<{ 'QUERY PLAN': string }>({
        text: `EXPLAIN (ANALYZE, BUFFERS OFF, TIMING OFF) ${s.sql}`,
        values: s.values,
      });
      out.push({ label: s.label, sql: s.sql, plan: rows.rows.map((r) => r['QUERY PLAN']) });
    }
    return out;
  } finally {
    await client.end();
  }
}
