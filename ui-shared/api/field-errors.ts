import { ApiError, type FieldProblem } from './client.js';

/**
 * `details[].field` as the form knows it: a dotted path without the request part the server may prefix
 * (`body.smtp.host`, `/smtp/host` and `smtp.host` all become `smtp.host`; `items[0].name` → `items.0.name`).
 */
export function fieldPath(field: string): string {
  return field
    .replace(/\[(\w+)\]/g, '.$1')
    .replace(/\//g, '.')
    .replace(/^\.+/, '')
    .replace(/^(body|query|params)\./, '');
}

export interface SplitErrors {
  /** Field path → the first message about it, for fields the form shows. */
  fields: Record<string, string>;
  /** Problems no shown field owns, and the error's own message when no field took any. */
  rest: string[];
}

/**
 * Splits an error into messages for the form's fields and the rest. `fields` are the form's field paths
 * (el-form-item `prop`s); `prefix` drops a leading group (`smtp.` when the form shows the smtp group).
 */
export function splitErrors(err: unknown, fields: readonly string[], prefix = ''): SplitErrors {
  const out: SplitErrors = { fields: {}, rest: [] };
  if (!(err instanceof ApiError)) {
    out.rest.push(err instanceof Error ? err.message : String(err));
    return out;
  }
  const known = new Set(fields);
  const unplaced: FieldProblem[] = [];
  for (const problem of err.details) {
    let path = problem.field ? fieldPath(problem.field) : '';
    if (prefix && path.startsWith(prefix)) path = path.slice(prefix.length);
    if (path && known.has(path)) out.fields[path] ??= problem.message || err.message;
    else unplaced.push(problem);
  }
  const placed = Object.keys(out.fields).length > 0;
  // The server's message sums up every problem; when some went to their fields, only the others are listed.
  if (!placed) out.rest.push(err.message);
  else out.rest.push(...unplaced.map((p) => p.message).filter(Boolean));
  return out;
}
