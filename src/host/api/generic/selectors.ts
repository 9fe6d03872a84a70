import { AppError } from '../../errors/app-error.js';
import { METADATA_FIELDS, type KindInfo } from '../../schema/kind-registry.js';
import { coerceSelectorValue } from '../../store/columns.js';
import type { Condition, FieldCondition, LabelCondition } from '../../store/query.js';

/**
 * Selector strings of the generic API, turned into the store's Condition model.
 *
 * Label selectors (Kubernetes syntax): `k=v`, `k==v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`, `k`, `!k`.
 * Field selectors: `f=v`, `f==v`, `f!=v` (Kubernetes) plus `f=(a,b)` (in), `f!=(a,b)` (not in), `f<v`, `f<=v`,
 * `f>v`, `f>=v`, `f` (exists), `!f` (does not exist), `f^=prefix`, `f~=substring` (case-insensitive).
 * Terms are separated by commas and all must hold. In values, `\,` `\=` `\\` `\(` `\)` escape those characters.
 */

function badSelector(kind: 'label' | 'field', message: string): AppError {
  return new AppError('BAD_REQUEST', `unable to parse requirement: ${kind} selector ${message}`);
}

/** Splits on commas outside parentheses, keeping backslash escapes for the term parser; empty terms are kept. */
function splitAllTerms(selector: string): string[] {
  const terms: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i];
    if (ch === '\\' && i + 1 < selector.length) {
      current += ch + selector[++i];
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      terms.push(current);
      current = '';
    } else current += ch;
  }
  terms.push(current);
  return terms.map((t) => t.trim());
}

/** The non-empty terms (Kubernetes skips empty field-selector terms: `a=b,,c=d`). */
export function splitTerms(selector: string): string[] {
  return splitAllTerms(selector).filter((t) => t.length > 0);
}

/** The escapes a value may carry; any other backslash, or an unescaped `=`, is malformed (as in Kubernetes). */
function unescape(value: string, kind: 'label' | 'field'): string {
  if (/(^|[^\\])(\\\\)*\\([^\\,=()]|$)/.test(value)) throw badSelector(kind, `"${value}": invalid escape sequence`);
  if (/(^|[^\\])(\\\\)*=/.test(value)) throw badSelector(kind, `"${value}": "=" in a value must be escaped as \\=`);
  return value.replace(/\\(.)/g, '$1');
}

/** Splits "(a, b)" into values; undefined when the text is not a parenthesised list. */
function listValues(text: string): string[] | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('(') || !trimmed.endsWith(')')) return undefined;
  const inner = trimmed.slice(1, -1);
  const values: string[] = [];
  let current = '';
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '\\' && i + 1 < inner.length) current += inner[++i];
    else if (inner[i] === ',') {
      values.push(current.trim());
      current = '';
    } else current += inner[i];
  }
  values.push(current.trim());
  return values;
}

const LABEL_KEY = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const LABEL_TERM = /^(!?)\s*([^\s!=(),]+)(?:\s*(==|=|!=)\s*(.*)|\s+(in|notin)\s*(\(.*\)))?\s*$/s;

function checkLabel(key: string, values: string[]): void {
  if (key.length > 316 || !LABEL_KEY.test(key)) throw badSelector('label', `"${key}": not a valid label key`);
  for (const v of values)
    if (v.length > 63 || !LABEL_VALUE.test(v)) throw badSelector('label', `"${key}": "${v}" is not a valid label value`);
}

function parseLabelTerm(term: string): LabelCondition {
  const m = LABEL_TERM.exec(term);
  if (!m) throw badSelector('label', `"${term}": expected k=v, k!=v, k in (a,b), k notin (a,b), k or !k`);
  const [, bang, key, op, rawValue, setOp, setText] = m;
  if (bang && (op || setOp)) throw badSelector('label', `"${term}": "!" only negates a bare key`);
  if (setOp) {
    const values = listValues(setText) ?? [];
    if (values.length === 1 && values[0] === '')
      throw badSelector('label', `"${term}": for 'in', 'notin' operators, values set can't be empty`);
    checkLabel(key, values);
    return { op: setOp === 'in' ? 'label_in' : 'label_notin', key, values };
  }
  if (op) {
    const value = unescape(rawValue.trim(), 'label');
    checkLabel(key, [value]);
    return { op: op === '!=' ? 'label_ne' : 'label_eq', key, value };
  }
  checkLabel(key, []);
  return { op: bang ? 'label_notexists' : 'label_exists', key };
}

/** Kubernetes' label grammar has no empty requirement: `a,`, `,a` and `a,,b` are malformed. */
export function parseLabelSelector(selector: string): Condition[] {
  if (selector.trim() === '') return [];
  const terms = splitAllTerms(selector);
  if (terms.some((t) => t === '')) throw badSelector('label', `"${selector}": found '', expected: identifier`);
  return terms.map(parseLabelTerm);
}

const FIELD_TERM = /^(!?)\s*([A-Za-z0-9_.\-/]+)\s*(?:(!=|==|\^=|~=|<=|>=|=|<|>)(.*))?$/s;

/** The fields a kind can be selected by: metadata.name (alias name), the timestamps and its selectableFields. */
export function selectableFields(kind: KindInfo): Map<string, KindInfo['indexedFields'][number]> {
  return new Map([...METADATA_FIELDS, ...kind.indexedFields].map((f) => [f.path, f]));
}

function resolveField(kind: KindInfo, name: string): { path: string; type: KindInfo['indexedFields'][number]['type'] } {
  const fields = selectableFields(kind);
  const path = name === 'name' ? 'metadata.name' : name;
  const field = fields.get(path);
  if (!field) {
    const known = ['metadata.name', ...[...fields.keys()].filter((f) => f !== 'metadata.name')].map((f) => `"${f}"`).join(', ');
    throw new AppError('BAD_REQUEST', `"${name}" is not a known field selector for ${kind.plural}.${kind.group}: only ${known}`, {
      details: [{ field: 'fieldSelector', message: `${name} is not an indexed field`, reason: 'FieldValueNotSupported' }],
    });
  }
  return field;
}

function parseFieldTerm(kind: KindInfo, term: string): FieldCondition {
  const m = FIELD_TERM.exec(term);
  if (!m) throw badSelector('field', `"${term}": expected f=v, f!=v, f=(a,b), f<v, f>v, f, !f, f^=prefix or f~=text`);
  const [, bang, name, op, rawValue] = m;
  if (bang && op) throw badSelector('field', `"${term}": "!" only negates a bare field`);
  const field = resolveField(kind, name);
  if (!op) return { op: bang ? 'notexists' : 'exists', field: field.path };
  const list = op === '=' || op === '==' || op === '!=' ? listValues(rawValue) : undefined;
  if (list) {
    const values = list;
    for (const v of values) coerceSelectorValue(v, field.type, field.path);
    return { op: op === '!=' ? 'notin' : 'in', field: field.path, values };
  }
  const value = unescape(rawValue.trim(), 'field');
  if (op === '^=' || op === '~=') {
    if (field.type !== 'string') throw badSelector('field', `"${term}": ${op} applies to string fields only`);
    return { op: op === '^=' ? 'prefix' : 'contains', field: field.path, value };
  }
  coerceSelectorValue(value, field.type, field.path);
  const ops = { '=': 'eq', '==': 'eq', '!=': 'ne', '<': 'lt', '<=': 'le', '>': 'gt', '>=': 'ge' } as const;
  return { op: ops[op as keyof typeof ops], field: field.path, value };
}

export function parseFieldSelector(kind: KindInfo, selector: string): Condition[] {
  return splitTerms(selector).map((t) => parseFieldTerm(kind, t));
}
