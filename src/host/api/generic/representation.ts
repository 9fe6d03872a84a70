import type { Request } from 'express';
import type { KindInfo, PrinterColumn } from '../../schema/kind-registry.js';
import type { Resource } from '../../resource/types.js';
import { humanDuration } from './human-duration.js';

/**
 * Content negotiation of the generic API: kubectl asks for a server-side Table (`as=Table;g=meta.k8s.io`),
 * metadata-only clients for PartialObjectMetadata(List); everyone else gets the objects.
 */
export type Representation = { as: 'Object' } | { as: 'Table' | 'PartialObjectMetadata'; version: 'v1' | 'v1beta1' };

export function representationOf(req: Request): Representation {
  const accept = String(req.headers.accept ?? '');
  for (const entry of accept.split(',')) {
    const params = new Map(
      entry
        .split(';')
        .slice(1)
        .map((p) => p.trim().split('=') as [string, string]),
    );
    const as = params.get('as');
    const version = params.get('v');
    if (params.get('g') !== 'meta.k8s.io' || (version !== 'v1' && version !== 'v1beta1')) continue;
    if (as === 'Table') return { as: 'Table', version };
    if (as === 'PartialObjectMetadata' || as === 'PartialObjectMetadataList') return { as: 'PartialObjectMetadata', version };
  }
  return { as: 'Object' };
}

interface ColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

const NAME_COLUMN: ColumnDefinition = {
  name: 'Name',
  type: 'string',
  format: 'name',
  description: 'Name must be unique within a kind.',
  priority: 0,
};
const AGE_COLUMN: PrinterColumn = {
  name: 'Age',
  type: 'date',
  jsonPath: '.metadata.creationTimestamp',
  description: 'Time since creation.',
};

/** NAME first, then the CRD's additionalPrinterColumns, with AGE added when the CRD does not show it. */
function columnsOf(kind: KindInfo): PrinterColumn[] {
  const columns = [...kind.printerColumns];
  if (!columns.some((c) => c.jsonPath === AGE_COLUMN.jsonPath)) columns.push(AGE_COLUMN);
  return columns;
}

/** Reads a simple JSONPath (`.spec.items[0].name`) as CRD printer columns use them. */
export function readJsonPath(obj: unknown, jsonPath: string): unknown {
  const steps = jsonPath.replace(/^\$?\.?/, '').match(/[^.[\]]+|\[\d+\]/g) ?? [];
  let node: unknown = obj;
  for (const step of steps) {
    if (node === null || typeof node !== 'object') return undefined;
    node = step.startsWith('[') ? (node as unknown[])[Number(step.slice(1, -1))] : (node as Record<string, unknown>)[step];
  }
  return node;
}

/** Cell values follow the apiserver's CRD table convertor: typed scalars, dates as ages, else null. */
function cellOf(column: PrinterColumn, value: unknown, now: number): unknown {
  if (value === undefined || value === null) return null;
  switch (column.type) {
    case 'integer':
      return typeof value === 'number' ? Math.trunc(value) : null;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'date': {
      const at = typeof value === 'string' ? Date.parse(value) : NaN;
      return Number.isNaN(at) ? '<invalid>' : humanDuration(now - at);
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

export type IncludeObject = 'None' | 'Metadata' | 'Object';

export function partialMetadata(obj: Resource, version: 'v1' | 'v1beta1' = 'v1'): Record<string, unknown> {
  return { kind: 'PartialObjectMetadata', apiVersion: `meta.k8s.io/${version}`, metadata: obj.metadata };
}

export interface TableOptions {
  version: 'v1' | 'v1beta1';
  includeObject: IncludeObject;
  /** Column definitions are left out of watch events after the first. */
  withColumns: boolean;
  now?: number;
}

export function toTable(
  kind: KindInfo,
  items: Resource[],
  listMeta: Record<string, unknown>,
  options: TableOptions,
): Record<string, unknown> {
  const now = options.now ?? Date.now();
  const columns = columnsOf(kind);
  const definitions: ColumnDefinition[] = [
    NAME_COLUMN,
    ...columns.map((c) => ({
      name: c.name,
      type: c.type,
      format: c.format ?? '',
      description: c.description ?? `Custom resource definition column (in JSONPath format): ${c.jsonPath}`,
      priority: c.priority ?? 0,
    })),
  ];
  const rows = items.map((obj) => {
    const row: Record<string, unknown> = {
      cells: [obj.metadata.name, ...columns.map((c) => cellOf(c, readJsonPath(obj, c.jsonPath), now))],
    };
    if (options.includeObject === 'Object') row.object = obj;
    else if (options.includeObject === 'Metadata') row.object = partialMetadata(obj, options.version);
    return row;
  });
  const table: Record<string, unknown> = { kind: 'Table', apiVersion: `meta.k8s.io/${options.version}`, metadata: listMeta };
  if (options.withColumns) table.columnDefinitions = definitions;
  table.rows = rows;
  return table;
}

export function includeObjectOf(value: string | undefined): IncludeObject {
  return value === 'None' || value === 'Object' ? value : 'Metadata';
}
