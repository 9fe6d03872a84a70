import crypto from 'node:crypto';
import type { FieldType, IndexedField, KindInfo } from '../schema/kind-registry.js';
import { METADATA_FIELDS } from '../schema/kind-registry.js';
import { AppError } from '../errors/app-error.js';
import type { Resource } from '../resource/types.js';
import type { SearchLayout } from './search-index.js';

/** Maps a kind and its indexed fields to table and column names shared by both SQL backends. */
export interface TableLayout {
  table: string;
  labels: string;
  /** Indexed field path → column. metadata.name is the primary key column `name`. */
  columns: Map<string, { column: string; type: FieldType }>;
  /** The kind's substring index over its search fields, when it declares any (search-index.ts). */
  search?: SearchLayout;
}

const FIXED: Record<string, string> = {
  'metadata.name': 'name',
  'metadata.creationTimestamp': 'created',
  'metadata.deletionTimestamp': 'deleting',
};

export function layoutOf(kind: KindInfo): TableLayout {
  const base = `${kind.group || 'core'}_${kind.plural}`.replace(/[^a-zA-Z0-9]+/g, '_').toLowerCase();
  // Long group names would pass identifier limits (PostgreSQL: 63 bytes); a hash keeps names unique.
  const table = base.length > 40 ? `r_${base.slice(0, 28)}_${shortHash(base)}` : `r_${base}`;
  const columns = new Map<string, { column: string; type: FieldType }>();
  for (const f of [...METADATA_FIELDS, ...kind.indexedFields]) {
    columns.set(f.path, { column: FIXED[f.path] ?? columnName(f), type: f.type });
  }
  const search = kind.searchFields?.length
    ? { table: `${table}_search`, columns: new Map(kind.searchFields.map((p) => [p, columns.get(p)?.column ?? ''])) }
    : undefined;
  return { table, labels: `${table}_labels`, columns, search };
}

function columnName(f: IndexedField): string {
  const raw = `f_${f.path.replace(/[^a-zA-Z0-9]+/g, '_')}`.toLowerCase();
  return raw.length > 50 ? `${raw.slice(0, 40)}_${shortHash(raw)}` : raw;
}

function shortHash(s: string): string {
  return crypto.createHash('sha1').update(s).digest('hex').slice(0, 8);
}

// Field paths are few (the kinds' indexed fields) and read on every write: split each once. Bounded, as
// watch filters pass paths from requests.
const pathParts = new Map<string, string[]>();
const MAX_CACHED_PATHS = 1000;

export function valueAt(obj: unknown, dotted: string): unknown {
  let parts = pathParts.get(dotted);
  if (!parts) {
    parts = dotted.split('.');
    if (pathParts.size < MAX_CACHED_PATHS) pathParts.set(dotted, parts);
  }
  let node: unknown = obj;
  for (const part of parts) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Converts an object's field value to what its column stores: booleans as 0/1, absent as null. */
export function columnValue(value: unknown, type: FieldType): string | number | null {
  if (value === undefined || value === null) return null;
  switch (type) {
    case 'boolean':
      return value === true ? 1 : 0;
    case 'integer':
    case 'number':
      return typeof value === 'number' ? value : Number(value);
    default:
      return String(value);
  }
}

/** Coerces a selector value (often a string from a URL) to the column type, or refuses it. */
export function coerceSelectorValue(value: unknown, type: FieldType, field: string): string | number {
  if (type === 'string') return String(value);
  if (type === 'boolean') {
    if (value === true || value === 'true' || value === 1 || value === '1') return 1;
    if (value === false || value === 'false' || value === 0 || value === '0') return 0;
  } else {
    const n = typeof value === 'number' ? value : Number(value);
    if (Number.isFinite(n) && (type === 'number' || Number.isInteger(n))) return n;
  }
  throw new AppError('BAD_REQUEST', `field selector value "${String(value)}" is not a valid ${type} for ${field}`);
}

/** The values of every non-name indexed column of an object, in layout order. */
export function rowValues(layout: TableLayout, obj: Resource): Array<string | number | null> {
  const out: Array<string | number | null> = [];
  for (const [path, col] of layout.columns) {
    if (col.column === 'name') continue;
    out.push(columnValue(valueAt(obj, path), col.type));
  }
  return out;
}

/** The columns that get an index of their own: every data column but the kind's unindexed fields. */
export function singleIndexColumns(layout: TableLayout, kind: KindInfo): string[] {
  const skip = new Set((kind.unindexedFields ?? []).map((p) => layout.columns.get(p)?.column));
  return dataColumns(layout).filter((c) => !skip.has(c));
}

export function dataColumns(layout: TableLayout): string[] {
  return [...layout.columns.values()].filter((c) => c.column !== 'name').map((c) => c.column);
}

/** JSON kept in the data column: the object without resourceVersion (that lives in the rv column). */
export function serialize(obj: Resource): string {
  const { resourceVersion: _rv, ...meta } = obj.metadata;
  return JSON.stringify({ ...obj, metadata: meta });
}

export function deserialize(data: string, rv: number | string): Resource {
  const obj = JSON.parse(data) as Resource;
  obj.metadata.resourceVersion = String(rv);
  return obj;
}
