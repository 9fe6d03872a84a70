import type { Status } from '../../../../src/host/api/generic/status.js';
import { BASE, authLog, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let revision: number;

beforeAll(async () => {
  server = await startTestServer();
  const created = await server.request(BASE, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(authLog('params-one', {}, { tier: 'gold' })),
  });
  expect(created.status).toBe(201);
  revision = Number(((await created.json()) as { metadata: { resourceVersion: string } }).metadata.resourceVersion);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

async function statusOf(path: string, init?: RequestInit): Promise<{ code: number; body: Status }> {
  const res = await server.request(path, init);
  const body = (await res.json()) as Status;
  expect(body).toMatchObject({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code: res.status });
  return { code: res.status, body };
}

describe('list and watch parameters that do not decode are 400 BadRequest naming the parameter', () => {
  test.each([
    ['limit=1e3', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=%201', 'limit'],
    ['limit=9007199254740992', 'limit'],
    ['limit=5&limit=6', 'limit'],
    ['timeoutSeconds=1e3&watch=true', 'timeoutSeconds'],
    ['timeoutSeconds=-5&watch=true', 'timeoutSeconds'],
    ['watch=yes', 'watch'],
    ['watch=2', 'watch'],
    ['allowWatchBookmarks=maybe&watch=true', 'allowWatchBookmarks'],
    ['resourceVersion=abc', 'resourceVersion'],
    ['resourceVersion=-1', 'resourceVersion'],
    ['resourceVersion=1e3', 'resourceVersion'],
    ['resourceVersion=99999999999999999999', 'resourceVersion'],
    ['resourceVersion=abc&watch=true', 'resourceVersion'],
  ])('%s', async (query, field) => {
    const { code, body } = await statusOf(`${BASE}?${query}`);
    expect({ query, code, reason: body.reason }).toEqual({ query, code: 400, reason: 'BadRequest' });
    expect(body.details?.causes?.map((c) => c.field)).toContain(field);
  });

  test('on a get and a delete too', async () => {
    expect((await statusOf(`${BASE}/params-one?resourceVersion=abc`)).code).toBe(400);
    expect((await statusOf(`${BASE}/params-one?gracePeriodSeconds=1e3`, { method: 'DELETE' })).code).toBe(400);
    expect((await statusOf(`${BASE}/params-one?orphanDependents=yes`, { method: 'DELETE' })).code).toBe(400);
    expect((await statusOf(`${BASE}?limit=1e3`, { method: 'DELETE' })).code).toBe(400);
    expect((await server.request(`${BASE}/params-one`)).status).toBe(200);
  });
});

describe('malformed selectors are 400 BadRequest', () => {
  test.each([
    'labelSelector=a%3Db%3Dc',
    'labelSelector=tier%2C',
    'labelSelector=%2Ctier',
    'labelSelector=tier%2C%2Cx',
    'labelSelector=tier%20in%20()',
    'labelSelector=tier%20in%20(gold',
    'labelSelector=!tier%3Dgold',
    'labelSelector=tier%3D%3D%3Dgold',
    'fieldSelector=metadata.name%3Da%3Db',
    'fieldSelector=metadata.name%3Da%5Cxb',
    'fieldSelector=metadata.name%3Da%5C',
    'fieldSelector=%3Dx',
    'fieldSelector=spec.authStatus%3Dnotanumber',
  ])('%s', async (query) => {
    const { code, body } = await statusOf(`${BASE}?${query}`);
    expect({ query, code, reason: body.reason }).toEqual({ query, code: 400, reason: 'BadRequest' });
  });

  test('well-formed selectors of the Kubernetes grammar still select', async () => {
    for (const query of [
      'labelSelector=tier%3Dgold',
      'labelSelector=tier%3D%3Dgold%2Cx!%3Dy',
      'labelSelector=tier%20in%20(gold%2Csilver)',
      'labelSelector=tier%2C!missing',
      'fieldSelector=metadata.name%3Dparams-one',
      'fieldSelector=metadata.name%3D%3Dparams-one%2Cspec.authUser!%3Dbob',
      'fieldSelector=metadata.name%3Dparams-one%2C%2C',
      'fieldSelector=metadata.name%3Da%5C%3Db',
    ]) {
      const res = await server.request(`${BASE}?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 200 });
    }
    const gold = (await (await server.request(`${BASE}?labelSelector=tier%20in%20(gold)`)).json()) as { items: unknown[] };
    expect(gold.items).toHaveLength(1);
  });
});

describe('resourceVersionMatch follows Kubernetes: 422 Invalid ListOptions', () => {
  test.each([
    ['resourceVersionMatch=Exact', 'resourceVersionMatch is forbidden unless resourceVersion is provided'],
    ['resourceVersionMatch=NotOlderThan', 'resourceVersionMatch is forbidden unless resourceVersion is provided'],
    ['resourceVersionMatch=Newest&resourceVersion=1', 'Unsupported value: "Newest"'],
    ['resourceVersionMatch=Exact&resourceVersion=0', 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"'],
    ['resourceVersionMatch=NotOlderThan&resourceVersion=1&continue=abc', 'resourceVersionMatch is forbidden when continue is provided'],
    ['watch=true&resourceVersionMatch=NotOlderThan&resourceVersion=1', 'forbidden for watch unless sendInitialEvents is provided'],
    ['watch=true&sendInitialEvents=true', 'sendInitialEvents requires setting resourceVersionMatch to NotOlderThan'],
    ['sendInitialEvents=true', 'sendInitialEvents is forbidden for list'],
  ])('%s', async (query, message) => {
    const { code, body } = await statusOf(`${BASE}?${query}`);
    expect({ code, reason: body.reason }).toEqual({ code: 422, reason: 'Invalid' });
    expect(body.message).toContain('ListOptions.meta.k8s.io "" is invalid');
    expect(body.message).toContain(message);
  });

  test('NotOlderThan and Exact at the current revision are answered', async () => {
    const list = (await (await server.request(BASE)).json()) as { metadata: { resourceVersion: string } };
    const rv = list.metadata.resourceVersion;
    expect((await server.request(`${BASE}?resourceVersionMatch=NotOlderThan&resourceVersion=${rv}`)).status).toBe(200);
    expect((await server.request(`${BASE}?resourceVersionMatch=NotOlderThan&resourceVersion=0`)).status).toBe(200);
    // Exact holds only while nothing else is written (scheduled jobs write too): try a few times.
    let exact = 0;
    for (let i = 0; i < 5 && exact !== 200; i++) {
      const now = ((await (await server.request(BASE)).json()) as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
      exact = (await server.request(`${BASE}?resourceVersionMatch=Exact&resourceVersion=${now}`)).status;
    }
    expect(exact).toBe(200);
  });
});

describe('revisions out of range', () => {
  test('an older revision with Exact is 410 Expired (the store keeps no snapshots)', async () => {
    const { code, body } = await statusOf(`${BASE}?resourceVersionMatch=Exact&resourceVersion=${Math.max(1, revision - 1)}`);
    expect({ code, reason: body.reason }).toEqual({ code: 410, reason: 'Expired' });
  });

  test('a revision later than the store has is 504 "Too large resource version", as Kubernetes answers', async () => {
    const far = revision + 1_000_000_000;
    for (const path of [
      `${BASE}?resourceVersion=${far}`,
      `${BASE}?resourceVersion=${far}&resourceVersionMatch=NotOlderThan`,
      `${BASE}/params-one?resourceVersion=${far}`,
    ]) {
      const { code, body } = await statusOf(path);
      expect({ path, code, reason: body.reason }).toEqual({ path, code: 504, reason: 'Timeout' });
      expect(body.message).toContain('Too large resource version');
      expect(body.details?.causes?.[0]?.reason).toBe('ResourceVersionTooLarge');
    }
  });
});

test('booleans take what Go ParseBool takes; unknown parameters are ignored', async () => {
  for (const query of [
    'watch=false',
    'watch=0',
    'watch=F',
    'watch=',
    'pretty=true',
    'someUnknownParameter=x',
    'limit=',
    'limit=0',
    'limit=007',
  ]) {
    const res = await server.request(`${BASE}?${query}`);
    expect({ query, status: res.status }).toEqual({ query, status: 200 });
  }
  const watch = await server.request(`${BASE}?watch=1&timeoutSeconds=1`);
  expect(watch.status).toBe(200);
  await watch.text();
});
