import type { KindInfo } from '../../schema/kind-registry.js';
import { coerceSelectorValue, columnValue, valueAt } from '../../store/columns.js';
import { foldAscii } from '../../store/search-index.js';
import type { Condition, FieldCondition, Scalar } from '../../store/query.js';
import type { Resource } from '../../resource/types.js';
import { selectableFields } from './selectors.js';

/**
 * Evaluates a selector condition against one object in memory, with the same value conversions the SQL
 * backends apply (booleans as 0/1, numbers as numbers, `~=` case-insensitive). Watch streams use it to
 * filter events; lists use the database.
 */
export function matches(kind: KindInfo, obj: Resource, cond: Condition | undefined): boolean {
  if (!cond) return true;
  const labels = obj.metadata?.labels ?? {};
  switch (cond.op) {
    case 'and':
      return cond.conditions.every((c) => matches(kind, obj, c));
    case 'or':
      return cond.conditions.some((c) => matches(kind, obj, c));
    case 'not':
      return !matches(kind, obj, cond.condition);
    case 'label_eq':
      return labels[cond.key] === cond.value;
    case 'label_ne':
      return labels[cond.key] !== cond.value;
    case 'label_in':
      return cond.key in labels && cond.values.includes(labels[cond.key]);
    case 'label_notin':
      return !(cond.key in labels && cond.values.includes(labels[cond.key]));
    case 'label_exists':
      return cond.key in labels;
    case 'label_notexists':
      return !(cond.key in labels);
    default:
      return matchesField(kind, obj, cond);
  }
}

function matchesField(kind: KindInfo, obj: Resource, cond: FieldCondition): boolean {
  const path = cond.field === 'name' ? 'metadata.name' : cond.field;
  const type = selectableFields(kind).get(path)?.type ?? 'string';
  const actual = columnValue(valueAt(obj, path), type);
  const want = (v: Scalar) => coerceSelectorValue(v, type, path);
  switch (cond.op) {
    case 'exists':
      return actual !== null;
    case 'notexists':
      return actual === null;
    case 'in':
      return actual !== null && cond.values.some((v) => want(v) === actual);
    case 'notin':
      return actual === null || !cond.values.some((v) => want(v) === actual);
    case 'prefix':
      return typeof actual === 'string' && actual.startsWith(cond.value);
    case 'contains':
      return typeof actual === 'string' && foldAscii(actual).includes(foldAscii(cond.value)); // as both stores fold case (ASCII only)
    case 'eq':
      return actual !== null && actual === want(cond.value);
    case 'ne':
      return actual === null || actual !== want(cond.value);
    default:
      return actual !== null && compare(actual, want(cond.value), cond.op);
  }
}

function compare(a: string | number, b: string | number, op: 'lt' | 'le' | 'gt' | 'ge'): boolean {
  switch (op) {
    case 'lt':
      return a < b;
    case 'le':
      return a <= b;
    case 'gt':
      return a > b;
    default:
      return a >= b;
  }
}
