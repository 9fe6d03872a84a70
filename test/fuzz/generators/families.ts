import fc from 'fast-check';
import type { Mutation, Target } from '../walker/target.js';
import {
  canonicalBodies,
  canonicalYamlValues,
  FREE_FORM_FIELD,
  hugeBody,
  jsonPatchCopyBomb,
  malformedJson,
  WRONG_CONTENT_TYPES,
  yamlBomb,
  yamlBombBody,
  yamlFlowValue,
  type RawBody,
} from './bodies.js';
import { canonicalNumbers, hugeNumber, nonFinite } from './numbers.js';
import { RawJson, sample, serializeJson, type Sample } from './sample.js';
import { canonicalStrings, controlString, hugeString, numericString, surrogateString } from './strings.js';
import { canonicalStructures, deepNesting, prototypeKeys, wrongType } from './structures.js';
import { canonicalUrlForms, URL_FIELD, urlFormValue } from './ipv6-embeddings.js';
import { canonicalUrlValues, PROTOTYPE_QUERIES, QUERY_SHAPES, urlValue } from './url-encoding.js';
import { targetedArbitraries, targetedBodySamples, targetedQuerySamples } from './targeted.js';

/**
 * Which hostile values go where. The sweep sends, at every location of every target, the first value of each
 * family plus one more chosen by rotation (so every canonical value is used somewhere, deterministically); the
 * random phase draws from the fast-check arbitraries.
 */

function byFamily<T>(samples: Sample<T>[]): Map<string, Sample<T>[]> {
  const out = new Map<string, Sample<T>[]>();
  for (const s of samples) out.set(s.family, [...(out.get(s.family) ?? []), s]);
  return out;
}

/** How much of each family the sweep sends at one location. */
export type Breadth = 'one-family' | 'two-values' | 'every-value';

/**
 * two-values: the first value of each family (the most hostile: canonical lists start with it) and a second
 * one chosen by rotation; every-value: all of them; one-family: the first value of one family, by rotation.
 */
function representatives<T>(families: Map<string, Sample<T>[]>, rotation: number, breadth: Breadth): Sample<T>[] {
  const lists = [...families.values()];
  if (breadth === 'one-family') return [lists[rotation % lists.length][0]];
  if (breadth === 'every-value') return lists.flat();
  return lists.flatMap((list) => {
    const others = list.slice(1).filter((s) => sizeOf(s.value) <= SMALL_BYTES);
    return others.length ? [list[0], others[rotation % others.length]] : [list[0]];
  });
}

/** Second values of the CI sweep stay small (the big ones are first values, or drawn in the random phase). */
const SMALL_BYTES = 16 * 1024;

function sizeOf(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (value instanceof RawJson) return value.text.length;
  return JSON.stringify(value ?? null).length;
}

const URL_VALUES = byFamily(canonicalUrlValues());
/** At URL fields only (notifyUrl, returnUrl, callbackDomain): IPv6 embeddings and URL forms. */
const URL_FORM_VALUES = byFamily(canonicalUrlForms());
const JSON_VALUES = byFamily<unknown>([...canonicalStrings(), ...canonicalNumbers(), ...canonicalStructures()]);
/** At free-form object fields only: elsewhere the schema refuses the expanded value anyway. */
const YAML_VALUES = canonicalYamlValues();

/** Whole bodies for a target: malformed JSON, YAML bombs, prototype keys at the top, the right body with the wrong type. */
function bodySamples(target: Target): Sample<RawBody>[] {
  if (!target.body) return [];
  const text = serializeJson(target.body.value);
  const value = target.body.value;
  const out = [...canonicalBodies()];
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const rest = text === '{}' ? '}' : `,${text.slice(1)}`;
    out.push(
      sample('prototype-keys', 'top-level __proto__ key', {
        contentType: target.body.contentType,
        text: `{"__proto__":{"polluted":true}${rest}`,
      }),
    );
    out.push(
      sample('yaml-alias', 'the body with an alias bomb 5×9 inside', {
        contentType: 'application/yaml',
        text: yamlBombBody(value as Record<string, unknown>, 5, 9),
      }),
    );
  }
  if (target.body.contentType.includes('json-patch')) {
    out.push(
      sample('patch-amplification', 'one 200 KB annotation copied 5 times', {
        contentType: target.body.contentType,
        text: jsonPatchCopyBomb(5),
      }),
    );
  }
  return out;
}

function contentTypeSamples(target: Target): Sample<string | undefined>[] {
  if (!target.body) return [];
  return WRONG_CONTENT_TYPES.filter((t) => t !== target.body!.contentType).map((t) =>
    sample('wrong-content-type', String(t ?? '(none)'), t),
  );
}

/**
 * Every mutation of the sweep for one target (deterministic; rotation spreads the canonical values). `deep`
 * (npm run fuzz) sends every canonical value everywhere and ignores the light marking.
 */
export function sweepMutations(target: Target, deep = false): Mutation[] {
  const out: Mutation[] = [];
  const shared: Breadth = deep ? 'every-value' : target.sweep === 'light' ? 'one-family' : 'two-values';
  const own: Breadth = deep ? 'every-value' : 'two-values';
  let rotation = target.id.length;
  for (const name of Object.keys(target.pathParams)) {
    for (const s of representatives(URL_VALUES, rotation++, shared)) out.push({ at: 'path', name, sample: s });
  }
  for (const name of target.queryNames) {
    for (const s of representatives(URL_VALUES, rotation++, shared)) out.push({ at: 'query', name, sample: s });
    for (const s of targetedQuerySamples(target, name, rotation, deep)) out.push({ at: 'query', name, sample: s });
    const shape = QUERY_SHAPES[rotation % QUERY_SHAPES.length];
    out.push({ at: 'query-shape', name, sample: sample('query-structure', shape, shape) });
  }
  const proto = PROTOTYPE_QUERIES[rotation % PROTOTYPE_QUERIES.length];
  out.push({ at: 'query-extra', sample: sample('prototype-keys', proto, proto) });
  for (const name of target.bodyFields) {
    const breadth = name.startsWith('spec.') ? own : shared;
    for (const s of representatives(JSON_VALUES, rotation++, breadth)) out.push({ at: 'body-field', name, sample: s });
    for (const s of targetedBodySamples(target, name, rotation, deep)) out.push({ at: 'body-field', name, sample: s });
    if (FREE_FORM_FIELD.test(name)) out.push({ at: 'body-field', name, sample: YAML_VALUES[0] });
    if (URL_FIELD.test(name))
      for (const s of representatives(URL_FORM_VALUES, rotation++, own)) out.push({ at: 'body-field', name, sample: s });
  }
  const bodies = bodySamples(target);
  const types = contentTypeSamples(target);
  const light = shared === 'one-family';
  for (const s of light ? bodies.filter((_, i) => i === rotation % bodies.length) : bodies) out.push({ at: 'body', sample: s });
  for (const s of light ? types.filter((_, i) => i === rotation % types.length) : types) out.push({ at: 'content-type', sample: s });
  return out;
}

const jsonValue: fc.Arbitrary<Sample<unknown>> = fc.oneof(
  wrongType,
  hugeString,
  controlString,
  surrogateString,
  numericString,
  hugeNumber,
  nonFinite,
  deepNesting,
  prototypeKeys,
);

/** One random mutation of a target, any location, any family. */
export function mutationArbitrary(target: Target): fc.Arbitrary<Mutation> {
  const options: fc.Arbitrary<Mutation>[] = [
    fc.constantFrom(...PROTOTYPE_QUERIES).map((q): Mutation => ({ at: 'query-extra', sample: sample('prototype-keys', q, q) })),
  ];
  const pathNames = Object.keys(target.pathParams);
  if (pathNames.length)
    options.push(fc.tuple(fc.constantFrom(...pathNames), urlValue).map(([name, s]): Mutation => ({ at: 'path', name, sample: s })));
  if (target.queryNames.length) {
    const names = fc.constantFrom(...target.queryNames);
    options.push(fc.tuple(names, urlValue).map(([name, s]): Mutation => ({ at: 'query', name, sample: s })));
    options.push(
      fc
        .tuple(names, fc.constantFrom(...QUERY_SHAPES))
        .map(([name, q]): Mutation => ({ at: 'query-shape', name, sample: sample('query-structure', q, q) })),
    );
  }
  const freeForm = target.bodyFields.filter((f) => FREE_FORM_FIELD.test(f));
  if (freeForm.length) {
    options.push(
      fc.tuple(fc.constantFrom(...freeForm), yamlFlowValue).map(([name, s]): Mutation => ({ at: 'body-field', name, sample: s })),
    );
  }
  const urlFields = target.bodyFields.filter((f) => URL_FIELD.test(f));
  if (urlFields.length)
    options.push(
      fc.tuple(fc.constantFrom(...urlFields), urlFormValue).map(([name, s]): Mutation => ({ at: 'body-field', name, sample: s })),
    );
  if (target.bodyFields.length) {
    options.push(
      fc.tuple(fc.constantFrom(...target.bodyFields), jsonValue).map(([name, s]): Mutation => ({ at: 'body-field', name, sample: s })),
    );
  }
  if (target.body) {
    options.push(fc.oneof(malformedJson, yamlBomb, hugeBody).map((s): Mutation => ({ at: 'body', sample: s })));
    options.push(fc.constantFrom(...contentTypeSamples(target)).map((s): Mutation => ({ at: 'content-type', sample: s })));
  }
  options.push(...targetedArbitraries(target));
  return fc.oneof(...options);
}
