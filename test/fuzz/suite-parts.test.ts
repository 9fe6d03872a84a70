/** The fuzz suite's own parts, without a server: generators, request building, the assertions, the known-failure bookkeeping. */
import * as yaml from 'js-yaml';
import { compareWithKnown, type KnownFailure } from './known-failures.js';
import { judge } from './oracle/checks.js';
import type { Finding } from './oracle/findings.js';
import { yamlFlowBomb } from './generators/bodies.js';
import { RawJson, serializeJson } from './generators/sample.js';
import { nested } from './generators/structures.js';
import { percentEncodeWtf8 } from './generators/url-encoding.js';
import { buildRequest } from './walker/build-request.js';
import type { Target } from './walker/target.js';

function finding(patch: Partial<Finding>): Finding {
  return {
    problem: 'server-error',
    target: 'listUsers',
    caller: 'admin',
    location: 'query:page',
    family: 'numeric-string',
    parts: [{ location: 'query:page', family: 'numeric-string' }],
    example: '',
    phase: 'sweep',
    count: 1,
    ...patch,
  };
}

const pageEntry: KnownFailure = {
  issue: '21.4',
  cause: 'page',
  problem: 'server-error',
  targets: /^listUsers$/,
  families: /^numeric-string$/,
};

test('a finding no entry explains is unlisted; an entry nothing deterministic hit is stale', () => {
  expect(compareWithKnown([finding({})], [pageEntry])).toEqual({ unlisted: [], stale: [] });
  const other = finding({ target: 'listPayments' });
  expect(compareWithKnown([finding({}), other], [pageEntry]).unlisted).toEqual([other]);
  expect(compareWithKnown([], [pageEntry]).stale).toEqual([pageEntry]);
  // A random request combining the known cause with other values is the known cause.
  const combined = finding({
    phase: 'random',
    parts: [
      { location: 'query:size', family: 'wrong-type' },
      { location: 'query:page', family: 'numeric-string' },
    ],
  });
  expect(compareWithKnown([finding({}), combined], [pageEntry]).unlisted).toEqual([]);
  // A random-phase hit depends on the seed: it does not keep an entry alive.
  expect(compareWithKnown([finding({ phase: 'random' })], [pageEntry]).stale).toEqual([pageEntry]);
});

test('a lone surrogate is sent as its WTF-8 bytes, which no UTF-8 decoder accepts', () => {
  expect(percentEncodeWtf8('a\ud800')).toBe('a%ED%A0%80');
  expect(percentEncodeWtf8('𝄞/')).toBe(encodeURIComponent('𝄞/'));
  expect(() => decodeURIComponent(percentEncodeWtf8('\udfff'))).toThrow(URIError);
});

test('nesting is exact, and serializes without recursion limits', () => {
  expect(JSON.parse(nested(3, 'mixed').text)).toEqual({ a: [{ a: [1] }] });
  expect(serializeJson({ a: nested(10_000, 'array'), b: new RawJson('1e400') })).toMatch(/^\{"a":\[{10000}\]{10000},"b":1e400\}$/);
});

test('a flow alias bomb is valid YAML that expands width^levels times', () => {
  const body = serializeJson({ spec: { additionalData: yamlFlowBomb(3, 4) } });
  const loaded = yaml.load(body) as { spec: { additionalData: Record<string, unknown> } };
  expect(JSON.stringify(loaded.spec.additionalData.a3).match(/lol/g)).toHaveLength(9 * 4 ** 3);
});

test('a YAML value switches the whole body to application/yaml; a path parameter goes on the wire as given', () => {
  const target: Target = {
    id: 't',
    method: 'POST',
    pathTemplate: '/x/{name}',
    pathParams: { name: 'ok' },
    query: { page: '1' },
    queryNames: ['page'],
    body: { contentType: 'application/json', value: { a: 1 } },
    bodyFields: ['a'],
    natural: 'admin',
    sweep: 'full',
  };
  const wire = buildRequest(target, [
    { at: 'path', name: 'name', sample: { family: 'f', summary: '', value: '%E0%A4%A' } },
    { at: 'body-field', name: 'a', sample: { family: 'yaml-alias', summary: '', value: yamlFlowBomb(1, 2) } },
  ]);
  expect(wire.path).toBe('/x/%E0%A4%A?page=1');
  expect(wire.contentType).toBe('application/yaml');
});

test('the per-request assertions: 5xx, no answer, oversize, a write on a refusal, a giant object', () => {
  const ok = { status: 400, bytes: 10, oversize: false, head: '{}' };
  const write = { revision: 2, type: 'ADDED' as const, kind: 'SitePlugin', name: 'x', bytes: 100, lastUseOnly: false };
  expect(judge(ok, [])).toEqual([]);
  expect(judge(ok, [write]).map((v) => v.problem)).toEqual(['write-on-refusal']);
  expect(
    judge(ok, [
      { ...write, kind: 'Lease' },
      { ...write, kind: 'PersonalAccessToken', lastUseOnly: true },
    ]),
  ).toEqual([]);
  expect(judge({ ...ok, status: 201 }, [write])).toEqual([]);
  expect(judge({ ...ok, status: 201 }, [{ ...write, bytes: 2 * 1024 * 1024 }]).map((v) => v.problem)).toEqual(['oversize-object-stored']);
  expect(judge({ ...ok, status: 503 }, []).map((v) => v.problem)).toEqual(['server-error']);
  expect(judge({ ...ok, status: 200, oversize: true }, []).map((v) => v.problem)).toEqual(['oversize-response']);
  expect(judge({ ...ok, status: 0, error: 'timeout' }, []).map((v) => v.problem)).toEqual(['no-answer']);
});
