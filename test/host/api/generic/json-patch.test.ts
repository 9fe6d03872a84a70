import { applyJsonPatch } from '../../../../src/host/api/generic/json-patch.js';

const doc = { a: { b: 1, list: [1, 2, 3] }, 'x/y': { '~z': true } };

test('applies RFC 6902 operations to a copy', () => {
  const out = applyJsonPatch(doc, [
    { op: 'add', path: '/a/c', value: 2 },
    { op: 'add', path: '/a/list/1', value: 9 },
    { op: 'add', path: '/a/list/-', value: 4 },
    { op: 'remove', path: '/a/list/0' },
    { op: 'replace', path: '/a/b', value: 'one' },
    { op: 'copy', from: '/a/b', path: '/copied' },
    { op: 'move', from: '/x~1y/~0z', path: '/moved' },
    { op: 'test', path: '/moved', value: true },
  ]);
  expect(out).toEqual({ a: { b: 'one', c: 2, list: [9, 2, 3, 4] }, 'x/y': {}, copied: 'one', moved: true });
  expect(doc.a.list).toEqual([1, 2, 3]);
});

test('refuses malformed patches and failing operations', () => {
  expect(() => applyJsonPatch(doc, { op: 'add' })).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
  expect(() => applyJsonPatch(doc, [{ op: 'frobnicate', path: '/a' }])).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
  expect(() => applyJsonPatch(doc, [{ op: 'replace', path: '/nope', value: 1 }])).toThrow(expect.objectContaining({ code: 'INVALID' }));
  expect(() => applyJsonPatch(doc, [{ op: 'remove', path: '/a/list/7' }])).toThrow(expect.objectContaining({ code: 'INVALID' }));
  expect(() => applyJsonPatch(doc, [{ op: 'test', path: '/a/b', value: 2 }])).toThrow(/test of "\/a\/b" failed/);
  expect(() => applyJsonPatch(doc, [{ op: 'add', path: '/a/list/9', value: 1 }])).toThrow(/out of range/);
  expect(() => applyJsonPatch(doc, [{ op: 'add', path: '/a/list/x', value: 1 }])).toThrow(expect.objectContaining({ code: 'INVALID' }));
  expect(() => applyJsonPatch(doc, [{ op: 'move', from: '/nope', path: '/x' }])).toThrow(/path "\/nope" does not exist/);
  expect(() => applyJsonPatch(doc, [{ op: 'add', path: 'a', value: 1 }])).toThrow(expect.objectContaining({ code: 'INVALID' }));
});

test('replaces the whole document; never writes through __proto__', () => {
  expect(applyJsonPatch(doc, [{ op: 'replace', path: '', value: { z: 1 } }])).toEqual({ z: 1 });
  const pollute = [{ op: 'add', path: '/__proto__/polluted', value: 1 }];
  expect(() => applyJsonPatch(doc, pollute)).toThrow(expect.objectContaining({ code: 'INVALID' }));
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});
