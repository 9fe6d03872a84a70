import fc from 'fast-check';
import { sample, type Sample } from './sample.js';

/**
 * Metadata values of the wrong JSON shape (issue 28 item 3): `ownerReferences: "x"` or `[{"junk":1}]` was
 * stored. Labels and annotations must be maps of strings, finalizers a list of strings, owner references a
 * list of {apiVersion, kind, name, uid} with optional boolean controller and blockOwnerDeletion.
 */
export const METADATA_SHAPES: unknown[] = [
  'x',
  [{ junk: 1 }],
  [{ apiVersion: 1, kind: [], name: {}, uid: null }],
  [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: 'u-1', controller: 'yes' }],
  [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: '' }],
  { a: 1 },
  [1],
  { '': 'x', 'a/b/c': 'x' },
];

export const metadataShape: fc.Arbitrary<Sample<unknown>> = fc
  .oneof(fc.constantFrom(...METADATA_SHAPES), fc.jsonValue({ maxDepth: 3 }))
  .map((value) => sample('metadata-shape', JSON.stringify(value) ?? 'undefined', value));

export function canonicalMetadataShapes(): Sample<unknown>[] {
  return METADATA_SHAPES.map((value) => sample('metadata-shape', JSON.stringify(value), value));
}

/** The metadata fields a generic write may carry, as mutation locations. */
export const METADATA_FIELDS = ['metadata.labels', 'metadata.annotations', 'metadata.finalizers', 'metadata.ownerReferences'];
