import fs from 'node:fs';
import path from 'node:path';
import * as yaml from 'js-yaml';
import type { Ajv, ValidateFunction } from 'ajv';
import { InvalidError, NotFoundError, AppError } from '../errors/app-error.js';
import type { Resource } from '../resource/types.js';
import { apiVersionOf } from '../resource/types.js';
import { ajvErrorDetails, createAjv, detailSummary } from './ajv.js';

export type FieldType = 'string' | 'integer' | 'number' | 'boolean';

/** One indexed field of a kind: a dotted path into the object and its scalar type. */
export interface IndexedField {
  path: string;
  type: FieldType;
}

export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  priority?: number;
  format?: string;
}

/** Everything the runtime knows about one kind, read from its CustomResourceDefinition. */
export interface KindInfo {
  group: string;
  version: string;
  apiVersion: string;
  kind: string;
  listKind: string;
  plural: string;
  singular: string;
  shortNames: string[];
  categories: string[];
  /** Selectable (indexed) fields besides the always-indexed metadata fields. */
  indexedFields: IndexedField[];
  /** Compound indexes (lists of field paths), from the annotation `authpay.dev/indexes`. */
  compoundIndexes: string[][];
  /**
   * String fields answered by a substring (trigram) index, from the annotation `authpay.dev/search-fields`:
   * a `contains` on them (3+ characters) runs on that index instead of scanning. Each is a selectable field.
   */
  searchFields: string[];
  /**
   * Selectable fields without an index of their own, from the annotation `authpay.dev/unindexed-fields`:
   * each is part of a compound index, which serves the queries on it (every index is written on every write).
   */
  unindexedFields?: string[];
  printerColumns: PrinterColumn[];
  schema: Record<string, unknown>;
  validate: ValidateFunction;
  /** Whether the kind keeps a status that only status writes change (subresources.status). */
  hasStatusSubresource: boolean;
}

/** Always indexed, stored as real columns of every kind's table. */
export const METADATA_FIELDS: IndexedField[] = [
  { path: 'metadata.name', type: 'string' },
  { path: 'metadata.creationTimestamp', type: 'string' },
  { path: 'metadata.deletionTimestamp', type: 'string' },
];

interface CrdDocument {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; annotations?: Record<string, string> };
  spec?: {
    group: string;
    names: { kind: string; listKind?: string; plural: string; singular?: string; shortNames?: string[]; categories?: string[] };
    scope?: string;
    versions: Array<{
      name: string;
      served?: boolean;
      storage?: boolean;
      schema?: { openAPIV3Schema?: Record<string, unknown> };
      selectableFields?: Array<{ jsonPath: string }>;
      additionalPrinterColumns?: PrinterColumn[];
      subresources?: { status?: unknown };
    }>;
  };
}

/**
 * The registry of kinds. Each kind's schema is compiled once, when its CRD is registered, so a write only
 * runs the compiled validator.
 */
export class KindRegistry {
  private readonly byKind = new Map<string, KindInfo>();
  private readonly byResource = new Map<string, KindInfo>();
  private readonly groups = new Set<string>();
  private readonly ajv: Ajv;

  constructor() {
    this.ajv = createAjv({ useDefaults: true, coerceTypes: false });
  }

  /** Registers every CustomResourceDefinition found in the YAML files of a directory (non-recursive). */
  loadDirectory(dir: string): KindInfo[] {
    if (!fs.existsSync(dir)) return [];
    const files = fs
      .readdirSync(dir)
      .filter((f) => /\.ya?ml$/.test(f))
      .sort();
    return files.flatMap((f) => this.loadYaml(fs.readFileSync(path.join(dir, f), 'utf8'), path.join(dir, f)));
  }

  loadYaml(text: string, source = 'inline'): KindInfo[] {
    const docs = yaml.loadAll(text) as CrdDocument[];
    return docs.filter((d) => d && d.kind === 'CustomResourceDefinition').map((d) => this.register(d, source));
  }

  register(crd: CrdDocument, source = 'inline'): KindInfo {
    const spec = crd.spec;
    if (!spec || typeof spec.group !== 'string' || !spec.names?.kind || !spec.versions?.length) {
      throw new Error(`CRD in ${source} lacks group, names.kind or versions`);
    }
    const version = spec.versions.find((v) => v.storage) ?? spec.versions[0];
    const schema = (version.schema?.openAPIV3Schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }) as Record<
      string,
      unknown
    >;
    const indexedFields = (version.selectableFields ?? []).map((f) => {
      const p = f.jsonPath.replace(/^\./, '');
      return { path: p, type: fieldTypeAt(schema, p, `${spec.names.kind} in ${source}`) };
    });
    const annotation = crd.metadata?.annotations?.['authpay.dev/indexes'];
    const compoundIndexes = annotation ? (JSON.parse(annotation) as string[][]) : [];
    const where = `${spec.names.kind} in ${source}`;
    const info: KindInfo = {
      group: spec.group,
      version: version.name,
      apiVersion: apiVersionOf({ group: spec.group, version: version.name }),
      kind: spec.names.kind,
      listKind: spec.names.listKind ?? `${spec.names.kind}List`,
      plural: spec.names.plural,
      singular: spec.names.singular ?? spec.names.kind.toLowerCase(),
      shortNames: spec.names.shortNames ?? [],
      categories: spec.names.categories ?? [],
      indexedFields,
      compoundIndexes,
      searchFields: searchFieldsOf(crd.metadata?.annotations?.['authpay.dev/search-fields'], indexedFields, where),
      unindexedFields: unindexedFieldsOf(
        crd.metadata?.annotations?.['authpay.dev/unindexed-fields'],
        indexedFields,
        compoundIndexes,
        where,
      ),
      printerColumns: version.additionalPrinterColumns ?? [],
      schema,
      validate: this.ajv.compile(strictSchema(schema, true)),
      hasStatusSubresource: Boolean(version.subresources?.status),
    };
    this.byKind.set(info.kind, info);
    this.byResource.set(`${info.group}/${info.plural}`, info);
    this.groups.add(info.group);
    return info;
  }

  kinds(): KindInfo[] {
    return [...this.byKind.values()];
  }

  /** Whether any registered kind lives in this API group (asked per request by the generic API). */
  hasGroup(group: string): boolean {
    return this.groups.has(group);
  }

  get(kind: string): KindInfo {
    const info = this.byKind.get(kind);
    if (!info) throw new NotFoundError('kind', kind);
    return info;
  }

  find(kind: string): KindInfo | undefined {
    return this.byKind.get(kind);
  }

  byPlural(group: string, plural: string): KindInfo | undefined {
    return this.byResource.get(`${group}/${plural}`);
  }

  /** Validates an object against its kind's schema; throws InvalidError naming each failing field. */
  validate(info: KindInfo, obj: Resource): void {
    if ((info.validate as (o: unknown) => boolean)(obj)) return;
    const details = ajvErrorDetails(info.validate.errors);
    const name = obj.metadata?.name ?? '';
    throw new InvalidError(
      `${info.kind}「${name}」数据无效：${detailSummary(details, 'zh-CN')}`,
      details,
      `${info.kind} "${name}" is invalid: ${detailSummary(details, 'en')}`,
    );
  }

  /** Compiles a one-off schema (for action bodies); call once at start-up, never per request. */
  compile(schema: Record<string, unknown>): ValidateFunction {
    return this.ajv.compile(schema);
  }
}

/**
 * Kubernetes rejects unknown fields under fieldValidation=Strict; we do the same by closing every object
 * schema that lists properties and does not opt into unknown fields. metadata is checked by the client.
 */
function strictSchema(schema: Record<string, unknown>, top = false): Record<string, unknown> {
  const out: Record<string, unknown> = { ...schema };
  const props = schema.properties as Record<string, Record<string, unknown>> | undefined;
  if (props) {
    const next: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(props)) next[k] = top && k === 'metadata' ? { type: 'object' } : strictSchema(v);
    out.properties = next;
    if (top) {
      next.apiVersion ??= { type: 'string' };
      next.kind ??= { type: 'string' };
      next.metadata ??= { type: 'object' };
    }
    if (out.additionalProperties === undefined && !schema['x-kubernetes-preserve-unknown-fields']) out.additionalProperties = false;
  }
  if (schema.items && typeof schema.items === 'object') out.items = strictSchema(schema.items as Record<string, unknown>);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    out.additionalProperties = strictSchema(schema.additionalProperties as Record<string, unknown>);
  }
  return out;
}

/** Parses `authpay.dev/unindexed-fields`: a JSON list of selectable fields, each part of a compound index. */
function unindexedFieldsOf(annotation: string | undefined, indexed: IndexedField[], compound: string[][], where: string): string[] {
  if (!annotation) return [];
  const fields = JSON.parse(annotation) as unknown;
  if (!Array.isArray(fields)) throw new AppError('INTERNAL', `authpay.dev/unindexed-fields of ${where} must be a JSON list of field paths`);
  for (const f of fields) {
    if (!indexed.some((i) => i.path === f) || !compound.some((g) => g.includes(f as string)))
      throw new AppError('INTERNAL', `unindexed field ${String(f)} of ${where} must be selectable and part of a compound index`);
  }
  return [...new Set(fields as string[])];
}

/** Parses `authpay.dev/search-fields`: a JSON list of selectable string fields, each at most once. */
function searchFieldsOf(annotation: string | undefined, indexed: IndexedField[], where: string): string[] {
  if (!annotation) return [];
  const fields = JSON.parse(annotation) as unknown;
  if (!Array.isArray(fields)) throw new AppError('INTERNAL', `authpay.dev/search-fields of ${where} must be a JSON list of field paths`);
  for (const f of fields) {
    if (indexed.find((i) => i.path === f)?.type !== 'string')
      throw new AppError('INTERNAL', `search field ${String(f)} of ${where} must be a selectable string field`);
  }
  return [...new Set(fields as string[])];
}

function fieldTypeAt(schema: Record<string, unknown>, dotted: string, where: string): FieldType {
  let node: Record<string, unknown> | undefined = schema;
  for (const part of dotted.split('.')) {
    node = (node?.properties as Record<string, Record<string, unknown>> | undefined)?.[part];
  }
  const t = node?.type;
  if (t === 'string' || t === 'integer' || t === 'number' || t === 'boolean') return t;
  throw new AppError('INTERNAL', `selectable field ${dotted} of ${where} must be a scalar, found ${String(t)}`);
}
