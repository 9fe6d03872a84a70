import fs from 'node:fs';
import path from 'node:path';
import { KindRegistry } from '../../../../src/host/schema/kind-registry.js';
import { parseFieldSelector, parseLabelSelector, splitTerms } from '../../../../src/host/api/generic/selectors.js';
import { matches } from '../../../../src/host/api/generic/match.js';
import type { Resource } from '../../../../src/host/resource/types.js';

const registry = new KindRegistry();
registry.loadYaml(fs.readFileSync(path.resolve('extensions/site-plugin-auth-log.yaml'), 'utf8'));
const kind = registry.get('SitePluginAuthLog');

function obj(spec: Record<string, unknown>, labels: Record<string, string> = {}, name = 'n1'): Resource {
  return { apiVersion: kind.apiVersion, kind: kind.kind, metadata: { name, labels }, spec };
}

test('label selector terms become label conditions', () => {
  expect(parseLabelSelector('a=1, b==2,c!=3,d in (x, y),e notin (z),f,!g')).toEqual([
    { op: 'label_eq', key: 'a', value: '1' },
    { op: 'label_eq', key: 'b', value: '2' },
    { op: 'label_ne', key: 'c', value: '3' },
    { op: 'label_in', key: 'd', values: ['x', 'y'] },
    { op: 'label_notin', key: 'e', values: ['z'] },
    { op: 'label_exists', key: 'f' },
    { op: 'label_notexists', key: 'g' },
  ]);
  expect(parseLabelSelector('authpay.dev/tier=gold')).toEqual([{ op: 'label_eq', key: 'authpay.dev/tier', value: 'gold' }]);
  expect(parseLabelSelector('')).toEqual([]);
});

test('malformed label selectors are BadRequest', () => {
  for (const bad of ['a in b', '!a=b', 'a=(x', 'bad key=1', 'a=has space', '=v']) {
    expect(() => parseLabelSelector(bad)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
  }
});

test('field selector terms, extensions and the name alias', () => {
  expect(parseFieldSelector(kind, 'name=a,metadata.name==b,spec.authUser!=c')).toEqual([
    { op: 'eq', field: 'metadata.name', value: 'a' },
    { op: 'eq', field: 'metadata.name', value: 'b' },
    { op: 'ne', field: 'spec.authUser', value: 'c' },
  ]);
  expect(
    parseFieldSelector(
      kind,
      'spec.authStatus=(0,1),spec.pluginKey!=(x,y),spec.expireTime<2030-01-01,spec.authTime>=2020-01-01,spec.authTime,'
        + '!metadata.deletionTimestamp,spec.authDomain^=www.,spec.authUser~=Ali',
    ),
  ).toEqual([
    { op: 'in', field: 'spec.authStatus', values: ['0', '1'] },
    { op: 'notin', field: 'spec.pluginKey', values: ['x', 'y'] },
    { op: 'lt', field: 'spec.expireTime', value: '2030-01-01' },
    { op: 'ge', field: 'spec.authTime', value: '2020-01-01' },
    { op: 'exists', field: 'spec.authTime' },
    { op: 'notexists', field: 'metadata.deletionTimestamp' },
    { op: 'prefix', field: 'spec.authDomain', value: 'www.' },
    { op: 'contains', field: 'spec.authUser', value: 'Ali' },
  ]);
  expect(parseFieldSelector(kind, 'spec.authUser=a\\,b')).toEqual([{ op: 'eq', field: 'spec.authUser', value: 'a,b' }]);
  expect(splitTerms('a=(1,2),b=\\,c')).toEqual(['a=(1,2)', 'b=\\,c']);
});

test('non-indexed fields and mistyped values are BadRequest', () => {
  expect(() => parseFieldSelector(kind, 'spec.license=x')).toThrow(/"spec.license" is not a known field selector/);
  expect(() => parseFieldSelector(kind, 'spec.authStatus=yes')).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
  expect(() => parseFieldSelector(kind, 'spec.authStatus^=1')).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
  expect(() => parseFieldSelector(kind, '!spec.authUser=a')).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
});

test('conditions evaluate in memory as the database evaluates them', () => {
  const o = obj({ pluginKey: 'p', authUser: 'Alice', authDomain: 'www.a.com', authStatus: 1 }, { tier: 'gold' });
  const check = (field: string, labels = '') =>
    matches(kind, o, { op: 'and', conditions: [...parseFieldSelector(kind, field || 'name'), ...parseLabelSelector(labels)] });
  expect(check('spec.authStatus=1')).toBe(true);
  expect(check('spec.authStatus=(0)')).toBe(false);
  expect(check('spec.authUser~=lic')).toBe(true);
  expect(check('spec.authDomain^=www.')).toBe(true);
  expect(check('spec.authTime')).toBe(false);
  expect(check('!spec.authTime')).toBe(true);
  expect(check('spec.expireTime!=x')).toBe(true);
  expect(check('', 'tier in (gold,silver),!other')).toBe(true);
  expect(check('', 'tier notin (gold)')).toBe(false);
  expect(check('', 'missing!=x')).toBe(true);
});
