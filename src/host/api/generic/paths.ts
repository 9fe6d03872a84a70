import type { KindRegistry } from '../../schema/kind-registry.js';

/**
 * Which paths belong to the generic API (and so answer errors as Status objects): /api/**, /apis, /version,
 * /openapi/**, and /apis/{group}/** unless the group is served by business endpoints. Business groups
 * follow the `api.` naming convention (api.x, console.api.x, uc.api.x, platform.api.x) or have operations.
 */
export function isGenericPath(path: string, registry: KindRegistry, isBusinessGroup: (group: string) => boolean): boolean {
  if (path === '/api' || path.startsWith('/api/') || path === '/version' || path === '/openapi' || path.startsWith('/openapi/'))
    return true;
  if (path === '/apis' || path === '/apis/') return true;
  if (!path.startsWith('/apis/')) return false;
  const group = groupOf(path);
  return isKindGroup(registry, group) || !isBusinessGroup(group);
}

const APIS = '/apis/';

/**
 * The {group} of an /apis/{group}/… path, decoded (read on every API request, so without split). A malformed
 * encoding (refused before routing, see server/input-guards.ts) stays as it is: no group has a `%`.
 */
export function groupOf(path: string): string {
  const end = path.indexOf('/', APIS.length);
  const raw = end === -1 ? path.slice(APIS.length) : path.slice(APIS.length, end);
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function isKindGroup(registry: KindRegistry, group: string): boolean {
  return group !== '' && registry.hasGroup(group);
}

/** The `api.` convention of business groups (DESIGN: API groups and paths). */
export function looksLikeBusinessGroup(group: string): boolean {
  return /(^|\.)api\./.test(group);
}
