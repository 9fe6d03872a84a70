/**
 * What a request asks to do, parsed from method and path the Kubernetes way (RequestInfoFactory):
 * `/apis/{group}/{version}/{resource}[/{name}[/{subresource}]]` and `/api/{version}/…` (core group) are
 * resource requests; every other path is a non-resource URL whose verb is the lower-case HTTP method.
 */
export interface ResourceRequestInfo {
  isResourceRequest: true;
  verb: string;
  apiGroup: string;
  apiVersion: string;
  resource: string;
  /** '' for collection requests; `-` stands for "the caller" in self-service paths. */
  name: string;
  subresource: string;
  path: string;
}

export interface NonResourceRequestInfo {
  isResourceRequest: false;
  verb: string;
  path: string;
}

export type RequestInfo = ResourceRequestInfo | NonResourceRequestInfo;

const COLLECTION_VERBS: Record<string, string> = { get: 'list', head: 'list', post: 'create', delete: 'deletecollection' };
const OBJECT_VERBS: Record<string, string> = { get: 'get', head: 'get', post: 'create', put: 'update', patch: 'patch', delete: 'delete' };

/** Splits a path into decoded segments; undefined when a segment is malformed or a dot segment. */
export function pathSegments(path: string): string[] | undefined {
  const parts: string[] = [];
  for (const raw of path.split('/')) {
    if (!raw) continue;
    let part: string;
    try {
      part = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (part === '.' || part === '..' || part.includes('/')) return undefined;
    parts.push(part);
  }
  return parts;
}

/** Parses a request; `watch` is true when the query asks for a watch stream. */
export function requestInfoOf(method: string, path: string, watch = false): RequestInfo | undefined {
  const segments = pathSegments(path);
  if (!segments) return undefined;
  const m = method.toLowerCase();
  const nonResource: NonResourceRequestInfo = { isResourceRequest: false, verb: m === 'head' ? 'get' : m, path: `/${segments.join('/')}` };
  let apiGroup: string;
  let apiVersion: string;
  let rest: string[];
  if (segments[0] === 'apis' && segments.length >= 4) [apiGroup, apiVersion, rest] = [segments[1], segments[2], segments.slice(3)];
  else if (segments[0] === 'api' && segments.length >= 3) [apiGroup, apiVersion, rest] = ['', segments[1], segments.slice(2)];
  else return nonResource;
  let verb: string | undefined;
  if (rest[0] === 'watch' && rest.length >= 2) [verb, rest] = ['watch', rest.slice(1)];
  const [resource, name = '', subresource = ''] = rest;
  if (!verb) verb = (name ? OBJECT_VERBS : COLLECTION_VERBS)[m] ?? m;
  if (watch && (verb === 'list' || verb === 'get')) verb = 'watch';
  return { isResourceRequest: true, verb, apiGroup, apiVersion, resource, name, subresource, path: nonResource.path };
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The Kubernetes-style reading of the request, set by the authorization middleware. */
    requestInfo?: RequestInfo;
  }
}
