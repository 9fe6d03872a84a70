import type { Request } from 'express';
import { AppError, InvalidError } from '../../errors/app-error.js';
import type { KindInfo } from '../../schema/kind-registry.js';
import { and, type Condition, type ListQuery } from '../../store/query.js';
import { queryString } from './context.js';
import { badParameter, booleanParam, integerParam, singleParam } from './query-params.js';
import { parseFieldSelector, parseLabelSelector } from './selectors.js';

/** The ListOptions of a list, watch or deletecollection request, every parameter checked (query-params.ts). */
export interface ListOptions {
  where?: Condition;
  limit?: number;
  continue?: string;
  /** The revision asked for; undefined for none, "" or "0" (any). */
  resourceVersion?: number;
  /** The text as given, for Kubernetes' rules on resourceVersionMatch ("" and "0" differ there). */
  resourceVersionText?: string;
  resourceVersionMatch?: string;
  watch: boolean;
  timeoutSeconds?: number;
  allowWatchBookmarks: boolean;
  sendInitialEvents?: boolean;
}

/** The selector condition of a list or watch request (labelSelector AND fieldSelector). */
export function selectorCondition(kind: KindInfo, req: Request): Condition | undefined {
  const labels = queryString(req, 'labelSelector');
  const fields = queryString(req, 'fieldSelector');
  return and(...(labels ? parseLabelSelector(labels) : []), ...(fields ? parseFieldSelector(kind, fields) : []));
}

/** A revision given by the client ("0" and "" mean "any"); BadRequest unless it is a decimal revision up to 2^53 − 1. */
export function parseResourceVersion(value: string | undefined): number | undefined {
  if (value === undefined || value === '' || value === '0') return undefined;
  if (!/^\d{1,16}$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw badParameter(
      'resourceVersion',
      value,
      'is not a valid resource version: it must be a decimal revision',
      '不是有效的资源版本：须为十进制版本号',
    );
  return Number(value);
}

/** Reads and checks every ListOptions parameter; a watch is a list with watch=true. */
export function readListOptions(kind: KindInfo, req: Request): ListOptions {
  const rvText = singleParam(req, 'resourceVersion');
  const options: ListOptions = {
    where: selectorCondition(kind, req),
    limit: integerParam(req, 'limit') || undefined,
    continue: singleParam(req, 'continue') || undefined,
    resourceVersion: parseResourceVersion(rvText),
    resourceVersionText: rvText,
    resourceVersionMatch: singleParam(req, 'resourceVersionMatch') || undefined,
    watch: booleanParam(req, 'watch') ?? false,
    timeoutSeconds: integerParam(req, 'timeoutSeconds'),
    allowWatchBookmarks: booleanParam(req, 'allowWatchBookmarks') ?? false,
    sendInitialEvents: booleanParam(req, 'sendInitialEvents'),
  };
  const problems = options.watch ? watchOptionProblems(options) : listOptionProblems(options);
  if (problems.length > 0) throw invalidListOptions(problems);
  return options;
}

export function listQueryOf(options: ListOptions): ListQuery {
  return {
    where: options.where,
    ...(options.limit ? { limit: options.limit } : {}),
    ...(options.continue ? { continue: options.continue } : {}),
  };
}

type Problem = { reason: 'FieldValueForbidden' | 'FieldValueNotSupported'; field: string; message: string };

const forbidden = (message: string, field = 'resourceVersionMatch'): Problem => ({ reason: 'FieldValueForbidden', field, message });

/** Kubernetes' ValidateListOptions for a list (apimachinery meta/internalversion/validation). */
function listOptionProblems(o: ListOptions): Problem[] {
  const problems: Problem[] = [];
  if (o.sendInitialEvents !== undefined) problems.push(forbidden('sendInitialEvents is forbidden for list', 'sendInitialEvents'));
  const match = o.resourceVersionMatch;
  if (!match) return problems;
  if (!o.resourceVersionText) problems.push(forbidden('resourceVersionMatch is forbidden unless resourceVersion is provided'));
  if (o.continue) problems.push(forbidden('resourceVersionMatch is forbidden when continue is provided'));
  if (match !== 'Exact' && match !== 'NotOlderThan')
    problems.push({
      reason: 'FieldValueNotSupported',
      field: 'resourceVersionMatch',
      message: `Unsupported value: "${match}": supported values: "Exact", "NotOlderThan"`,
    });
  if (match === 'Exact' && o.resourceVersionText === '0')
    problems.push(forbidden('resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
  return problems;
}

/** The same for a watch (validateWatchOptions, with the WatchList feature on as in Kubernetes 1.32). */
function watchOptionProblems(o: ListOptions): Problem[] {
  const problems: Problem[] = [];
  const match = o.resourceVersionMatch;
  if (o.sendInitialEvents !== undefined && match !== 'NotOlderThan')
    problems.push(forbidden('sendInitialEvents requires setting resourceVersionMatch to NotOlderThan'));
  if (!match) return problems;
  if (o.sendInitialEvents === undefined)
    problems.push(forbidden('resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'));
  if (match !== 'NotOlderThan')
    problems.push({
      reason: 'FieldValueNotSupported',
      field: 'resourceVersionMatch',
      message: `Unsupported value: "${match}": supported values: "NotOlderThan"`,
    });
  if (o.continue) problems.push(forbidden('resourceVersionMatch is forbidden when continue is provided'));
  return problems;
}

/** 422 Invalid, as Kubernetes answers a ListOptions that does not validate. */
function invalidListOptions(problems: Problem[]): InvalidError {
  const text = problems.map((p) => `${p.field}: ${p.reason === 'FieldValueForbidden' ? 'Forbidden: ' : ''}${p.message}`).join(', ');
  return new InvalidError(
    `ListOptions.meta.k8s.io "" is invalid: ${text}`,
    problems.map((p) => ({ field: p.field, message: p.message, reason: p.reason })),
  );
}

/** A revision later than the store's: Kubernetes answers 504 "Too large resource version" (after a short wait). */
export function tooLargeResourceVersion(wanted: number, current: number): AppError {
  return new AppError('TIMEOUT', `Too large resource version: ${wanted}, current: ${current}`, {
    status: 504,
    details: [{ message: `Too large resource version: ${wanted}, current: ${current}`, reason: 'ResourceVersionTooLarge' }],
    headers: { 'Retry-After': '1' },
  });
}

/**
 * A list answers at the latest revision. That satisfies "not older than" any revision up to it; a later
 * revision is too large (504). Exact is served only at the latest revision: an older one is gone (410, as
 * for a compacted revision: the store keeps no snapshots).
 */
export function checkListRevision(options: ListOptions, revision: number): void {
  const wanted = options.resourceVersion;
  if (wanted === undefined) return;
  if (wanted > revision) throw tooLargeResourceVersion(wanted, revision);
  if (options.resourceVersionMatch === 'Exact' && wanted !== revision)
    throw new AppError('GONE', `too old resource version: ${wanted} (${revision})`);
}
