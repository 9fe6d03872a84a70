import { VALID_SAMPLES } from '../../extensions/samples.js';
import { DELETE_OPTIONS_BODY, DELETE_OPTIONS_FIELDS } from '../generators/delete-options.js';
import { METADATA_FIELDS } from '../generators/metadata-shapes.js';
import type { Target } from './target.js';

/** A resource of the generic API as discovery lists it. */
export interface GenericResource {
  groupVersion: string;
  plural: string;
  kind: string;
}

/** The name of the object the suite creates for each kind before fuzzing, so get, patch and delete reach it. */
export const SEED_NAME = 'fuzz-seed';
/** The object of each kind the delete target may delete (the seed stays for get and patch). */
export const DOOMED_NAME = 'fuzz-doomed';

/** Not `watch`: a value that decodes to true would hold a stream open for the default 30 minutes. */
const LIST_QUERY = [
  'limit',
  'continue',
  'labelSelector',
  'fieldSelector',
  'resourceVersion',
  'resourceVersionMatch',
  'timeoutSeconds',
  'allowWatchBookmarks',
  'sendInitialEvents',
];

/** A plausible manifest of the kind: the extension sample's spec when there is one, else an empty spec. */
export function manifestOf(resource: GenericResource, name: string): Record<string, unknown> {
  const spec = VALID_SAMPLES[resource.kind]?.spec ?? {};
  return { apiVersion: resource.groupVersion, kind: resource.kind, metadata: { name, labels: { fuzz: 'yes' } }, spec };
}

function specFields(resource: GenericResource): string[] {
  return Object.keys(VALID_SAMPLES[resource.kind]?.spec ?? {}).map((k) => `spec.${k}`);
}

/** The generic router's own segments: group, version and plural (a bad one must be a 404, never a 500). */
function routingTargets(first: GenericResource): Target[] {
  const [group, version] = first.groupVersion.split('/');
  const common = { query: {}, queryNames: [] as string[], bodyFields: [] as string[], natural: 'admin' as const, sweep: 'full' as const };
  return [
    { ...common, id: 'generic:discovery', method: 'GET', pathTemplate: '/apis/{group}/{version}', pathParams: { group, version } },
    {
      ...common,
      id: 'generic:routing',
      method: 'GET',
      pathTemplate: '/apis/{group}/{version}/{plural}',
      pathParams: { group, version, plural: first.plural },
    },
  ];
}

/** List, get, create, merge patch, JSON patch and delete of every kind discovery lists. */
export function genericTargets(resources: GenericResource[]): Target[] {
  const groupsSeen = new Set<string>();
  const verbs = resources.flatMap((r): Target[] => {
    const base = `/apis/${r.groupVersion}/${r.plural}`;
    const one = `${base}/{name}`;
    const sweep = groupsSeen.has(r.groupVersion) ? ('light' as const) : ('full' as const);
    groupsSeen.add(r.groupVersion);
    const common = {
      pathParams: { name: SEED_NAME },
      query: {},
      queryNames: [] as string[],
      bodyFields: [] as string[],
      natural: 'admin' as const,
      sweep,
    };
    return [
      { ...common, id: `generic:${r.plural}:list`, method: 'GET', pathTemplate: base, pathParams: {}, queryNames: LIST_QUERY },
      { ...common, id: `generic:${r.plural}:get`, method: 'GET', pathTemplate: one, queryNames: ['resourceVersion'] },
      {
        ...common,
        id: `generic:${r.plural}:create`,
        method: 'POST',
        pathTemplate: base,
        pathParams: {},
        queryNames: ['dryRun', 'fieldManager'],
        body: { contentType: 'application/json', value: manifestOf(r, 'fuzz-a1') },
        bodyFields: ['apiVersion', 'kind', 'metadata', 'metadata.name', ...METADATA_FIELDS, 'spec', ...specFields(r)],
      },
      {
        ...common,
        id: `generic:${r.plural}:merge-patch`,
        method: 'PATCH',
        pathTemplate: one,
        body: { contentType: 'application/merge-patch+json', value: { metadata: { labels: { fuzz: 'patched' } }, spec: {} } },
        bodyFields: ['metadata', ...METADATA_FIELDS, 'metadata.resourceVersion', 'spec', 'status', ...specFields(r)],
      },
      {
        ...common,
        id: `generic:${r.plural}:json-patch`,
        method: 'PATCH',
        pathTemplate: one,
        body: { contentType: 'application/json-patch+json', value: [{ op: 'add', path: '/metadata/labels/fuzz', value: 'patched' }] },
        bodyFields: ['0', '0.op', '0.path', '0.value', '0.from', '1'],
      },
      {
        ...common,
        id: `generic:${r.plural}:delete`,
        method: 'DELETE',
        pathTemplate: one,
        pathParams: { name: DOOMED_NAME },
        queryNames: ['dryRun', 'gracePeriodSeconds', 'propagationPolicy', 'orphanDependents'],
        body: { contentType: 'application/json', value: DELETE_OPTIONS_BODY },
        bodyFields: DELETE_OPTIONS_FIELDS,
      },
    ];
  });
  return resources.length ? [...routingTargets(resources[0]), ...verbs] : verbs;
}
