import path from 'node:path';
import Database from 'better-sqlite3';
import { BASE, GROUP, VERSION, authLog, startTestServer, type TestServer } from './support/test-server.js';
import { readWatch } from './support/watch-stream.js';
import type { Resource } from '../../../../src/host/resource/types.js';

let server: TestServer;
const JSON_HEADERS = { 'content-type': 'application/json' };
const MERGE = { 'content-type': 'application/merge-patch+json' };

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.stop();
});

async function create(obj: Record<string, unknown>): Promise<Resource> {
  const res = await server.request(BASE, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(obj) });
  expect(res.status).toBe(201);
  return (await res.json()) as Resource;
}

/** The parsed answer; T names what the test reads of it (an object, or a list or table of them). */
async function json<T = Resource>(pathAndQuery: string, init?: RequestInit): Promise<T> {
  return (await (await server.request(pathAndQuery, init)).json()) as T;
}

/** A meta.k8s.io Table as far as the tests read it. */
interface Table {
  columnDefinitions: { name: string }[];
  rows: { cells: unknown[]; object: Resource<{ authUser: string }> }[];
}

test('discovery documents describe the kinds of the registry', async () => {
  expect(await json('/api')).toMatchObject({ kind: 'APIVersions', versions: [] });
  expect(await json('/api/v1')).toEqual({ kind: 'APIResourceList', apiVersion: 'v1', groupVersion: 'v1', resources: [] });
  const groups = await json<{ kind: string; groups: unknown[] }>('/apis');
  expect(groups.kind).toBe('APIGroupList');
  expect(groups.groups).toContainEqual({
    name: GROUP,
    versions: [{ groupVersion: `${GROUP}/${VERSION}`, version: VERSION }],
    preferredVersion: { groupVersion: `${GROUP}/${VERSION}`, version: VERSION },
  });
  expect(await json(`/apis/${GROUP}`)).toMatchObject({ kind: 'APIGroup', name: GROUP });
  const resources = await json<{ resources: unknown[] }>(`/apis/${GROUP}/${VERSION}`);
  expect(resources.resources).toContainEqual({
    name: 'sitepluginauthlogs',
    singularName: 'sitepluginauthlog',
    namespaced: false,
    kind: 'SitePluginAuthLog',
    verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
    shortNames: ['authlog'],
    categories: ['authpay'],
  });
  expect(await json('/version')).toMatchObject({ major: '1', gitVersion: expect.stringMatching(/^v1\.\d+\.\d+\+authpay\./) });
  const openapi = await json<{ paths: Record<string, { serverRelativeURL: string }> }>('/openapi/v3');
  const doc = await json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>(
    openapi.paths[`apis/${GROUP}/${VERSION}`].serverRelativeURL,
  );
  expect(doc.paths[`/apis/${GROUP}/${VERSION}/sitepluginauthlogs/{name}`].patch['x-kubernetes-group-version-kind']).toEqual({
    group: GROUP,
    version: VERSION,
    kind: 'SitePluginAuthLog',
  });
  expect((await server.request('/openapi/v2')).status).toBe(200);
});

test('lists and gets as a meta.k8s.io Table when asked', async () => {
  await create(authLog('table-a', { authUser: 'tabler' }));
  const accept = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';
  const table = await json<Table>(`${BASE}?fieldSelector=spec.authUser%3Dtabler`, { headers: { accept } });
  expect(table).toMatchObject({ kind: 'Table', apiVersion: 'meta.k8s.io/v1' });
  expect(table.columnDefinitions.map((c: { name: string }) => c.name)).toEqual([
    'Name',
    'Plugin',
    'User',
    'Domain',
    'Status',
    'Expires',
    'Age',
  ]);
  expect(table.rows).toHaveLength(1);
  expect(table.rows[0].cells.slice(0, 5)).toEqual(['table-a', 'demo-plugin', 'tabler', 'a.example.com', 1]);
  expect(table.rows[0].cells[5]).toBeNull();
  expect(table.rows[0].cells[6]).toMatch(/^\d+s$/);
  expect(table.rows[0].object).toMatchObject({ kind: 'PartialObjectMetadata', metadata: { name: 'table-a' } });
  const one = await json<Table>(`${BASE}/table-a?includeObject=Object`, { headers: { accept } });
  expect(one.rows[0].object.spec?.authUser).toBe('tabler');
});

test('finalizers keep a deleted object, carrying deletionTimestamp, until they are removed', async () => {
  const obj = authLog('held');
  await create({ ...obj, metadata: { name: 'held', finalizers: ['authpay.dev/test-hold'] } });
  const marked = await json(`${BASE}/held`, { method: 'DELETE' });
  expect(marked.metadata.deletionTimestamp).toEqual(expect.any(String));
  expect((await server.request(`${BASE}/held`)).status).toBe(200);
  const released = await server.request(`${BASE}/held`, {
    method: 'PATCH',
    headers: MERGE,
    body: JSON.stringify({ metadata: { finalizers: null } }),
  });
  expect(released.status).toBe(200);
  expect((await server.request(`${BASE}/held`)).status).toBe(404);
});

test('dryRun=All validates and answers but stores nothing', async () => {
  const res = await server.request(`${BASE}?dryRun=All`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(authLog('dry')) });
  expect(res.status).toBe(201);
  expect(((await res.json()) as Resource).metadata.name).toBe('dry');
  expect((await server.request(`${BASE}/dry`)).status).toBe(404);
});

test('deletecollection removes what the selector matches', async () => {
  await create(authLog('bulk-1', {}, { batch: 'b1' }));
  await create(authLog('bulk-2', {}, { batch: 'b1' }));
  await create(authLog('bulk-keep', {}, { batch: 'b2' }));
  const deleted = await json<{ items: Resource[] }>(`${BASE}?labelSelector=batch%3Db1`, { method: 'DELETE' });
  expect(deleted.items.map((i: { metadata: { name: string } }) => i.metadata.name)).toEqual(['bulk-1', 'bulk-2']);
  const left = await json<{ items: Resource[] }>(`${BASE}?labelSelector=batch`);
  expect(left.items.map((i: { metadata: { name: string } }) => i.metadata.name)).toEqual(['bulk-keep']);
});

test('a watch without resourceVersion starts with the current objects and ends after timeoutSeconds', async () => {
  await create(authLog('w-initial', { authUser: 'watcher' }));
  const res = await server.request(`${BASE}?watch=1&fieldSelector=spec.authUser%3Dwatcher&timeoutSeconds=1`);
  expect(res.headers.get('content-type')).toContain('application/json');
  const events = await readWatch(res);
  expect(events.map((e) => [e.type, e.object.metadata.name])).toEqual([['ADDED', 'w-initial']]);
});

test('a watch reports objects leaving and entering its selector as DELETED and ADDED', async () => {
  await create(authLog('w-move', { authUser: 'mover' }, { phase: 'in' }));
  const res = await server.request(`${BASE}?watch=true&labelSelector=phase%3Din&fieldSelector=spec.authUser%3Dmover`);
  const label = (phase: string) =>
    server.request(`${BASE}/w-move`, { method: 'PATCH', headers: MERGE, body: JSON.stringify({ metadata: { labels: { phase } } }) });
  let relabelled: Promise<number[]> | undefined;
  const events = await readWatch(
    res,
    (seen) => seen.length >= 3,
    // Once the initial ADDED arrived, move the object out of the selector and back in.
    () => {
      relabelled ??= label('out').then(async (a) => [a.status, (await label('in')).status]);
    },
  );
  expect(await relabelled).toEqual([200, 200]);
  expect(events.map((e) => e.type)).toEqual(['ADDED', 'DELETED', 'ADDED']);
});

test('a watch resumes from a resourceVersion, sends bookmarks when allowed, and reports compaction as 410 Expired', async () => {
  const first = await create(authLog('w-resume-1', { authUser: 'resumer' }));
  await create(authLog('w-resume-2', { authUser: 'resumer' }));
  const resumed = await readWatch(
    await server.request(
      `${BASE}?watch=true&fieldSelector=spec.authUser%3Dresumer&resourceVersion=${first.metadata.resourceVersion}&timeoutSeconds=1`,
    ),
  );
  expect(resumed.map((e) => [e.type, e.object.metadata.name])).toEqual([['ADDED', 'w-resume-2']]);

  const initial = await readWatch(
    await server.request(
      `${BASE}?watch=true&sendInitialEvents=true&allowWatchBookmarks=true`
        + '&resourceVersionMatch=NotOlderThan&fieldSelector=spec.authUser%3Dresumer',
    ),
    (events) => events.some((e) => e.type === 'BOOKMARK'),
  );
  expect(initial.map((e) => e.type)).toEqual(['ADDED', 'ADDED', 'BOOKMARK']);
  expect(initial[2].object.metadata.annotations).toEqual({ 'k8s.io/initial-events-end': 'true' });

  // Compaction as the store does it: events up to the newest revision are dropped from the replay log.
  const latest = Number((await json(BASE)).metadata.resourceVersion);
  const db = new Database(path.join(server.dataDir, 'authpay.db'));
  db.pragma('busy_timeout = 5000');
  db.prepare('DELETE FROM authpay_events WHERE rev <= ?').run(latest);
  db.close();
  const expired = await readWatch(await server.request(`${BASE}?watch=true&resourceVersion=${first.metadata.resourceVersion}`));
  expect(expired).toHaveLength(1);
  expect(expired[0]).toMatchObject({ type: 'ERROR', object: { kind: 'Status', code: 410, reason: 'Expired' } });
});

test('a watch asked for a Table sends rows', async () => {
  await create(authLog('w-table', { authUser: 'table-watcher' }));
  const res = await server.request(`${BASE}?watch=true&fieldSelector=spec.authUser%3Dtable-watcher&timeoutSeconds=1`, {
    headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' },
  });
  const [event] = await readWatch(res);
  expect(event.type).toBe('ADDED');
  expect(event.object).toMatchObject({ kind: 'Table', rows: [{ cells: expect.arrayContaining(['w-table', 'table-watcher']) }] });
  expect(event.object.columnDefinitions).toHaveLength(7);
});

test('a watch with allowWatchBookmarks gets periodic BOOKMARK events carrying the last revision', async () => {
  const { createApp } = await import('../../../../src/host/server/app.js');
  const { bootstrapTokenAuth } = await import('../../../../src/host/auth/bootstrap-token.js');
  const { mountGenericApi } = await import('../../../../src/host/api/generic/mount.js');
  const http = await import('node:http');
  const { runtime } = server;
  const app = createApp({
    logger: runtime.logger,
    before: [bootstrapTokenAuth(server.token)],
    routes: [{ path: '/', router: mountGenericApi(runtime, { bookmarkIntervalMs: 50 }) }],
    errorHandlers: runtime.errorHandlers,
  });
  const fast = http.createServer(app);
  await new Promise<void>((r) => fast.listen(0, '127.0.0.1', r));
  try {
    const latest = (await json(BASE)).metadata.resourceVersion as string;
    const port = (fast.address() as { port: number }).port;
    const res = await fetch(`http://127.0.0.1:${port}${BASE}?watch=true&allowWatchBookmarks=true&resourceVersion=${latest}`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    const events = await readWatch(res, (seen) => seen.length >= 2);
    expect(events.map((e) => e.type)).toEqual(['BOOKMARK', 'BOOKMARK']);
    expect(events[0].object).toMatchObject({ kind: 'SitePluginAuthLog', metadata: { resourceVersion: latest } });
  } finally {
    fast.closeAllConnections();
    await new Promise((r) => fast.close(r));
  }
});
