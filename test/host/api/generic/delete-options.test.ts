import type { Status } from '../../../../src/host/api/generic/status.js';
import { BASE, authLog, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

const JSON_TYPE = { 'content-type': 'application/json' };

interface Stored {
  metadata: { name: string; uid: string; resourceVersion: string; ownerReferences?: unknown[] };
}

async function create(name: string, metadata: Record<string, unknown> = {}): Promise<Response> {
  const manifest = authLog(name);
  return server.request(BASE, {
    method: 'POST',
    headers: JSON_TYPE,
    body: JSON.stringify({ ...manifest, metadata: { name, ...metadata } }),
  });
}

async function created(name: string): Promise<Stored> {
  const res = await create(name);
  expect(res.status).toBe(201);
  return (await res.json()) as Stored;
}

async function exists(name: string): Promise<boolean> {
  return (await server.request(`${BASE}/${name}`)).status === 200;
}

function remove(name: string, body?: unknown, query = ''): Promise<Response> {
  return server.request(`${BASE}/${name}${query}`, {
    method: 'DELETE',
    ...(body === undefined ? {} : { headers: JSON_TYPE, body: JSON.stringify(body) }),
  });
}

async function statusOf(res: Response): Promise<Status> {
  const body = (await res.json()) as Status;
  expect(body).toMatchObject({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code: res.status });
  return body;
}

const causeFields = (status: Status) => (status.details?.causes ?? []).map((c) => c.field);

describe('DeleteOptions of the wrong shape are 400 BadRequest and delete nothing', () => {
  test.each([
    ['preconditions is a string', { preconditions: 'x' }, 'preconditions'],
    ['preconditions.uid is a number', { preconditions: { uid: 5 } }, 'preconditions.uid'],
    ['preconditions.resourceVersion is a number', { preconditions: { resourceVersion: 5 } }, 'preconditions.resourceVersion'],
    ['propagationPolicy is a list', { propagationPolicy: ['Orphan'] }, 'propagationPolicy'],
    ['dryRun is a string', { dryRun: 'All' }, 'dryRun'],
    ['gracePeriodSeconds is text', { gracePeriodSeconds: '5' }, 'gracePeriodSeconds'],
    ['the body is a list', [], undefined],
    ['the body is a string', 'x', undefined],
  ])('%s', async (_what, body, field) => {
    const name = `shape-${Math.random().toString(36).slice(2, 8)}`;
    await created(name);
    const res = await remove(name, body);
    expect(res.status).toBe(400);
    const status = await statusOf(res);
    expect(status.reason).toBe('BadRequest');
    if (field) expect(causeFields(status)).toContain(field);
    expect(await exists(name)).toBe(true);
  });
});

describe('preconditions that do not hold are 409 Conflict and delete nothing', () => {
  test('a uid of another object', async () => {
    await created('pre-uid');
    const res = await remove('pre-uid', { preconditions: { uid: '00000000-0000-0000-0000-000000000000' } });
    expect(res.status).toBe(409);
    expect((await statusOf(res)).message).toContain('Precondition failed: UID in precondition');
    expect(await exists('pre-uid')).toBe(true);
  });

  test('a stale resourceVersion', async () => {
    const first = await created('pre-rv');
    const patched = await server.request(`${BASE}/pre-rv`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ metadata: { labels: { touched: 'yes' } } }),
    });
    expect(patched.status).toBe(200);
    const res = await remove('pre-rv', { preconditions: { resourceVersion: first.metadata.resourceVersion } });
    expect(res.status).toBe(409);
    expect(await exists('pre-rv')).toBe(true);
  });

  test('the right uid and resourceVersion delete the object', async () => {
    const stored = await created('pre-ok');
    const res = await remove('pre-ok', { preconditions: { uid: stored.metadata.uid, resourceVersion: stored.metadata.resourceVersion } });
    expect(res.status).toBe(200);
    expect(await exists('pre-ok')).toBe(false);
  });

  test('a deletecollection passes the preconditions to each delete', async () => {
    await created('pre-coll');
    const res = await server.request(`${BASE}?fieldSelector=metadata.name%3Dpre-coll`, {
      method: 'DELETE',
      headers: JSON_TYPE,
      body: JSON.stringify({ preconditions: { uid: 'not-its-uid' } }),
    });
    expect(res.status).toBe(409);
    expect(await exists('pre-coll')).toBe(true);
  });
});

describe('propagationPolicy', () => {
  test('Foreground is 400: there is no garbage collector to wait for dependents', async () => {
    await created('pp-fg');
    for (const res of [
      await remove('pp-fg', { propagationPolicy: 'Foreground' }),
      await remove('pp-fg', undefined, '?propagationPolicy=Foreground'),
    ]) {
      expect(res.status).toBe(400);
      expect(causeFields(await statusOf(res))).toContain('propagationPolicy');
    }
    expect(await exists('pp-fg')).toBe(true);
  });

  test('an unknown policy, or one given with orphanDependents, is 422 Invalid as in Kubernetes', async () => {
    await created('pp-bad');
    const unknown = await remove('pp-bad', { propagationPolicy: 'Sideways' });
    expect(unknown.status).toBe(422);
    expect((await statusOf(unknown)).message).toContain('DeleteOptions.meta.k8s.io "" is invalid');
    const both = await remove('pp-bad', { propagationPolicy: 'Orphan', orphanDependents: true });
    expect(both.status).toBe(422);
    expect(await exists('pp-bad')).toBe(true);
  });

  test.each(['Background', 'Orphan'])('%s deletes the object', async (policy) => {
    const name = `pp-${policy.toLowerCase()}`;
    await created(name);
    expect((await remove(name, { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: policy })).status).toBe(200);
    expect(await exists(name)).toBe(false);
  });
});

describe('metadata of the wrong shape is 400 BadRequest at the field, on every write path', () => {
  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['ownerReferences is a string', { ownerReferences: 'x' }, 'metadata.ownerReferences'],
    ['an ownerReference with an unknown field', { ownerReferences: [{ junk: 1 }] }, 'metadata.ownerReferences.0.junk'],
    [
      'an ownerReference whose controller is text',
      { ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'a', uid: 'u1', controller: 'yes' }] },
      'metadata.ownerReferences.0.controller',
    ],
    ['labels is a string', { labels: 'x' }, 'metadata.labels'],
    ['a label value that is a number', { labels: { a: 1 } }, 'metadata.labels.a'],
    ['annotations is a list', { annotations: ['a'] }, 'metadata.annotations'],
    ['finalizers is a string', { finalizers: 'x' }, 'metadata.finalizers'],
    ['a finalizer that is a number', { finalizers: [1] }, 'metadata.finalizers.0'],
  ];

  test.each(bad)('create: %s', async (_what, metadata, field) => {
    const name = `meta-${Math.random().toString(36).slice(2, 8)}`;
    const res = await create(name, metadata);
    expect(res.status).toBe(400);
    const status = await statusOf(res);
    expect(status.reason).toBe('BadRequest');
    expect(causeFields(status)).toContain(field);
    expect(await exists(name)).toBe(false);
  });

  test.each(bad)('update, merge patch and JSON patch: %s', async (_what, metadata, field) => {
    const name = `upd-${Math.random().toString(36).slice(2, 8)}`;
    const stored = await created(name);
    const put = await server.request(`${BASE}/${name}`, {
      method: 'PUT',
      headers: JSON_TYPE,
      body: JSON.stringify({ ...authLog(name), metadata: { ...stored.metadata, ...metadata } }),
    });
    const merge = await server.request(`${BASE}/${name}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ metadata }),
    });
    const [key, value] = Object.entries(metadata)[0];
    const jsonPatch = await server.request(`${BASE}/${name}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json-patch+json' },
      body: JSON.stringify([{ op: 'add', path: `/metadata/${key}`, value }]),
    });
    for (const res of [put, merge, jsonPatch]) {
      expect(res.status).toBe(400);
      expect(causeFields(await statusOf(res))).toContain(field);
    }
    const after = (await (await server.request(`${BASE}/${name}`)).json()) as Stored;
    expect(after.metadata.resourceVersion).toBe(stored.metadata.resourceVersion);
  });

  test('well-formed ownerReferences are stored; empty names and two controllers are 422 Invalid', async () => {
    const owner = { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: 'u-1', controller: true, blockOwnerDeletion: false };
    const ok = await create('owned', { ownerReferences: [owner] });
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as Stored).metadata.ownerReferences).toEqual([owner]);
    const empty = await create('owned-empty', { ownerReferences: [{ ...owner, uid: '' }] });
    expect(empty.status).toBe(422);
    expect(causeFields(await statusOf(empty))).toContain('metadata.ownerReferences.0.uid');
    const twice = await create('owned-twice', { ownerReferences: [owner, { ...owner, name: 'other', uid: 'u-2' }] });
    expect(twice.status).toBe(422);
    expect(await exists('owned-empty')).toBe(false);
    expect(await exists('owned-twice')).toBe(false);
  });
});
