import type { JsonSchema, OperationDef } from './operation.js';

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

const ERROR_ENVELOPE = {
  type: 'object',
  required: ['success', 'code', 'message', 'data'],
  properties: {
    success: { type: 'boolean', const: false },
    code: { type: 'string', description: 'machine code, e.g. VALIDATION_FAILED, NOT_FOUND' },
    message: { type: 'string', description: 'human text (zh-CN by default, English with Accept-Language: en)' },
    data: { type: 'null' },
    details: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } },
    requestId: { type: 'string' },
  },
};

/** `/notifications/:name/mark-as-read` → `/notifications/{name}/mark-as-read`. */
export function toOpenApiPath(def: Pick<OperationDef, 'group' | 'version' | 'path'>): string {
  const below = def.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
  return `/apis/${def.group}/${def.version ?? 'v1alpha1'}${below === '/' ? '' : below}`;
}

function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
}

function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  return (schema?.properties as Record<string, JsonSchema> | undefined) ?? {};
}

function parameters(def: OperationDef): unknown[] {
  const pathProps = propertiesOf(def.params);
  const out: unknown[] = pathParameterNames(def.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: pathProps[name] ?? { type: 'string' },
    ...(pathProps[name]?.description ? { description: pathProps[name].description } : {}),
  }));
  const required = new Set((def.query?.required as string[] | undefined) ?? []);
  for (const [name, schema] of Object.entries(propertiesOf(def.query))) {
    out.push({
      name,
      in: 'query',
      required: required.has(name),
      schema,
      ...(schema.description ? { description: schema.description } : {}),
    });
  }
  if (def.idempotent) {
    out.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
      description:
        'the same key, caller and body within 24 hours answer the first result again (header Idempotent-Replayed: true);'
        + ' the key with another body is 422 IDEMPOTENCY_KEY_REUSED',
    });
  }
  return out;
}

function successResponse(def: OperationDef): Record<string, unknown> {
  if (def.raw) {
    const types = def.produces?.length ? def.produces : ['application/octet-stream'];
    return { description: 'answer written by the handler', content: Object.fromEntries(types.map((t) => [t, { schema: {} }])) };
  }
  const envelope = {
    type: 'object',
    required: ['success', 'code', 'message', 'data'],
    properties: {
      success: { type: 'boolean', const: true },
      code: { type: 'string', const: 'OK' },
      message: { type: 'string' },
      data: def.response ?? {},
    },
  };
  return { description: 'success envelope; the result is in data', content: { 'application/json': { schema: envelope } } };
}

function operationObject(def: OperationDef): Record<string, unknown> {
  const op: Record<string, unknown> = {
    operationId: def.operationId,
    summary: def.summary,
    tags: def.tags?.length ? def.tags : [def.group],
    parameters: parameters(def),
    responses: {
      [String(def.successStatus ?? 200)]: successResponse(def),
      '4XX': { $ref: '#/components/responses/Error' },
      '5XX': { $ref: '#/components/responses/Error' },
    },
  };
  if (def.description) op.description = def.description;
  if (def.body) {
    const types = def.rawBody
      ? ['application/json', 'application/x-www-form-urlencoded', 'text/plain']
      : (def.consumes ?? ['application/json']);
    op.requestBody = { required: true, content: Object.fromEntries(types.map((t) => [t, { schema: def.body }])) };
  }
  return op;
}

/**
 * The OpenAPI 3.1 document of every registered business operation. It is generated from the same registry
 * that mounts the routes, so the two cannot drift apart.
 */
export function buildOpenApi(operations: OperationDef[], info: OpenApiInfo): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const def of [...operations].sort((a, b) => toOpenApiPath(a).localeCompare(toOpenApiPath(b)) || a.method.localeCompare(b.method))) {
    const p = toOpenApiPath(def);
    paths[p] ??= {};
    paths[p][def.method] = operationObject(def);
  }
  return {
    openapi: '3.1.0',
    info,
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { ErrorEnvelope: ERROR_ENVELOPE },
      responses: {
        Error: {
          description: 'error envelope (400, 401, 403, 404, 409, 413, 429, 500)',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'personal access token' },
        basic: { type: 'http', scheme: 'basic' },
      },
    },
    // Browsers use the session cookie; programs a personal access token or Basic; public routes need nothing.
    security: [{ bearer: [] }, { basic: [] }, {}],
  };
}
