import fc from 'fast-check';
import { RawJson, sample, type Sample } from './sample.js';

/** A value of the wrong JSON type for whatever the schema wants. */
export const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, '', 'x', [], {}, [1, 'a'], { a: 1 }];

/** Depths of nesting: the issue's 64-level cap, past recursion-safe parsers, and past V8's stack (≥ 5,000). */
export const NESTING_DEPTHS = [10_000, 1_000, 65];

/** Keys that reach Object.prototype when code merges or copies objects carelessly. */
export const PROTOTYPE_BODIES = [
  '{"__proto__":{"polluted":true,"isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"__proto__":null}',
  '{"toString":"x","valueOf":1,"hasOwnProperty":null}',
];

export function nested(depth: number, kind: 'array' | 'object' | 'mixed'): RawJson {
  if (kind === 'array') return new RawJson('['.repeat(depth) + ']'.repeat(depth));
  if (kind === 'object') return new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
  const half = Math.ceil(depth / 2);
  return new RawJson('{"a":['.repeat(half) + '1' + ']}'.repeat(half));
}

const jsonLeaf = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 5 }));

export const wrongType = fc
  .oneof(
    fc.constantFrom(...WRONG_TYPES),
    fc.array(jsonLeaf, { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 4 }), jsonLeaf, { maxKeys: 3 }),
  )
  .map((v) => sample('wrong-type', JSON.stringify(v), v));

export const deepNesting = fc
  .tuple(fc.integer({ min: 65, max: 12_000 }), fc.constantFrom('array' as const, 'object' as const, 'mixed' as const))
  .map(([depth, kind]) => sample('deep-nesting', `${kind} nested ${depth} levels`, nested(depth, kind)));

export const prototypeKeys = fc
  .tuple(
    fc.constantFrom('__proto__', 'constructor', 'prototype'),
    fc.constantFrom('{"polluted":true}', 'null', '1', '{"prototype":{"x":1}}'),
  )
  .map(([key, inner]) => sample('prototype-keys', `{${key}: ${inner}}`, new RawJson(`{${JSON.stringify(key)}:${inner}}`)));

export function canonicalStructures(): Sample<unknown>[] {
  return [
    ...WRONG_TYPES.map((v) => sample('wrong-type', JSON.stringify(v), v)),
    ...NESTING_DEPTHS.flatMap((d) => [
      // First: an object whose values alternate objects and arrays, so a field typed "object" lets it through.
      sample('deep-nesting', `object/array nested ${d} levels`, nested(d, 'mixed')),
      sample('deep-nesting', `array nested ${d} levels`, nested(d, 'array')),
      sample('deep-nesting', `object nested ${d} levels`, nested(d, 'object')),
    ]),
    ...PROTOTYPE_BODIES.map((t) => sample('prototype-keys', t, new RawJson(t))),
  ];
}
