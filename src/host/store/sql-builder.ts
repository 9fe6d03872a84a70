import { AppError } from '../errors/app-error.js';
import type { Condition, ListQuery, SortSpec } from './query.js';
import { coerceSelectorValue, type TableLayout } from './columns.js';
import { ftsQuery, indexablePattern } from './search-index.js';

/** The few places where SQLite and PostgreSQL SQL differ. */
export interface Dialect {
  placeholder(index: number): string;
  /** Case-insensitive substring match. */
  containsOp: string;
  /**
   * Whether `contains` on a search field is rendered as a lookup in the kind's FTS5 trigram table (SQLite).
   * PostgreSQL needs no rewrite: its GIN trigram indexes answer the plain ILIKE.
   */
  fullText: boolean;
  /** ORDER BY suffix so that both backends put missing values first ascending and last descending. */
  nullsOrder(direction: 'asc' | 'desc'): string;
}

export const SQLITE_DIALECT: Dialect = {
  placeholder: () => '?',
  containsOp: 'LIKE',
  fullText: true,
  nullsOrder: () => '', // SQLite's default already sorts NULL first ascending, last descending.
};

export const POSTGRES_DIALECT: Dialect = {
  placeholder: (i) => `$${i}`,
  containsOp: 'ILIKE',
  fullText: false,
  nullsOrder: (d) => (d === 'asc' ? ' NULLS FIRST' : ' NULLS LAST'),
};

export class SqlParams {
  readonly values: unknown[] = [];
  constructor(private readonly dialect: Dialect) {}
  /** Adds a query value. Text with NUL is refused: PostgreSQL text cannot hold it, and FTS5's query parser ends a string at it. */
  add(value: unknown): string {
    if (typeof value === 'string' && value.includes('\u0000')) {
      throw new AppError('BAD_REQUEST', '查询条件含有空字符 (NUL)', { messageEn: 'a query value contains a NUL character' });
    }
    this.values.push(value);
    return this.dialect.placeholder(this.values.length);
  }
}

function column(layout: TableLayout, field: string): { column: string; type: 'string' | 'integer' | 'number' | 'boolean' } {
  const key = field === 'name' ? 'metadata.name' : field;
  const col = layout.columns.get(key);
  if (!col)
    throw new AppError('BAD_REQUEST', `field "${field}" is not an indexed field of this kind`, {
      details: [{ field, message: 'not indexed' }],
    });
  return col;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Renders a condition tree to a SQL boolean expression over the kind's table (aliased `t`).
 *
 * `positive` is false below a NOT. Only in positive position may a search-index lookup replace a LIKE: there
 * a NULL field (LIKE gives NULL, the lookup FALSE) filters the same, but NOT NULL is NULL while NOT FALSE is
 * TRUE, so under a NOT the LIKE stays.
 */
export function renderCondition(cond: Condition, layout: TableLayout, params: SqlParams, dialect: Dialect, positive = true): string {
  switch (cond.op) {
    case 'and':
    case 'or': {
      if (cond.conditions.length === 0) return cond.op === 'and' ? '1=1' : '1=0';
      const glue = cond.op === 'and' ? ' AND ' : ' OR ';
      const searched =
        cond.op === 'or' && positive && dialect.fullText ? groupSearches(cond.conditions, layout) : { groups: [], rest: cond.conditions };
      const parts = [
        ...searched.groups.map((g) => searchLookup(layout, g.columns, g.pattern, params)),
        ...searched.rest.map((c) => renderCondition(c, layout, params, dialect, positive)),
      ];
      return `(${parts.join(glue)})`;
    }
    case 'not':
      return `NOT (${renderCondition(cond.condition, layout, params, dialect, false)})`;
    case 'label_eq':
      return `EXISTS (${labelMatch(layout, params, cond.key, cond.value)})`;
    case 'label_ne':
      return `NOT EXISTS (${labelMatch(layout, params, cond.key, cond.value)})`;
    case 'label_in':
    case 'label_notin': {
      // Parameters are added in text order: SQLite's placeholders are positional.
      const key = params.add(cond.key);
      const list = cond.values.map((v) => params.add(v)).join(', ') || 'NULL';
      const exists = `EXISTS (SELECT 1 FROM ${layout.labels} l WHERE l.name = t.name AND l.key = ${key} AND l.value IN (${list}))`;
      return cond.op === 'label_in' ? exists : `NOT ${exists}`;
    }
    case 'label_exists':
    case 'label_notexists': {
      const exists = `EXISTS (SELECT 1 FROM ${layout.labels} l WHERE l.name = t.name AND l.key = ${params.add(cond.key)})`;
      return cond.op === 'label_exists' ? exists : `NOT ${exists}`;
    }
    default:
      if (cond.op === 'contains' && positive && dialect.fullText && searchColumn(layout, cond)) {
        return searchLookup(layout, [searchColumn(layout, cond) as string], cond.value, params);
      }
      return renderFieldCondition(cond, layout, params, dialect);
  }
}

/** The label row of t with this key and value (parameters added key first: SQLite's placeholders are positional). */
function labelMatch(layout: TableLayout, params: SqlParams, key: string, value: string): string {
  return `SELECT 1 FROM ${layout.labels} l WHERE l.name = t.name AND l.key = ${params.add(key)} AND l.value = ${params.add(value)}`;
}

/** The search-index column of a contains condition that the index can answer (search field, 3+ characters). */
function searchColumn(layout: TableLayout, cond: Condition): string | undefined {
  if (cond.op !== 'contains' || !layout.search || typeof cond.value !== 'string' || !indexablePattern(cond.value)) return undefined;
  return layout.search.columns.get(cond.field === 'name' ? 'metadata.name' : cond.field);
}

/**
 * Splits the members of an OR: contains conditions with the same pattern on search fields become one group
 * (one index lookup over all their columns, e.g. the console keyword box); the rest are rendered as usual.
 */
function groupSearches(
  conditions: Condition[],
  layout: TableLayout,
): { groups: Array<{ pattern: string; columns: string[] }>; rest: Condition[] } {
  const groups = new Map<string, string[]>();
  const rest: Condition[] = [];
  for (const c of conditions) {
    const col = searchColumn(layout, c);
    if (!col || c.op !== 'contains') rest.push(c);
    else groups.set(c.value, [...(groups.get(c.value) ?? []), col]);
  }
  return { groups: [...groups].map(([pattern, columns]) => ({ pattern, columns: [...new Set(columns)] })), rest };
}

/** Rows whose search columns contain the pattern, by rowid from the FTS5 trigram table (search-index.ts). */
function searchLookup(layout: TableLayout, columns: string[], pattern: string, params: SqlParams): string {
  const fts = (layout.search as { table: string }).table;
  return `t.rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${params.add(ftsQuery(columns, pattern))})`;
}

function renderFieldCondition(
  cond: Extract<Condition, { field: string }>,
  layout: TableLayout,
  params: SqlParams,
  dialect: Dialect,
): string {
  const col = column(layout, cond.field);
  const c = `t.${col.column}`;
  switch (cond.op) {
    case 'exists':
      return `${c} IS NOT NULL`;
    case 'notexists':
      return `${c} IS NULL`;
    case 'in':
    case 'notin': {
      if (cond.values.length === 0) return cond.op === 'in' ? '1=0' : '1=1';
      const list = cond.values.map((v) => params.add(coerceSelectorValue(v, col.type, cond.field))).join(', ');
      return cond.op === 'in' ? `${c} IN (${list})` : `(${c} IS NULL OR ${c} NOT IN (${list}))`;
    }
    case 'prefix':
      // A range keeps the prefix match on the index in both backends (LIKE would not in either). Both compare
      // strings as UTF-8 bytes, so the highest code point bounds every continuation, astral characters included.
      textOnly(col.type, cond);
      return `(${c} >= ${params.add(cond.value)} AND ${c} < ${params.add(`${cond.value}\u{10FFFF}`)})`;
    case 'contains':
      textOnly(col.type, cond);
      return `${c} ${dialect.containsOp} ${params.add(`%${escapeLike(cond.value)}%`)} ESCAPE '\\'`;
    case 'ne':
      return `(${c} IS NULL OR ${c} <> ${params.add(coerceSelectorValue(cond.value, col.type, cond.field))})`;
    default: {
      const ops = { eq: '=', lt: '<', le: '<=', gt: '>', ge: '>=' } as const;
      return `${c} ${ops[cond.op]} ${params.add(coerceSelectorValue(cond.value, col.type, cond.field))}`;
    }
  }
}

function textOnly(type: string, cond: { op: string; field: string }): void {
  if (type !== 'string')
    throw new AppError('BAD_REQUEST', `${cond.op} applies to string fields; ${cond.field} is ${type}`, {
      details: [{ field: cond.field, message: `${cond.op} needs a string field` }],
    });
}

export function renderOrder(sort: SortSpec[] | undefined, layout: TableLayout, dialect: Dialect): string {
  const parts: string[] = [];
  let lastDirection: 'asc' | 'desc' = 'asc';
  for (const s of sort ?? []) {
    const col = column(layout, s.field);
    if (col.column === 'name') continue;
    parts.push(`t.${col.column} ${s.direction.toUpperCase()}${dialect.nullsOrder(s.direction)}`);
    lastDirection = s.direction;
  }
  const nameDirection = (sort ?? []).find((s) => s.field === 'metadata.name' || s.field === 'name')?.direction ?? lastDirection;
  parts.push(`t.name ${nameDirection.toUpperCase()}`);
  return parts.join(', ');
}

export interface ContinueToken {
  /** Last name returned. */
  n: string;
}

export function encodeContinue(token: ContinueToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

export function decodeContinue(token: string): ContinueToken {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as ContinueToken;
    if (typeof parsed.n !== 'string') throw new Error('bad token');
    return parsed;
  } catch {
    throw new AppError('BAD_REQUEST', 'the continue token is invalid');
  }
}

export interface SelectPlan {
  where: string;
  order: string;
  limit?: number;
  offset?: number;
  keyset: boolean;
}

/** Plans a list query: WHERE, ORDER BY and paging, validating paging parameters. */
export function planList(query: ListQuery, layout: TableLayout, params: SqlParams, dialect: Dialect): SelectPlan {
  const clauses: string[] = [];
  if (query.where) clauses.push(renderCondition(query.where, layout, params, dialect));
  const keyset = query.limit !== undefined || query.continue !== undefined;
  if (keyset && query.sort?.some((s) => s.field !== 'metadata.name' && s.field !== 'name')) {
    throw new AppError('BAD_REQUEST', 'limit/continue paging lists in name order; use page and size to sort by other fields');
  }
  if (query.continue) clauses.push(`t.name > ${params.add(decodeContinue(query.continue).n)}`);
  const order = renderOrder(keyset ? [{ field: 'metadata.name', direction: 'asc' }] : query.sort, layout, dialect);
  const plan: SelectPlan = { where: clauses.length ? clauses.join(' AND ') : '1=1', order, keyset };
  if (keyset && query.limit !== undefined) {
    if (!Number.isInteger(query.limit) || query.limit < 0) throw new AppError('BAD_REQUEST', 'limit must be a non-negative integer');
    if (query.limit > 0) plan.limit = query.limit;
  } else if (query.size !== undefined && query.size > 0) {
    const page = query.page ?? 1;
    if (!Number.isInteger(page) || page < 1) throw new AppError('BAD_REQUEST', 'page must be an integer of at least 1');
    if (!Number.isInteger(query.size)) throw new AppError('BAD_REQUEST', 'size must be an integer');
    plan.limit = Math.min(query.size, 1000);
    plan.offset = (page - 1) * plan.limit;
  }
  return plan;
}
