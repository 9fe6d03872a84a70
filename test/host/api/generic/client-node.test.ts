import {
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  Watch,
  makeInformer,
  setHeaderOptions,
  type KubernetesObject,
} from '@kubernetes/client-node';
import { BASE, GROUP, PLURAL, VERSION, authLog, eventually, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let kc: KubeConfig;
let api: CustomObjectsApi;
const coords = { group: GROUP, version: VERSION, plural: PLURAL };

beforeAll(async () => {
  server = await startTestServer();
  kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'authpay', server: server.url, skipTLSVerify: true }],
    users: [{ name: 'bootstrap', token: server.token }],
    contexts: [{ name: 'authpay', cluster: 'authpay', user: 'bootstrap' }],
    currentContext: 'authpay',
  });
  api = kc.makeApiClient(CustomObjectsApi);
});

afterAll(async () => {
  await server.stop();
});

type Obj = KubernetesObject & { spec: Record<string, unknown> };

/** client-node throws ApiException with the raw body; the tests read the Status from it. */
async function statusOf(promise: Promise<unknown>): Promise<{ code: number; reason: string }> {
  try {
    await promise;
  } catch (err) {
    const e = err as { code: number; body: unknown };
    const body = typeof e.body === 'string' ? JSON.parse(e.body) : e.body;
    return { code: e.code, reason: (body as { reason: string }).reason };
  }
  throw new Error('expected the call to fail');
}

test('creates, lists with label and field selectors, and gets objects', async () => {
  const created = (await api.createClusterCustomObject({
    ...coords,
    body: authLog('cn-a', { authUser: 'alice' }, { tier: 'gold' }),
  })) as Obj;
  expect(created.metadata?.uid).toBeTruthy();
  await api.createClusterCustomObject({ ...coords, body: authLog('cn-b', { authUser: 'bob', authStatus: 0 }, { tier: 'silver' }) });
  await api.createClusterCustomObject({ ...coords, body: authLog('cn-c', { authUser: 'carol' }) });

  const gold = (await api.listClusterCustomObject({ ...coords, labelSelector: 'tier in (gold,bronze)' })) as { kind: string; items: Obj[] };
  expect(gold.kind).toBe('SitePluginAuthLogList');
  expect(gold.items.map((i) => i.metadata?.name)).toEqual(['cn-a']);

  const unlabelled = (await api.listClusterCustomObject({ ...coords, labelSelector: '!tier' })) as { items: Obj[] };
  expect(unlabelled.items.map((i) => i.metadata?.name)).toEqual(['cn-c']);

  const byField = (await api.listClusterCustomObject({ ...coords, fieldSelector: 'spec.authStatus=1,spec.authUser!=alice' })) as {
    items: Obj[];
  };
  expect(byField.items.map((i) => i.metadata?.name)).toEqual(['cn-c']);

  const got = (await api.getClusterCustomObject({ ...coords, name: 'cn-b' })) as Obj;
  expect(got.spec.authUser).toBe('bob');
});

test('pages with limit and continue', async () => {
  for (const n of ['pg-1', 'pg-2', 'pg-3']) await api.createClusterCustomObject({ ...coords, body: authLog(n, { authUser: 'pager' }) });
  const first = (await api.listClusterCustomObject({ ...coords, fieldSelector: 'spec.authUser=pager', limit: 2 })) as {
    items: Obj[];
    metadata: { continue?: string };
  };
  expect(first.items.map((i) => i.metadata?.name)).toEqual(['pg-1', 'pg-2']);
  expect(first.metadata.continue).toBeTruthy();
  const second = (await api.listClusterCustomObject({
    ...coords,
    fieldSelector: 'spec.authUser=pager',
    limit: 2,
    _continue: first.metadata.continue,
  })) as { items: Obj[]; metadata: { continue?: string } };
  expect(second.items.map((i) => i.metadata?.name)).toEqual(['pg-3']);
  expect(second.metadata.continue).toBeUndefined();
});

test('replace with a stale resourceVersion is a 409 Conflict; with the current one it succeeds', async () => {
  const obj = (await api.createClusterCustomObject({ ...coords, body: authLog('cn-replace') })) as Obj;
  const updated = (await api.replaceClusterCustomObject({
    ...coords,
    name: 'cn-replace',
    body: { ...obj, spec: { ...obj.spec, authStatus: 0 } },
  })) as Obj;
  expect(updated.spec.authStatus).toBe(0);
  expect(Number(updated.metadata?.resourceVersion)).toBeGreaterThan(Number(obj.metadata?.resourceVersion));
  const stale = api.replaceClusterCustomObject({
    ...coords,
    name: 'cn-replace',
    body: { ...obj, spec: { ...obj.spec, authDomain: 'b.example.com' } },
  });
  expect(await statusOf(stale)).toEqual({ code: 409, reason: 'Conflict' });
});

test('merge-patches with the content type set through the options middleware', async () => {
  await api.createClusterCustomObject({ ...coords, body: authLog('cn-patch', {}, { keep: 'yes', drop: 'me' }) });
  const patched = (await api.patchClusterCustomObject(
    { ...coords, name: 'cn-patch', body: { metadata: { labels: { drop: null } }, spec: { authDomain: 'patched.example.com' } } },
    setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
  )) as Obj;
  expect(patched.spec.authDomain).toBe('patched.example.com');
  expect(patched.spec.authUser).toBe('alice');
  expect(patched.metadata?.labels).toEqual({ keep: 'yes' });

  const jsonPatched = (await api.patchClusterCustomObject(
    { ...coords, name: 'cn-patch', body: [{ op: 'replace', path: '/spec/authStatus', value: 0 }] },
    setHeaderOptions('Content-Type', PatchStrategy.JsonPatch),
  )) as Obj;
  expect(jsonPatched.spec.authStatus).toBe(0);
});

test('deletes and then reports NotFound', async () => {
  await api.createClusterCustomObject({ ...coords, body: authLog('cn-delete') });
  const answer = (await api.deleteClusterCustomObject({ ...coords, name: 'cn-delete' })) as { kind: string; status: string };
  expect(answer).toMatchObject({ kind: 'Status', status: 'Success' });
  expect(await statusOf(api.getClusterCustomObject({ ...coords, name: 'cn-delete' }))).toEqual({ code: 404, reason: 'NotFound' });
});

test('Watch receives ADDED, MODIFIED and DELETED events', async () => {
  const events: Array<[string, string]> = [];
  const watch = new Watch(kc);
  const list = (await api.listClusterCustomObject(coords)) as { metadata: { resourceVersion: string } };
  const controller = await watch.watch(
    BASE,
    { resourceVersion: list.metadata.resourceVersion, fieldSelector: 'metadata.name=cn-watch' },
    (type, obj: Obj) => events.push([type, obj.metadata?.name ?? '']),
    () => undefined,
  );
  try {
    await api.createClusterCustomObject({ ...coords, body: authLog('cn-watch') });
    await api.createClusterCustomObject({ ...coords, body: authLog('cn-unwatched') });
    await api.patchClusterCustomObject(
      { ...coords, name: 'cn-watch', body: { spec: { authStatus: 0 } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    await api.deleteClusterCustomObject({ ...coords, name: 'cn-watch' });
    await eventually(() => events.length >= 3, 'three watch events');
    expect(events).toEqual([
      ['ADDED', 'cn-watch'],
      ['MODIFIED', 'cn-watch'],
      ['DELETED', 'cn-watch'],
    ]);
  } finally {
    controller.abort();
  }
});

test('an informer lists, then follows changes', async () => {
  const informer = makeInformer<Obj>(
    kc,
    BASE,
    () => api.listClusterCustomObject({ ...coords, labelSelector: 'informed=yes' }) as never,
    'informed=yes',
  );
  const added: string[] = [];
  const updated: string[] = [];
  const deleted: string[] = [];
  informer.on('add', (o) => added.push(o.metadata?.name ?? ''));
  informer.on('update', (o) => updated.push(o.metadata?.name ?? ''));
  informer.on('delete', (o) => deleted.push(o.metadata?.name ?? ''));
  await api.createClusterCustomObject({ ...coords, body: authLog('inf-before', {}, { informed: 'yes' }) });
  await informer.start();
  try {
    await eventually(() => added.includes('inf-before'), 'the listed object');
    await api.createClusterCustomObject({ ...coords, body: authLog('inf-after', {}, { informed: 'yes' }) });
    await eventually(() => added.includes('inf-after'), 'the created object');
    await api.patchClusterCustomObject(
      { ...coords, name: 'inf-after', body: { spec: { authStatus: 0 } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    await eventually(() => updated.includes('inf-after'), 'the update');
    await api.deleteClusterCustomObject({ ...coords, name: 'inf-before' });
    await eventually(() => deleted.includes('inf-before'), 'the deletion');
    expect(informer.list().map((o) => o.metadata?.name)).toEqual(['inf-after']);
  } finally {
    await informer.stop();
  }
});
