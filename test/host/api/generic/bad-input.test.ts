import type { Status } from '../../../../src/host/api/generic/status.js';
import type { Resource } from '../../../../src/host/resource/types.js';
import { BASE, GROUP, authLog, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.stop();
});

const JSON_HEADERS = { 'content-type': 'application/json' };

async function status(res: Response): Promise<Status> {
  const body = (await res.json()) as Status;
  expect(body).toMatchObject({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code: res.status });
  return body;
}

async function names(): Promise<string[]> {
  const list = (await (await server.request(BASE)).json()) as { items: Array<{ metadata: { name: string } }> };
  return list.items.map((i) => i.metadata.name);
}

function post(body: string, headers: Record<string, string> = JSON_HEADERS): Promise<Response> {
  return server.request(BASE, { method: 'POST', headers, body });
}

test('callers without the bootstrap token get a 401 Status', async () => {
  for (const headers of [{}, { authorization: 'Bearer wrong-token' }] as Array<Record<string, string>>) {
    const res = await fetch(`${server.url}${BASE}`, { headers });
    expect(res.status).toBe(401);
    expect(await status(res)).toMatchObject({ reason: 'Unauthorized' });
  }
  const discovery = await fetch(`${server.url}/apis`);
  expect(discovery.status).toBe(401);
  const write = await fetch(`${server.url}${BASE}`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(authLog('anon')) });
  expect(write.status).toBe(401);
  expect(await names()).not.toContain('anon');
});

test('invalid JSON is a 400 BadRequest and writes nothing', async () => {
  const res = await post('{"apiVersion": "pluginauth.authpay.dev/v1alpha1", "kind": ');
  expect(res.status).toBe(400);
  expect(await status(res)).toMatchObject({ reason: 'BadRequest' });
  expect(await names()).toEqual([]);
});

test('schema violations are 422 Invalid with one cause per field', async () => {
  const res = await post(JSON.stringify(authLog('bad-spec', { authStatus: 5, extra: true })));
  expect(res.status).toBe(422);
  const body = await status(res);
  expect(body.reason).toBe('Invalid');
  expect(body.details).toMatchObject({ name: 'bad-spec', group: GROUP, kind: 'sitepluginauthlogs' });
  const fields = (body.details?.causes as Array<{ field: string; reason: string }>).map((c) => [c.field, c.reason]);
  // The unknown property is named itself (dotted path), not its parent object.
  expect(fields).toEqual(
    expect.arrayContaining([
      ['spec.authStatus', 'FieldValueNotSupported'],
      ['spec.extra', 'FieldValueForbidden'],
    ]),
  );
  const missing = await post(JSON.stringify({ ...authLog('no-spec'), spec: { pluginKey: 'p' } }));
  expect(missing.status).toBe(422);
  const causes = (await status(missing)).details?.causes as Array<{ field: string; reason: string }>;
  const required = causes.filter((c) => c.reason === 'FieldValueRequired');
  expect(required.length).toBeGreaterThan(0);
  for (const cause of required) expect(cause.field).toMatch(/^spec\.[A-Za-z]+$/);
  expect(await names()).toEqual([]);
});

test('bad names are 422 Invalid naming metadata.name', async () => {
  for (const name of ['Upper_Case', '-dash', 'a'.repeat(254)]) {
    const res = await post(JSON.stringify(authLog(name)));
    expect(res.status).toBe(422);
    const body = await status(res);
    expect(body.details?.causes?.map((c) => c.field)).toContain('metadata.name');
  }
  const nameless = await post(JSON.stringify({ ...authLog('x'), metadata: {} }));
  expect(nameless.status).toBe(422);
  expect(await names()).toEqual([]);
});

test('bodies over 1 MiB are 413 RequestEntityTooLarge', async () => {
  const huge = authLog('huge', { license: 'x'.repeat(1024 * 1024) });
  const res = await post(JSON.stringify(huge));
  expect(res.status).toBe(413);
  expect(await status(res)).toMatchObject({ reason: 'RequestEntityTooLarge' });
  expect(await names()).toEqual([]);
});

test('unknown groups, versions and resources are 404 NotFound Status objects', async () => {
  for (const path of [
    '/apis/nothing.example.com',
    '/apis/nothing.example.com/v1/things',
    '/apis/pluginauth.authpay.dev/v9',
    `/apis/${GROUP}/v9/sitepluginauthlogs`,
    `/apis/${GROUP}/v1alpha1/nothings`,
    '/api/v1/things',
    '/api/v2',
  ]) {
    const res = await server.request(path);
    expect({ path, status: res.status }).toEqual({ path, status: 404 });
    expect(await status(res)).toMatchObject({ reason: 'NotFound' });
  }
});

test('a body of another kind or apiVersion is a 400 BadRequest', async () => {
  const wrongKind = await post(JSON.stringify({ ...authLog('wrong-kind'), kind: 'SitePlugin' }));
  expect(wrongKind.status).toBe(400);
  expect((await status(wrongKind)).message).toContain('does not match the expected kind');
  const wrongVersion = await post(JSON.stringify({ ...authLog('wrong-version'), apiVersion: `${GROUP}/v1` }));
  expect(wrongVersion.status).toBe(400);
  const array = await post('[1,2]');
  expect(array.status).toBe(400);
  expect(await names()).toEqual([]);
});

test('unsupported media types are 415', async () => {
  const text = await post('hello', { 'content-type': 'text/plain' });
  expect(text.status).toBe(415);
  expect(await status(text)).toMatchObject({ reason: 'UnsupportedMediaType' });
  expect((await post(JSON.stringify(authLog('ok-one')))).status).toBe(201);
  const strategic = await server.request(`${BASE}/ok-one`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/strategic-merge-patch+json' },
    body: '{"spec":{}}',
  });
  expect(strategic.status).toBe(415);
  expect((await status(strategic)).message).toContain('application/merge-patch+json');
  const apply = await server.request(`${BASE}/ok-one`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/apply-patch+yaml' },
    body: 'spec: {}',
  });
  expect(apply.status).toBe(415);
});

test('duplicates, stale versions and name mismatches are reported as Kubernetes does', async () => {
  expect((await post(JSON.stringify(authLog('dup')))).status).toBe(201);
  const again = await post(JSON.stringify(authLog('dup')));
  expect(again.status).toBe(409);
  expect(await status(again)).toMatchObject({ reason: 'AlreadyExists', message: `sitepluginauthlogs.${GROUP} "dup" already exists` });

  const current = (await (await server.request(`${BASE}/dup`)).json()) as Resource;
  const mismatch = await server.request(`${BASE}/dup`, {
    method: 'PUT',
    headers: JSON_HEADERS,
    body: JSON.stringify({ ...current, metadata: { ...current.metadata, name: 'other' } }),
  });
  expect(mismatch.status).toBe(400);
  expect((await status(mismatch)).message).toBe('the name of the object (other) does not match the name on the URL (dup)');

  const noVersion = await server.request(`${BASE}/dup`, { method: 'PUT', headers: JSON_HEADERS, body: JSON.stringify(authLog('dup')) });
  expect(noVersion.status).toBe(422);

  const stalePatch = await server.request(`${BASE}/dup`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify({ metadata: { resourceVersion: '1' }, spec: { authStatus: 0 } }),
  });
  expect(stalePatch.status).toBe(409);
  expect(await status(stalePatch)).toMatchObject({ reason: 'Conflict' });

  const missing = await server.request(`${BASE}/nobody`, { method: 'DELETE' });
  expect(missing.status).toBe(404);
  expect(await status(missing)).toMatchObject({
    message: `sitepluginauthlogs.${GROUP} "nobody" not found`,
    details: { name: 'nobody', kind: 'sitepluginauthlogs' },
  });

  const patchName = await server.request(`${BASE}/dup`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json-patch+json' },
    body: JSON.stringify([{ op: 'replace', path: '/metadata/name', value: 'renamed' }]),
  });
  expect(patchName.status).toBe(422);
});

test('bad selectors and paging parameters are 400 BadRequest', async () => {
  for (const query of [
    'fieldSelector=spec.license%3Dx',
    'fieldSelector=status.x%3D1',
    'labelSelector=a%20in%20b',
    'labelSelector=Bad%20Key%3Dv',
    'fieldSelector=spec.authStatus%3Dnotanumber',
    'limit=-1',
    'limit=abc',
    'continue=%25%25',
    'resourceVersion=abc&watch=true',
  ]) {
    const res = await server.request(`${BASE}?${query}`);
    expect({ query, status: res.status }).toEqual({ query, status: 400 });
    expect(await status(res)).toMatchObject({ reason: 'BadRequest' });
  }
  const notIndexed = await status(await server.request(`${BASE}?fieldSelector=spec.license%3Dx`));
  expect(notIndexed.message).toContain('"spec.license" is not a known field selector');
});

test('errors on business paths keep the envelope', async () => {
  const res = await server.request('/apis/console.api.pluginauth.authpay.dev/v1alpha1/no-such-operation');
  const body = (await res.json()) as Record<string, unknown>;
  expect(body.kind).toBeUndefined();
  expect(body.success).toBe(false);
});
