import type { Request, Response } from 'express';
import type { KindInfo, KindRegistry } from '../../schema/kind-registry.js';
import { notFoundResource, servedGroups } from './context.js';

export const RESOURCE_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
const STATUS_VERBS = ['get', 'patch', 'update'];

/**
 * Legacy discovery documents (APIVersions, APIGroupList, APIGroup, APIResourceList). kubectl asks for
 * aggregated discovery first; answering with plain application/json makes it fall back to these.
 */
/**
 * /api lists only core versions that have kinds (today none). Advertising "v1" with no resources makes
 * kubectl's discovery report "received empty response for: v1" on category and api-resources requests;
 * /api/v1 itself still answers an empty APIResourceList.
 */
export function apiVersions(req: Request, registry: KindRegistry): Record<string, unknown> {
  const serverAddress = `${req.socket.localAddress ?? '127.0.0.1'}:${req.socket.localPort ?? ''}`.replace(/^::ffff:/, '');
  const versions = [
    ...new Set(
      registry
        .kinds()
        .filter((k) => k.group === '')
        .map((k) => k.version),
    ),
  ];
  return { kind: 'APIVersions', versions, serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] };
}

function groupDocument(group: string, kinds: KindInfo[]): Record<string, unknown> {
  const versions = [...new Set(kinds.map((k) => k.version))].map((version) => ({ groupVersion: `${group}/${version}`, version }));
  return { name: group, versions, preferredVersion: versions[0] };
}

export function apiGroupList(registry: KindRegistry): Record<string, unknown> {
  const groups = [...servedGroups(registry)].filter(([g]) => g !== '').sort(([a], [b]) => a.localeCompare(b));
  return { kind: 'APIGroupList', apiVersion: 'v1', groups: groups.map(([g, kinds]) => groupDocument(g, kinds)) };
}

export function apiGroup(registry: KindRegistry, group: string): Record<string, unknown> {
  const kinds = servedGroups(registry).get(group);
  if (!kinds || group === '') throw notFoundResource();
  return { kind: 'APIGroup', apiVersion: 'v1', ...groupDocument(group, kinds) };
}

function resourceEntries(kind: KindInfo): Array<Record<string, unknown>> {
  const main = {
    name: kind.plural,
    singularName: kind.singular,
    namespaced: false,
    kind: kind.kind,
    verbs: RESOURCE_VERBS,
    shortNames: kind.shortNames,
    categories: kind.categories,
  };
  if (!kind.hasStatusSubresource) return [main];
  return [main, { name: `${kind.plural}/status`, singularName: '', namespaced: false, kind: kind.kind, verbs: STATUS_VERBS }];
}

/** APIResourceList of one group version; the core group ("" at /api/v1) may be empty. */
export function apiResourceList(registry: KindRegistry, group: string, version: string): Record<string, unknown> {
  const kinds = (servedGroups(registry).get(group) ?? []).filter((k) => k.version === version);
  if (!kinds.length && group !== '') throw notFoundResource();
  if (group === '' && version !== 'v1' && !kinds.length) throw notFoundResource();
  const groupVersion = group ? `${group}/${version}` : version;
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion, resources: kinds.flatMap(resourceEntries) };
}

export function sendJson(res: Response, body: unknown): void {
  res.type('application/json').json(body);
}
