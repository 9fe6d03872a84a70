import type { Request } from 'express';
import { AppError } from '../../errors/app-error.js';
import type { KindInfo } from '../../schema/kind-registry.js';
import { and, type Condition, type ListQuery } from '../../store/query.js';
import { queryString } from './context.js';
import { parseFieldSelector, parseLabelSelector } from './selectors.js';

/** The selector condition of a list or watch request (labelSelector AND fieldSelector). */
export function selectorCondition(kind: KindInfo, req: Request): Condition | undefined {
  const labels = queryString(req, 'labelSelector');
  const fields = queryString(req, 'fieldSelector');
  return and(...(labels ? parseLabelSelector(labels) : []), ...(fields ? parseFieldSelector(kind, fields) : []));
}

/** A non-negative safe integer (99999999999999999999 is not one: no store can use it as a row count). */
function nonNegativeInteger(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new AppError('BAD_REQUEST', `${name} must be a non-negative integer up to ${Number.MAX_SAFE_INTEGER}, got "${value}"`);
  return n;
}

/** limit/continue paging in name order, as Kubernetes lists page; limit=0 or none means everything. */
export function listQueryOf(kind: KindInfo, req: Request): ListQuery {
  const query: ListQuery = { where: selectorCondition(kind, req) };
  const limit = nonNegativeInteger(queryString(req, 'limit'), 'limit');
  const cont = queryString(req, 'continue');
  if (limit) query.limit = limit;
  if (cont) query.continue = cont;
  return query;
}

/** A revision given by the client ("0" and "" mean "any"); BadRequest unless it is a decimal number. */
export function parseResourceVersion(value: string | undefined): number | undefined {
  if (value === undefined || value === '' || value === '0') return undefined;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw new AppError('BAD_REQUEST', `resourceVersion "${value}" is not valid: it must be a decimal revision`);
  return Number(value);
}

/**
 * A list answers at the latest revision, which satisfies the default "not older than" semantics;
 * resourceVersionMatch=Exact can be served only when that is the revision asked for.
 */
export function checkListRevision(req: Request, revision: number): void {
  const match = queryString(req, 'resourceVersionMatch');
  if (!match) return;
  const wanted = parseResourceVersion(queryString(req, 'resourceVersion'));
  if (match !== 'Exact' && match !== 'NotOlderThan')
    throw new AppError('BAD_REQUEST', `resourceVersionMatch "${match}" is not supported: use Exact or NotOlderThan`);
  if (wanted === undefined) throw new AppError('BAD_REQUEST', 'resourceVersionMatch needs a non-zero resourceVersion');
  if (match === 'Exact' && wanted !== revision) throw new AppError('GONE', `too old resource version: ${wanted} (${revision})`);
}
