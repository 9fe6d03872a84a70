import crypto from 'node:crypto';
import type { KindInfo, KindRegistry } from '../../schema/kind-registry.js';
import { notFoundResource, servedGroups } from './context.js';

/**
 * Minimal OpenAPI documents of the generic API, built from the CRD schemas. kubectl reads them to learn
 * that the server validates fields itself (the fieldValidation parameter on PATCH) and which patch types a
 * kind accepts (no strategic merge: kubectl then sends JSON merge patches, as for any CRD).
 */
const OBJECT_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';
const LIST_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta';
const STATUS = 'io.k8s.apimachinery.pkg.apis.meta.v1.Status';

const META_SCHEMAS: Record<string, unknown> = {
  [OBJECT_META]: {
    type: 'object',
    description: 'Standard object metadata.',
    properties: {
      name: { type: 'string' },
      generateName: { type: 'string' },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      annotations: { type: 'object', additionalProperties: { type: 'string' } },
      resourceVersion: { type: 'string' },
      uid: { type: 'string' },
      generation: { type: 'integer', format: 'int64' },
      creationTimestamp: { type: 'string', format: 'date-time' },
      deletionTimestamp: { type: 'string', format: 'date-time' },
      finalizers: { type: 'array', items: { type: 'string' } },
    },
  },
  [LIST_META]: { type: 'object', properties: { resourceVersion: { type: 'string' }, continue: { type: 'string' } } },
  [STATUS]: {
    type: 'object',
    properties: {
      kind: { type: 'string' },
      apiVersion: { type: 'string' },
      status: { type: 'string' },
      message: { type: 'string' },
      reason: { type: 'string' },
      code: { type: 'integer' },
      details: { type: 'object' },
    },
  },
};

function reverseDomain(group: string): string {
  return group.split('.').reverse().join('.');
}

function schemaName(kind: KindInfo): string {
  return `${reverseDomain(kind.group || 'core')}.${kind.version}.${kind.kind}`;
}

function gvk(kind: KindInfo): Record<string, string> {
  return { group: kind.group, version: kind.version, kind: kind.kind };
}

function ref(name: string, v3: boolean): Record<string, string> {
  return { $ref: v3 ? `#/components/schemas/${name}` : `#/definitions/${name}` };
}

/** The CRD schema with metadata pointing at ObjectMeta, tagged with its group-version-kind. */
function kindSchema(kind: KindInfo, v3: boolean): Record<string, unknown> {
  const properties = { ...((kind.schema.properties as Record<string, unknown> | undefined) ?? {}), metadata: ref(OBJECT_META, v3) };
  return { ...kind.schema, properties, 'x-kubernetes-group-version-kind': [gvk(kind)] };
}

function listSchema(kind: KindInfo, v3: boolean): Record<string, unknown> {
  return {
    type: 'object',
    required: ['items'],
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: ref(LIST_META, v3),
      items: { type: 'array', items: ref(schemaName(kind), v3) },
    },
    'x-kubernetes-group-version-kind': [{ ...gvk(kind), kind: kind.listKind }],
  };
}

const QUERY = (name: string, type = 'string') => ({ name, in: 'query', schema: { type } });
const WRITE_PARAMS = [QUERY('dryRun'), QUERY('fieldManager'), QUERY('fieldValidation')];
const LIST_PARAMS = ['labelSelector', 'fieldSelector', 'continue', 'resourceVersion', 'resourceVersionMatch']
  .map((n) => QUERY(n))
  .concat([
    QUERY('limit', 'integer'),
    QUERY('timeoutSeconds', 'integer'),
    QUERY('watch', 'boolean'),
    QUERY('allowWatchBookmarks', 'boolean'),
  ]);

function operation(
  kind: KindInfo,
  action: string,
  verb: string,
  body: Record<string, unknown> | undefined,
  response: Record<string, unknown>,
  parameters: unknown[],
): Record<string, unknown> {
  const op: Record<string, unknown> = {
    operationId: `${verb}${kind.kind}`,
    tags: [`${kind.group}_${kind.version}`],
    parameters,
    responses: {
      '200': { description: 'OK', content: { 'application/json': { schema: response } } },
      default: { description: 'Status', content: { 'application/json': { schema: ref(STATUS, true) } } },
    },
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': gvk(kind),
  };
  if (body) op.requestBody = { required: true, content: body };
  return op;
}

function v3Paths(kind: KindInfo): Record<string, unknown> {
  const base = kind.group ? `/apis/${kind.group}/${kind.version}/${kind.plural}` : `/api/${kind.version}/${kind.plural}`;
  const obj = ref(schemaName(kind), true);
  const json = { 'application/json': { schema: obj } };
  const patchBody = {
    'application/json-patch+json': { schema: { type: 'array', items: { type: 'object' } } },
    'application/merge-patch+json': { schema: { type: 'object' } },
  };
  return {
    [base]: {
      get: operation(kind, 'list', 'list', undefined, ref(`${schemaName(kind)}List`, true), LIST_PARAMS),
      post: operation(kind, 'post', 'create', json, obj, WRITE_PARAMS),
      delete: operation(kind, 'deletecollection', 'deletecollection', undefined, ref(STATUS, true), [...LIST_PARAMS, QUERY('dryRun')]),
    },
    [`${base}/{name}`]: {
      parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
      get: operation(kind, 'get', 'read', undefined, obj, []),
      put: operation(kind, 'put', 'replace', json, obj, WRITE_PARAMS),
      patch: operation(kind, 'patch', 'patch', patchBody, obj, WRITE_PARAMS),
      delete: operation(kind, 'delete', 'delete', undefined, ref(STATUS, true), [QUERY('dryRun')]),
    },
  };
}

export function openApiV3Document(registry: KindRegistry, group: string, version: string): Record<string, unknown> {
  const kinds = (servedGroups(registry).get(group) ?? []).filter((k) => k.version === version);
  if (!kinds.length) throw notFoundResource();
  const schemas: Record<string, unknown> = { ...META_SCHEMAS };
  for (const k of kinds) {
    schemas[schemaName(k)] = kindSchema(k, true);
    schemas[`${schemaName(k)}List`] = listSchema(k, true);
  }
  return {
    openapi: '3.0.0',
    info: { title: 'AuthPay generic API', version: 'v1' },
    paths: Object.assign({}, ...kinds.map(v3Paths)),
    components: { schemas },
  };
}

/** /openapi/v3: one entry per group version, addressed by a content hash as the apiserver does. */
export function openApiV3Index(registry: KindRegistry): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [group, kinds] of servedGroups(registry)) {
    if (!group) continue;
    for (const version of new Set(kinds.map((k) => k.version))) {
      const doc = openApiV3Document(registry, group, version);
      const hash = crypto.createHash('sha512').update(JSON.stringify(doc)).digest('hex').slice(0, 128).toUpperCase();
      paths[`apis/${group}/${version}`] = { serverRelativeURL: `/openapi/v3/apis/${group}/${version}?hash=${hash}` };
    }
  }
  return { paths };
}

/**
 * /openapi/v2 (Swagger 2.0) for older clients: paths and definitions, with the kinds' schemas. It carries
 * no strategic-merge information, so patch-aware clients fall back to JSON merge patch.
 */
export function openApiV2(registry: KindRegistry): Record<string, unknown> {
  const definitions: Record<string, unknown> = { ...META_SCHEMAS };
  const paths: Record<string, unknown> = {};
  for (const kind of registry.kinds()) {
    definitions[schemaName(kind)] = kindSchema(kind, false);
    definitions[`${schemaName(kind)}List`] = listSchema(kind, false);
    const base = kind.group ? `/apis/${kind.group}/${kind.version}/${kind.plural}` : `/api/${kind.version}/${kind.plural}`;
    const v2op = (action: string, verb: string) => ({
      operationId: `${verb}${kind.kind}`,
      consumes: ['application/json-patch+json', 'application/merge-patch+json', 'application/json'],
      produces: ['application/json'],
      parameters: WRITE_PARAMS.map((p) => ({ name: p.name, in: 'query', type: 'string', uniqueItems: true })),
      responses: { '200': { description: 'OK' } },
      'x-kubernetes-action': action,
      'x-kubernetes-group-version-kind': gvk(kind),
    });
    paths[base] = { get: v2op('list', 'list'), post: v2op('post', 'create') };
    paths[`${base}/{name}`] = {
      get: v2op('get', 'read'),
      put: v2op('put', 'replace'),
      patch: v2op('patch', 'patch'),
      delete: v2op('delete', 'delete'),
    };
  }
  return { swagger: '2.0', info: { title: 'AuthPay generic API', version: 'v1' }, paths, definitions };
}
