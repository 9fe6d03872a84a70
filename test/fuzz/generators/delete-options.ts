import fc from 'fast-check';
import { sample, type Sample } from './sample.js';

/** A DeleteOptions body as the fuzz delete targets send it; its fields are mutation locations. */
export const DELETE_OPTIONS_BODY = { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: {}, propagationPolicy: 'Background' };
export const DELETE_OPTIONS_FIELDS = [
  'preconditions',
  'preconditions.uid',
  'preconditions.resourceVersion',
  'propagationPolicy',
  'orphanDependents',
  'dryRun',
  'gracePeriodSeconds',
];

/**
 * DeleteOptions values of the wrong shape or meaning (issue 28 item 3): `{"preconditions":"x"}` was ignored
 * and the object deleted. Each must be refused (400, 409 or 422) with nothing deleted, or be harmless.
 */
export const DELETE_OPTION_VALUES: unknown[] = [
  'x',
  5,
  [],
  { uid: 5 },
  { resourceVersion: 'not-a-version', uid: 'not-a-uid' },
  'Foreground',
  'Sideways',
  ['All', 'Some'],
  '5',
];

export const deleteOptionValue: fc.Arbitrary<Sample<unknown>> = fc
  .oneof(fc.constantFrom(...DELETE_OPTION_VALUES), fc.jsonValue({ maxDepth: 2 }))
  .map((value) => sample('delete-options', JSON.stringify(value) ?? 'undefined', value));

export function canonicalDeleteOptionValues(): Sample<unknown>[] {
  return DELETE_OPTION_VALUES.map((value) => sample('delete-options', JSON.stringify(value), value));
}
