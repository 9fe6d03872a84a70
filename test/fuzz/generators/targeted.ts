import fc from 'fast-check';
import type { Mutation, Target } from '../walker/target.js';
import { canonicalDeleteOptionValues, deleteOptionValue, DELETE_OPTIONS_FIELDS } from './delete-options.js';
import { canonicalListParameters, listParameter } from './list-parameters.js';
import { canonicalMetadataShapes, metadataShape } from './metadata-shapes.js';
import { canonicalRolledDates, rolledDate } from './rolled-dates.js';
import type { Sample } from './sample.js';

/**
 * Families that only mean something at some locations, sent there alone (every value on a target's own
 * handler, one by rotation where other kinds share it) so the sweep does not grow everywhere:
 *
 * - `rolled-date` at query parameters and body fields named like dates (`from`, `to`, `createdFrom`, `…At`);
 * - `list-parameter` at every query parameter of the generic API;
 * - `metadata-shape` at the metadata fields of generic writes;
 * - `delete-options` at the DeleteOptions fields of generic deletes.
 */
const DATE_NAME = /^(from|to|day|date|since|until)$|(From|To|Date|Time|At)$/;

const lastSegment = (name: string) => name.split('.').at(-1) ?? name;
const isGeneric = (target: Target) => target.id.startsWith('generic:');
const isDeleteField = (target: Target, field: string) => target.method === 'DELETE' && DELETE_OPTIONS_FIELDS.includes(field);

const urlEncoded = (samples: Sample<string>[]) => samples.map((s) => ({ ...s, value: encodeURIComponent(s.value) }));

function spread<T>(samples: Sample<T>[], target: Target, rotation: number, deep: boolean): Sample<T>[] {
  return deep || target.sweep === 'full' ? samples : [samples[rotation % samples.length]];
}

/** The targeted query values of one query parameter. */
export function targetedQuerySamples(target: Target, name: string, rotation: number, deep = false): Sample<string>[] {
  const out: Sample<string>[] = [];
  if (DATE_NAME.test(name)) out.push(...urlEncoded(canonicalRolledDates()));
  if (isGeneric(target)) out.push(...spread(canonicalListParameters(), target, rotation, deep));
  return out;
}

/** The targeted JSON values of one body field. */
export function targetedBodySamples(target: Target, field: string, rotation: number, deep = false): Sample<unknown>[] {
  const out: Sample<unknown>[] = [];
  if (DATE_NAME.test(lastSegment(field))) out.push(...canonicalRolledDates());
  if (isGeneric(target) && field.startsWith('metadata.')) out.push(...spread(canonicalMetadataShapes(), target, rotation, deep));
  if (isDeleteField(target, field)) out.push(...spread(canonicalDeleteOptionValues(), target, rotation, deep));
  return out;
}

/** Random-phase mutations of the same families at the same locations (none when the target has no such location). */
export function targetedArbitraries(target: Target): fc.Arbitrary<Mutation>[] {
  const out: fc.Arbitrary<Mutation>[] = [];
  const dateQueries = target.queryNames.filter((n) => DATE_NAME.test(n));
  if (dateQueries.length)
    out.push(
      fc
        .tuple(fc.constantFrom(...dateQueries), rolledDate)
        .map(([name, s]): Mutation => ({ at: 'query', name, sample: { ...s, value: encodeURIComponent(s.value) } })),
    );
  if (isGeneric(target) && target.queryNames.length)
    out.push(
      fc.tuple(fc.constantFrom(...target.queryNames), listParameter).map(([name, s]): Mutation => ({ at: 'query', name, sample: s })),
    );
  const dateFields = target.bodyFields.filter((f) => DATE_NAME.test(lastSegment(f)));
  if (dateFields.length)
    out.push(fc.tuple(fc.constantFrom(...dateFields), rolledDate).map(([name, s]): Mutation => ({ at: 'body-field', name, sample: s })));
  const metadataFields = isGeneric(target) ? target.bodyFields.filter((f) => f.startsWith('metadata.')) : [];
  if (metadataFields.length)
    out.push(
      fc.tuple(fc.constantFrom(...metadataFields), metadataShape).map(([name, s]): Mutation => ({ at: 'body-field', name, sample: s })),
    );
  const deleteFields = target.bodyFields.filter((f) => isDeleteField(target, f));
  if (deleteFields.length)
    out.push(
      fc.tuple(fc.constantFrom(...deleteFields), deleteOptionValue).map(([name, s]): Mutation => ({ at: 'body-field', name, sample: s })),
    );
  return out;
}
