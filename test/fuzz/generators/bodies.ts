import fc from 'fast-check';
import { MAX_STRING_BYTES } from '../config.js';
import { sample, YamlFlow, type Sample } from './sample.js';

/** A whole request body as it goes on the wire, with the Content-Type header it is sent with. */
export interface RawBody {
  contentType: string | undefined;
  text: string;
}

/** Bodies that are not JSON at all, or JSON of the wrong top-level shape. */
export const MALFORMED_JSON = ['', '{', '{"a":1', 'null', '[]', '"text"', '42', '{"a":1}{"b":2}', '\ufeff{}', '{"a":1,}', "{'a':1}"];

/**
 * A YAML "billion laughs": each level repeats the previous alias `width` times. Small on the wire,
 * width^levels leaves once expanded (the 813-byte body grew to 69 MB).
 */
export function yamlAliasBomb(levels: number, width: number): string {
  const lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i <= levels; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: width }, () => `*a${i - 1}`).join(',')}]`);
  return lines.join('\n');
}

/**
 * The bomb as one YAML flow mapping, to put in place of a field's value ({a0: &a0 [...], a1: &a1 [*a0, ...]}):
 * since YAML includes JSON, the rest of the body stays JSON and the whole is sent as application/yaml.
 */
export function yamlFlowBomb(levels: number, width: number): YamlFlow {
  const entries = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i <= levels; i++) entries.push(`a${i}: &a${i} [${Array.from({ length: width }, () => `*a${i - 1}`).join(',')}]`);
  return new YamlFlow(`{${entries.join(', ')}}`);
}

/** Fields that hold free-form objects, where a bomb passes schema validation. */
export const FREE_FORM_FIELD = /(^|\.)(spec|additionalData|accountSnapshot|data)$/;

export function canonicalYamlValues(): Sample<YamlFlow>[] {
  return [
    sample('yaml-alias', 'flow alias bomb 5×9 (531,441 leaves)', yamlFlowBomb(5, 9)),
    sample('yaml-alias', 'flow alias bomb 2×9', yamlFlowBomb(2, 9)),
  ];
}

export const yamlFlowValue = fc
  .tuple(fc.integer({ min: 2, max: 5 }), fc.integer({ min: 4, max: 9 }))
  .map(([levels, width]) => sample('yaml-alias', `flow alias bomb ${levels}×${width}`, yamlFlowBomb(levels, width)));

/** The bomb placed inside an object that otherwise looks like the expected body. */
export function yamlBombBody(base: Record<string, unknown>, levels: number, width: number): string {
  const anchors = yamlAliasBomb(levels, width)
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
  const baseYaml = Object.entries(base)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join('\n');
  return `${baseYaml}\nextra:\n${anchors}\n`;
}

/** Content types the JSON endpoints must refuse (415) or parse safely, never silently treat as empty. */
export const WRONG_CONTENT_TYPES = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/yaml',
  'application/json; charset=utf-16',
  'application/merge-patch+json',
];

export const malformedJson = fc
  .constantFrom(...MALFORMED_JSON)
  .map((text) => sample<RawBody>('malformed-json', JSON.stringify(text), { contentType: 'application/json', text }));

export const yamlBomb = fc
  .tuple(fc.integer({ min: 3, max: 6 }), fc.integer({ min: 4, max: 9 }))
  .map(([levels, width]) =>
    sample<RawBody>('yaml-alias', `alias bomb ${levels}×${width}`, { contentType: 'application/yaml', text: yamlAliasBomb(levels, width) }),
  );

export const hugeBody = fc.integer({ min: 10_000, max: MAX_STRING_BYTES }).map((n) =>
  sample<RawBody>('huge-string', `JSON string of ${n} bytes`, {
    contentType: 'application/json',
    text: JSON.stringify({ a: 'x'.repeat(n) }),
  }),
);

export function canonicalBodies(): Sample<RawBody>[] {
  return [
    ...MALFORMED_JSON.map((text) => sample<RawBody>('malformed-json', JSON.stringify(text), { contentType: 'application/json', text })),
    sample<RawBody>('yaml-alias', 'alias bomb 6×9 (531,441 leaves)', { contentType: 'application/yaml', text: yamlAliasBomb(6, 9) }),
    sample<RawBody>('yaml-alias', 'alias bomb 3×9', { contentType: 'application/x-yaml', text: yamlAliasBomb(3, 9) }),
  ];
}

/** A JSON patch that stores one 200 KB string and then copies it over and over: small request, big object. */
export function jsonPatchCopyBomb(copies: number): string {
  const ops: unknown[] = [{ op: 'add', path: '/metadata/annotations', value: { a0: 'x'.repeat(MAX_STRING_BYTES) } }];
  for (let i = 1; i <= copies; i++) ops.push({ op: 'copy', from: '/metadata/annotations/a0', path: `/metadata/annotations/a${i}` });
  return JSON.stringify(ops);
}
