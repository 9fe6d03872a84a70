import { requestInfoOf } from '../../../src/host/rbac/request-info.js';
import { ruleAllows } from '../../../src/host/rbac/policy-rule.js';

test.each([
  ['GET', '/apis/g.example/v1/things', false, { verb: 'list', apiGroup: 'g.example', resource: 'things', name: '' }],
  ['GET', '/apis/g.example/v1/things', true, { verb: 'watch', resource: 'things' }],
  ['GET', '/apis/g.example/v1/watch/things', false, { verb: 'watch', resource: 'things' }],
  ['GET', '/apis/g.example/v1/things/a', false, { verb: 'get', name: 'a' }],
  ['POST', '/apis/g.example/v1/things', false, { verb: 'create' }],
  ['PUT', '/apis/g.example/v1/things/a', false, { verb: 'update', name: 'a' }],
  ['PATCH', '/apis/g.example/v1/things/a', false, { verb: 'patch' }],
  ['DELETE', '/apis/g.example/v1/things/a', false, { verb: 'delete' }],
  ['DELETE', '/apis/g.example/v1/things', false, { verb: 'deletecollection' }],
  ['POST', '/apis/g.example/v1/things/a/approve', false, { verb: 'create', name: 'a', subresource: 'approve' }],
  ['GET', '/apis/uc.api.host.authpay.dev/v1alpha1/users/-', false, { verb: 'get', name: '-', resource: 'users' }],
  ['GET', '/api/v1/configmaps/x', false, { verb: 'get', apiGroup: '', resource: 'configmaps', name: 'x' }],
])('%s %s (watch=%s) is a resource request', (method, path, watch, expected) => {
  expect(requestInfoOf(method, path, watch)).toMatchObject({ isResourceRequest: true, ...expected });
});

test('other paths are non-resource URLs with the lower-case method as verb', () => {
  expect(requestInfoOf('POST', '/login')).toEqual({ isResourceRequest: false, verb: 'post', path: '/login' });
  expect(requestInfoOf('HEAD', '/healthz')).toMatchObject({ verb: 'get' });
  expect(requestInfoOf('GET', '/apis/g.example/v1')).toMatchObject({ isResourceRequest: false, path: '/apis/g.example/v1' });
  expect(requestInfoOf('GET', '/payment/abc')).toMatchObject({ isResourceRequest: false, path: '/payment/abc' });
});

test('dot segments and malformed escapes are not parsed at all', () => {
  expect(requestInfoOf('GET', '/payment/../apis/host.authpay.dev/v1alpha1/users')).toBeUndefined();
  expect(requestInfoOf('GET', '/payment/%2e%2e/x')).toBeUndefined();
  expect(requestInfoOf('GET', '/payment/a%2Fb')).toBeUndefined();
  expect(requestInfoOf('GET', '/payment/%zz')).toBeUndefined();
});

test('rules match verbs, groups, resources, subresources, names and URL prefixes', () => {
  const get = (p: string, m = 'GET') => requestInfoOf(m, p)!;
  const view = { apiGroups: ['g'], resources: ['things'], verbs: ['get', 'list'] };
  expect(ruleAllows(view, get('/apis/g/v1/things'))).toBe(true);
  expect(ruleAllows(view, get('/apis/g/v1/things', 'POST'))).toBe(false);
  expect(ruleAllows(view, get('/apis/other/v1/things'))).toBe(false);
  expect(ruleAllows(view, get('/apis/g/v1/things/a/secret'))).toBe(false);
  expect(ruleAllows({ apiGroups: ['g'], resources: ['things/*'], verbs: ['*'] }, get('/apis/g/v1/things/a/secret'))).toBe(true);
  expect(ruleAllows({ apiGroups: ['g'], resources: ['*/status'], verbs: ['*'] }, get('/apis/g/v1/things/a/status'))).toBe(true);
  const named = { apiGroups: ['g'], resources: ['things'], resourceNames: ['a'], verbs: ['get', 'list'] };
  expect(ruleAllows(named, get('/apis/g/v1/things/a'))).toBe(true);
  expect(ruleAllows(named, get('/apis/g/v1/things/b'))).toBe(false);
  expect(ruleAllows(named, get('/apis/g/v1/things'))).toBe(false);
  const pages = { nonResourceURLs: ['/payment/*'], verbs: ['get'] };
  expect(ruleAllows(pages, get('/payment/x/y'))).toBe(true);
  expect(ruleAllows(pages, get('/payment'))).toBe(true);
  expect(ruleAllows(pages, get('/paymentx'))).toBe(false);
  expect(ruleAllows(pages, get('/payment/x', 'DELETE'))).toBe(false);
  expect(ruleAllows(pages, get('/apis/g/v1/payment'))).toBe(false);
});
