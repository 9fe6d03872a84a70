/**
 * What a generic-API request asks for, parsed the Kubernetes way (RequestInfo): the verb and the resource
 * coordinates. The access guard decides on these attributes, never on raw paths.
 */
export interface RequestAttributes {
  /** get, list, watch, create, update, patch, delete, deletecollection; or the HTTP method in lower case for non-resource paths. */
  verb: string;
  resourceRequest: boolean;
  path: string;
  group?: string;
  version?: string;
  resource?: string;
  name?: string;
  subresource?: string;
}

const TRUE_VALUES = new Set(['true', '1']);

export function isTrueParam(value: unknown): boolean {
  return typeof value === 'string' && TRUE_VALUES.has(value.toLowerCase());
}

/** Splits /apis/{group}/{version}/{resource}/{name}/{sub} or /api/{version}/… into attributes. */
export function requestAttributes(method: string, path: string, query: Record<string, unknown>): RequestAttributes {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  let rest: string[] | undefined;
  let group: string | undefined;
  let version: string | undefined;
  if (parts[0] === 'apis' && parts.length >= 4) [, group, version, ...rest] = parts;
  else if (parts[0] === 'api' && parts.length >= 3) [group, version, rest] = ['', parts[1], parts.slice(2)];
  if (!rest) return { verb: method.toLowerCase(), resourceRequest: false, path };
  const [resource, name, subresource] = rest;
  return { verb: verbOf(method, name, query), resourceRequest: true, path, group, version, resource, name, subresource };
}

function verbOf(method: string, name: string | undefined, query: Record<string, unknown>): string {
  switch (method.toUpperCase()) {
    case 'GET':
    case 'HEAD':
      if (isTrueParam(query.watch)) return 'watch';
      return name ? 'get' : 'list';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return name ? 'delete' : 'deletecollection';
    default:
      return method.toLowerCase();
  }
}
