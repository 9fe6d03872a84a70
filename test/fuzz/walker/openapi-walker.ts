import { plausibleParameter, plausibleValue, type JsonSchema } from './schema-values.js';
import type { Caller, Target } from './target.js';

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  operationId?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Console operations are the administrator's, user-center ones a logged-in user's, the rest public. */
function naturalCaller(path: string): Caller {
  if (path.startsWith('/apis/console.')) return 'admin';
  if (path.startsWith('/apis/uc.')) return 'user';
  return 'anonymous';
}

function bodyOf(op: OpenApiOperation): { contentType: string; schema?: JsonSchema } | undefined {
  const content = op.requestBody?.content;
  if (!content) return undefined;
  const contentType = Object.keys(content).find((t) => t.includes('json')) ?? Object.keys(content)[0];
  return contentType ? { contentType, schema: content[contentType].schema } : undefined;
}

/** Every operation of the OpenAPI document as a target with a plausible request. */
export function openApiTargets(doc: OpenApiDocument): Target[] {
  const targets: Target[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = op.parameters ?? [];
      const body = bodyOf(op);
      const pathParams: Record<string, string> = {};
      const query: Record<string, string> = {};
      for (const p of params) {
        if (p.in === 'path') pathParams[p.name] = plausibleParameter(p.schema, p.name);
        if (p.in === 'query' && p.required) query[p.name] = plausibleParameter(p.schema, p.name);
      }
      targets.push({
        id: op.operationId ?? `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        pathTemplate: path,
        pathParams,
        query,
        queryNames: params.filter((p) => p.in === 'query').map((p) => p.name),
        body: body ? { contentType: body.contentType, value: plausibleValue(body.schema ?? { type: 'object' }) } : undefined,
        bodyFields: body ? Object.keys(body.schema?.properties ?? {}) : [],
        natural: naturalCaller(path),
        sweep: 'full',
      });
    }
  }
  return targets;
}
