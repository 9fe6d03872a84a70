/**
 * The store conformance suite: every backend must pass the same cases, through the real SitePluginAuthLog
 * CRD, the KindRegistry and the ExtensionClient. PostgreSQL runs in a fresh schema per run; when it is
 * unreachable the PostgreSQL block is skipped locally and fails loudly in CI.
 */
import pg from 'pg';
import type { Store } from '../../../src/host/store/store.js';
import type { ExtensionClient } from '../../../src/host/client/extension-client.js';
import type { Resource, WatchEvent } from '../../../src/host/resource/types.js';
import type { Condition, ListQuery } from '../../../src/host/store/query.js';
import {
  PG_URL,
  authLog,
  gadgetOf,
  loadKinds,
  names,
  openClient,
  postgresBackend,
  postgresReachable,
  sqliteBackend,
  until,
  type Backend,
} from './harness.js';

const KIND = 'SitePluginAuthLog';
const inCi = process.env.CI === 'true';
const pgUp = await postgresReachable();
if (!pgUp && !inCi) console.warn(`PostgreSQL is unreachable at ${PG_URL}: skipping the postgres conformance block (it runs in CI).`);

const backends: Array<() => Backend> = [sqliteBackend, ...(pgUp || inCi ? [postgresBackend] : [])];

describe.each(backends.map((make) => ({ make, name: make === sqliteBackend ? 'sqlite' : 'postgres' })))(
  '$name store conformance',
  ({ make }) => {
    const kinds = loadKinds();
    let backend: Backend;
    let store: Store;
    let client: ExtensionClient;

    beforeAll(async () => {
      backend = make();
      ({ store, client } = await openClient(backend, kinds, 'main'));
    });

    afterAll(async () => {
      await store?.close();
      await backend?.cleanup();
    });

    /** Lists SitePluginAuthLogs of one plugin key (each test seeds its own), with extra conditions. */
    const listOf = async (pluginKey: string, query: ListQuery = {}, extra?: Condition) => {
      const scope: Condition = { op: 'eq', field: 'spec.pluginKey', value: pluginKey };
      const where: Condition = extra ? { op: 'and', conditions: [scope, extra] } : scope;
      return client.list(KIND, { ...query, where });
    };
    const selected = async (pluginKey: string, extra: Condition) => names((await listOf(pluginKey, {}, extra)).items);

    /** Collects the watch events of a kind after a revision. */
    const collect = async (fromRevision: number, kind = KIND) => {
      const events: WatchEvent[] = [];
      const handle = await client.watch(kind, { resourceVersion: String(fromRevision) }, (e) => events.push(e));
      return { events, stop: () => handle.stop() };
    };

    describe('objects', () => {
      test('create, get, update and delete an object', async () => {
        const created = await client.create(authLog('crud-a', { pluginKey: 'crud' }));
        expect(created.metadata).toMatchObject({ name: 'crud-a', generation: 1 });
        expect(created.metadata.uid).toEqual(expect.any(String));
        expect(await client.fetch(KIND, 'crud-a')).toEqual(created);
        await expect(client.create(authLog('crud-a'))).rejects.toMatchObject({ code: 'ALREADY_EXISTS' });

        const updated = await client.update({ ...created, spec: { ...(created.spec as object), authStatus: 1 } });
        expect(Number(updated.metadata.resourceVersion)).toBeGreaterThan(Number(created.metadata.resourceVersion));
        expect(updated.metadata.generation).toBe(2);
        expect(await client.fetch(KIND, 'crud-a')).toEqual(updated);

        const deleted = await client.delete(KIND, 'crud-a');
        expect(deleted.removed).toBe(true);
        expect(await client.fetch(KIND, 'crud-a')).toBeUndefined();
        await expect(client.update(updated)).rejects.toMatchObject({ code: 'NOT_FOUND' });
        await expect(client.delete(KIND, 'crud-a')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      });

      test('generateName gives each object a fresh name with the prefix', async () => {
        const a = await client.create({ ...authLog(''), metadata: { generateName: 'gen-' } });
        const b = await client.create({ ...authLog(''), metadata: { generateName: 'gen-' } });
        expect(a.metadata.name).toMatch(/^gen-[a-z0-9]{5}$/);
        expect(b.metadata.name).not.toBe(a.metadata.name);
        expect(await client.fetch(KIND, b.metadata.name)).toEqual(b);
      });

      test('names that are not DNS-1123 subdomains are rejected and nothing is written', async () => {
        const before = await store.currentRevision();
        for (const bad of ['Upper', 'under_score', '-lead', 'trail-', 'a..b', 'x'.repeat(254)]) {
          await expect(client.create(authLog(bad))).rejects.toMatchObject({ code: 'INVALID' });
        }
        expect(await store.currentRevision()).toBe(before);
      });

      test('objects that violate the CRD schema are rejected and nothing is written', async () => {
        const before = await store.currentRevision();
        await expect(client.create(authLog('bad-status', { authStatus: 7 }))).rejects.toMatchObject({ code: 'INVALID' });
        await expect(client.create({ ...authLog('bad-extra'), spec: { ...authLog('x').spec, colour: 'red' } })).rejects.toMatchObject({
          code: 'INVALID',
        });
        const { authUser: _u, ...noUser } = authLog('x').spec;
        await expect(client.create({ ...authLog('bad-missing'), spec: noUser })).rejects.toMatchObject({ code: 'INVALID' });
        const ok = await client.create(authLog('schema-ok'));
        await expect(client.update({ ...ok, spec: { ...(ok.spec as object), authDomain: 'https://A.com/' } })).rejects.toMatchObject({
          code: 'INVALID',
        });
        expect(await client.fetch(KIND, 'bad-status')).toBeUndefined();
        expect(await client.fetch(KIND, 'schema-ok')).toEqual(ok);
        expect(await store.currentRevision()).toBe(Number(ok.metadata.resourceVersion));
        expect(Number(ok.metadata.resourceVersion)).toBeGreaterThan(before);
      });

      test('of two writers holding the same resourceVersion one wins and the other gets a conflict', async () => {
        const base = await client.create(authLog('race', { pluginKey: 'race' }));
        const results = await Promise.allSettled([
          client.update({ ...base, spec: { ...(base.spec as object), authUser: 'first' } }),
          client.update({ ...base, spec: { ...(base.spec as object), authUser: 'second' } }),
        ]);
        const won = results.filter((r) => r.status === 'fulfilled') as Array<PromiseFulfilledResult<Resource>>;
        const lost = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect(lost[0].reason).toMatchObject({ code: 'CONFLICT' });
        expect(await client.fetch(KIND, 'race')).toEqual(won[0].value);
      });

      test('an update given the object as read writes as one that reads it again, and a stale read still conflicts', async () => {
        const read = await client.create(authLog('as-read', { pluginKey: 'as-read' }));
        const written = await client.transaction(async (tx) =>
          tx.update({ ...read, spec: { ...(read.spec as object), authStatus: 1 } }, { read }),
        );
        expect(written.metadata).toMatchObject({
          uid: read.metadata.uid,
          creationTimestamp: read.metadata.creationTimestamp,
          generation: 2,
        });
        expect(await client.fetch(KIND, 'as-read')).toEqual(written);
        await expect(client.update({ ...read, spec: { ...(read.spec as object), authStatus: 0 } }, { read })).rejects.toMatchObject({
          code: 'CONFLICT',
        });
        expect(await client.fetch(KIND, 'as-read')).toEqual(written);
      });

      test('resourceVersion is one global revision that increases across kinds', async () => {
        const versions: number[] = [];
        for (let i = 0; i < 3; i++) {
          versions.push(Number((await client.create(authLog(`rev-${i}`))).metadata.resourceVersion));
          versions.push(Number((await client.create(gadgetOf(`rev-${i}`, { weight: i }))).metadata.resourceVersion));
        }
        versions.push(Number((await client.patch(KIND, 'rev-0', { spec: { authStatus: 1 } })).metadata.resourceVersion));
        versions.push(Number((await client.delete('Gadget', 'rev-1')).object.metadata.resourceVersion));
        for (let i = 1; i < versions.length; i++) expect(versions[i]).toBeGreaterThan(versions[i - 1]);
        expect(await store.currentRevision()).toBe(versions[versions.length - 1]);
      });

      test('a merge patch merges objects, deletes on null and honours a resourceVersion precondition', async () => {
        const base = await client.create(authLog('patched', { license: 'L1' }, { tier: 'gold' }));
        const patched = await client.patch(KIND, 'patched', {
          metadata: { labels: { region: 'eu' } },
          spec: { authStatus: 1, license: null },
        });
        expect(patched.metadata.labels).toEqual({ tier: 'gold', region: 'eu' });
        expect(patched.spec).toEqual({ pluginKey: 'p', authUser: 'u', authDomain: 'a.com', authStatus: 1 });
        await expect(
          client.patch(KIND, 'patched', { metadata: { resourceVersion: base.metadata.resourceVersion }, spec: { authStatus: 0 } }),
        ).rejects.toMatchObject({ code: 'CONFLICT' });
        await expect(client.patch(KIND, 'patched', { spec: { authStatus: 5 } })).rejects.toMatchObject({ code: 'INVALID' });
        expect(await client.fetch(KIND, 'patched')).toEqual(patched);
        expect(await selected('p', { op: 'label_eq', key: 'region', value: 'eu' })).toEqual(['patched']);
      });

      test('delete marks an object with finalizers; removing the last finalizer removes it', async () => {
        await client.create({ ...authLog('finalized'), metadata: { name: 'finalized', finalizers: ['authpay.dev/a', 'authpay.dev/b'] } });
        const marked = await client.delete(KIND, 'finalized');
        expect(marked.removed).toBe(false);
        expect(marked.object.metadata.deletionTimestamp).toEqual(expect.any(String));
        expect(
          (await client.list(KIND, { where: { op: 'exists', field: 'metadata.deletionTimestamp' } })).items.map((i) => i.metadata.name),
        ).toContain('finalized');
        const one = await client.removeFinalizer(marked.object, 'authpay.dev/a');
        expect(await client.fetch(KIND, 'finalized')).toEqual(one);
        await client.removeFinalizer(one, 'authpay.dev/b');
        expect(await client.fetch(KIND, 'finalized')).toBeUndefined();
      });
    });

    describe('watch', () => {
      test('a watch delivers ADDED, MODIFIED and DELETED in revision order', async () => {
        const { events, stop } = await collect(await store.currentRevision());
        const a = await client.create(authLog('watched'));
        const b = await client.patch(KIND, 'watched', { spec: { authStatus: 1 } });
        const c = await client.delete(KIND, 'watched');
        await until(() => events.length >= 3, 'three watch events');
        stop();
        expect(events.map((e) => [e.type, e.revision])).toEqual([
          ['ADDED', Number(a.metadata.resourceVersion)],
          ['MODIFIED', Number(b.metadata.resourceVersion)],
          ['DELETED', Number(c.object.metadata.resourceVersion)],
        ]);
        expect(events[1].object).toEqual(b);
      });

      test('a watch resumed from a revision replays exactly the later events of its kind', async () => {
        const first = await client.create(authLog('resume-a'));
        const later: Resource[] = [];
        later.push(await client.patch(KIND, 'resume-a', { spec: { authStatus: 1 } }));
        await client.create(gadgetOf('resume-g')); // another kind: not part of this watch
        later.push(await client.create(authLog('resume-b')));
        later.push((await client.delete(KIND, 'resume-a')).object);
        const { events, stop } = await collect(Number(first.metadata.resourceVersion));
        await until(() => events.length >= 3, 'the replay');
        const live = await client.create(authLog('resume-c'));
        await until(() => events.length >= 4, 'a live event after the replay');
        stop();
        expect(events.map((e) => [e.type, e.object.metadata.name, e.revision])).toEqual([
          ['MODIFIED', 'resume-a', Number(later[0].metadata.resourceVersion)],
          ['ADDED', 'resume-b', Number(later[1].metadata.resourceVersion)],
          ['DELETED', 'resume-a', Number(later[2].metadata.resourceVersion)],
          ['ADDED', 'resume-c', Number(live.metadata.resourceVersion)],
        ]);
      });

      test('resuming from before the retained event log fails with GONE', async () => {
        const small = await openClient(backend, kinds, 'gone', { eventRetention: 2 });
        try {
          const made: number[] = [];
          for (let i = 0; i < 5; i++) made.push(Number((await small.client.create(authLog(`g-${i}`))).metadata.resourceVersion));
          const oldest = await small.store.compactEvents();
          expect(oldest).toBe(made[3]);
          await expect(small.client.watch(KIND, { resourceVersion: String(made[0]) }, () => undefined)).rejects.toMatchObject({
            code: 'GONE',
          });
          const events: WatchEvent[] = [];
          const handle = await small.client.watch(KIND, { resourceVersion: String(made[2]) }, (e) => events.push(e));
          await until(() => events.length >= 2, 'the retained events');
          handle.stop();
          expect(events.map((e) => e.revision)).toEqual([made[3], made[4]]);
        } finally {
          await small.store.close();
        }
      });
    });

    describe('queries', () => {
      beforeAll(async () => {
        const seed: Array<[string, Partial<Record<string, string | number>>, Record<string, string>?]> = [
          [
            'q-a',
            { authUser: 'alice', authDomain: 'example.com', authStatus: 1, expireTime: '2026-03-01T00:00:00Z' },
            { tier: 'gold', region: 'eu' },
          ],
          [
            'q-b',
            { authUser: 'bob', authDomain: 'shop.example.org', authStatus: 0, expireTime: '2026-01-01T00:00:00Z' },
            { tier: 'silver', region: 'us' },
          ],
          ['q-c', { authUser: 'carol', authDomain: 'carol.dev', authStatus: 1 }, { tier: 'gold' }],
          ['q-d', { authUser: 'ab\u{1F600}', authDomain: 'www.100pct.com', authStatus: 0, expireTime: '2099-12-31T23:59:59Z' }],
          ['q-e', { authUser: 'abe', authDomain: 'example.net', authStatus: 1 }, { region: 'eu' }],
          ['q-f', { authUser: 'Zed', authDomain: 'f.io', authStatus: 0, expireTime: '2026-01-01T00:00:00Z' }],
          ['q-g', { authUser: 'a_b', authDomain: 'g.io', authStatus: 1, expireTime: '2025-06-01T00:00:00Z' }, { tier: 'bronze' }],
        ];
        for (const [name, spec, labels] of seed) await client.create(authLog(name, { pluginKey: 'query', ...spec }, labels));
        for (const [name, weight, active] of [
          ['w-1', 2.5, true],
          ['w-2', 10, false],
          ['w-3', 0.25, true],
        ] as const) {
          await client.create(gadgetOf(name, { weight, active }));
        }
        await client.create(gadgetOf('w-4'));
      });

      test('label selectors: eq, ne, in, notin, exists and notexists', async () => {
        expect(await selected('query', { op: 'label_eq', key: 'tier', value: 'gold' })).toEqual(['q-a', 'q-c']);
        expect(await selected('query', { op: 'label_ne', key: 'tier', value: 'gold' })).toEqual(['q-b', 'q-d', 'q-e', 'q-f', 'q-g']);
        expect(await selected('query', { op: 'label_in', key: 'tier', values: ['silver', 'bronze'] })).toEqual(['q-b', 'q-g']);
        expect(await selected('query', { op: 'label_notin', key: 'tier', values: ['gold', 'silver'] })).toEqual([
          'q-d',
          'q-e',
          'q-f',
          'q-g',
        ]);
        expect(await selected('query', { op: 'label_exists', key: 'region' })).toEqual(['q-a', 'q-b', 'q-e']);
        expect(await selected('query', { op: 'label_notexists', key: 'tier' })).toEqual(['q-d', 'q-e', 'q-f']);
        expect(
          await selected('query', {
            op: 'and',
            conditions: [
              { op: 'label_eq', key: 'tier', value: 'gold' },
              { op: 'label_eq', key: 'region', value: 'eu' },
            ],
          }),
        ).toEqual(['q-a']);
      });

      test('field selectors on indexed fields: eq, ne, in, lt, gt, exists, notexists, prefix and contains', async () => {
        expect(await selected('query', { op: 'eq', field: 'spec.authStatus', value: '1' })).toEqual(['q-a', 'q-c', 'q-e', 'q-g']);
        expect(await selected('query', { op: 'ne', field: 'spec.expireTime', value: '2026-01-01T00:00:00Z' })).toEqual([
          'q-a',
          'q-c',
          'q-d',
          'q-e',
          'q-g',
        ]);
        expect(await selected('query', { op: 'in', field: 'spec.authUser', values: ['bob', 'carol', 'nobody'] })).toEqual(['q-b', 'q-c']);
        expect(await selected('query', { op: 'lt', field: 'spec.expireTime', value: '2026-02-01T00:00:00Z' })).toEqual([
          'q-b',
          'q-f',
          'q-g',
        ]);
        expect(await selected('query', { op: 'gt', field: 'spec.expireTime', value: '2026-01-01T00:00:00Z' })).toEqual(['q-a', 'q-d']);
        expect(await selected('query', { op: 'exists', field: 'spec.expireTime' })).toEqual(['q-a', 'q-b', 'q-d', 'q-f', 'q-g']);
        expect(await selected('query', { op: 'notexists', field: 'spec.expireTime' })).toEqual(['q-c', 'q-e']);
        // Byte order: 'ab😀' follows every BMP continuation of 'ab' and must still match; 'a_b' must not.
        expect(await selected('query', { op: 'prefix', field: 'spec.authUser', value: 'ab' })).toEqual(['q-d', 'q-e']);
        expect(await selected('query', { op: 'contains', field: 'spec.authDomain', value: 'EXAMPLE' })).toEqual(['q-a', 'q-b', 'q-e']);
        expect(await selected('query', { op: 'contains', field: 'spec.authUser', value: '_' })).toEqual(['q-g']);
        expect(await selected('query', { op: 'prefix', field: 'metadata.name', value: 'q-' })).toHaveLength(7);
        const gadgets = async (where: Condition) =>
          names(
            (
              await client.list('Gadget', {
                where: { op: 'and', conditions: [{ op: 'prefix', field: 'metadata.name', value: 'w-' }, where] },
              })
            ).items,
          );
        expect(await gadgets({ op: 'eq', field: 'spec.active', value: 'true' })).toEqual(['w-1', 'w-3']);
        expect(await gadgets({ op: 'lt', field: 'spec.weight', value: 3 })).toEqual(['w-1', 'w-3']);
        expect(await gadgets({ op: 'notexists', field: 'spec.weight' })).toEqual(['w-4']);
      });

      test('conditions on fields that are not indexed are rejected', async () => {
        await expect(client.list(KIND, { where: { op: 'eq', field: 'spec.license', value: 'x' } })).rejects.toMatchObject({
          code: 'BAD_REQUEST',
        });
        await expect(client.list(KIND, { sort: [{ field: 'spec.license', direction: 'asc' }] })).rejects.toMatchObject({
          code: 'BAD_REQUEST',
        });
        await expect(client.count(KIND, { op: 'exists', field: 'metadata.labels' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
        await expect(client.list(KIND, { where: { op: 'eq', field: 'spec.authStatus', value: 'one' } })).rejects.toMatchObject({
          code: 'BAD_REQUEST',
        });
        await expect(client.list(KIND, { where: { op: 'prefix', field: 'spec.authStatus', value: '1' } })).rejects.toMatchObject({
          code: 'BAD_REQUEST',
        });
      });

      test('sorting on indexed fields puts missing values first ascending and last descending', async () => {
        const sorted = async (field: string, direction: 'asc' | 'desc') =>
          names((await listOf('query', { sort: [{ field, direction }] })).items);
        expect(await sorted('spec.expireTime', 'asc')).toEqual(['q-c', 'q-e', 'q-g', 'q-b', 'q-f', 'q-a', 'q-d']);
        expect(await sorted('spec.expireTime', 'desc')).toEqual(['q-d', 'q-a', 'q-f', 'q-b', 'q-g', 'q-e', 'q-c']);
        expect(await sorted('spec.authUser', 'asc')).toEqual(['q-f', 'q-g', 'q-e', 'q-d', 'q-a', 'q-b', 'q-c']);
        expect(await sorted('metadata.name', 'desc')).toEqual(['q-g', 'q-f', 'q-e', 'q-d', 'q-c', 'q-b', 'q-a']);
        const byStatusThenTime = await listOf('query', {
          sort: [
            { field: 'spec.authStatus', direction: 'desc' },
            { field: 'spec.expireTime', direction: 'asc' },
          ],
        });
        expect(names(byStatusThenTime.items)).toEqual(['q-c', 'q-e', 'q-g', 'q-a', 'q-b', 'q-f', 'q-d']);
      });

      test('page and size return one page with the total', async () => {
        const pages = [];
        for (let page = 1; page <= 4; page++)
          pages.push(await listOf('query', { page, size: 3, sort: [{ field: 'spec.authUser', direction: 'asc' }] }));
        expect(pages.map((p) => p.total)).toEqual([7, 7, 7, 7]);
        expect(pages.map((p) => names(p.items))).toEqual([['q-f', 'q-g', 'q-e'], ['q-d', 'q-a', 'q-b'], ['q-c'], []]);
        expect(pages[0].revision).toBe(await store.currentRevision());
        const uncounted = await listOf('query', {
          page: 2,
          size: 3,
          sort: [{ field: 'spec.authUser', direction: 'asc' }],
          countTotal: false,
        });
        expect([names(uncounted.items), uncounted.total]).toEqual([names(pages[1].items), undefined]);
      });

      test('limit and continue visit every item exactly once in name order', async () => {
        const seen: string[] = [];
        let cont: string | undefined;
        let calls = 0;
        do {
          const page = await listOf('query', { limit: 2, continue: cont });
          seen.push(...names(page.items));
          cont = page.continue;
          calls++;
        } while (cont);
        expect(seen).toEqual(['q-a', 'q-b', 'q-c', 'q-d', 'q-e', 'q-f', 'q-g']);
        expect(calls).toBe(4);
        const all: string[] = [];
        for await (const item of client.listAll(KIND, { op: 'eq', field: 'spec.pluginKey', value: 'query' }, 3))
          all.push(item.metadata.name);
        expect(all).toEqual(seen);
        await expect(listOf('query', { limit: 2, continue: 'not-a-token' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      });

      test('count answers with and without conditions', async () => {
        expect(await client.count(KIND, { op: 'eq', field: 'spec.pluginKey', value: 'query' })).toBe(7);
        expect(
          await client.count(KIND, {
            op: 'and',
            conditions: [
              { op: 'eq', field: 'spec.pluginKey', value: 'query' },
              { op: 'label_exists', key: 'tier' },
            ],
          }),
        ).toBe(4);
        expect(await client.count('Gadget', { op: 'eq', field: 'spec.active', value: false })).toBeGreaterThanOrEqual(1);
        expect(await client.count(KIND)).toBe((await client.list(KIND)).items.length);
      });

      test('refreshing statistics after a load keeps every answer the same', async () => {
        const before = await listOf('query', { sort: [{ field: 'spec.authTime', direction: 'asc' }], page: 1, size: 5 });
        await store.refreshStatistics(client.kind(KIND));
        const after = await listOf('query', { sort: [{ field: 'spec.authTime', direction: 'asc' }], page: 1, size: 5 });
        expect(names(after.items)).toEqual(names(before.items));
        expect(after.total).toBe(before.total);
      });
    });

    describe('transactions and durability', () => {
      test('a transaction that throws writes nothing and emits no events', async () => {
        const before = await store.currentRevision();
        const { events, stop } = await collect(before);
        const kept = await client.create(authLog('tx-kept'));
        const victim = await client.create(authLog('tx-victim'));
        await expect(
          client.transaction(async (tx) => {
            await tx.create(authLog('tx-a'));
            await tx.patch(KIND, 'tx-kept', { spec: { authStatus: 1 } });
            await tx.delete(KIND, 'tx-victim');
            await tx.create(authLog('tx-kept')); // ALREADY_EXISTS
          }),
        ).rejects.toMatchObject({ code: 'ALREADY_EXISTS' });
        await expect(
          client.transaction(async (tx) => {
            await tx.create(authLog('tx-b'));
            throw new Error('changed my mind');
          }),
        ).rejects.toThrow('changed my mind');
        expect(await store.currentRevision()).toBe(Number(victim.metadata.resourceVersion));
        expect(await client.fetch(KIND, 'tx-a')).toBeUndefined();
        expect(await client.fetch(KIND, 'tx-b')).toBeUndefined();
        expect(await client.fetch(KIND, 'tx-kept')).toEqual(kept);
        expect(await client.fetch(KIND, 'tx-victim')).toEqual(victim);
        const marker = await client.create(authLog('tx-marker'));
        await until(() => events.length >= 3, 'the marker event');
        stop();
        expect(events.map((e) => [e.object.metadata.name, e.revision])).toEqual([
          ['tx-kept', Number(kept.metadata.resourceVersion)],
          ['tx-victim', Number(victim.metadata.resourceVersion)],
          ['tx-marker', Number(marker.metadata.resourceVersion)],
        ]);
      });

      test('lock() outside a transaction is refused; inside one, check-then-write under a lock never overshoots', async () => {
        await expect(store.lock('k')).rejects.toMatchObject({ code: 'INTERNAL' });
        // PostgreSQL: two store instances (two pools, as two replicas) race; SQLite has one writer per file.
        const other = make === postgresBackend ? await openClient(backend, kinds, 'main') : { client, store: undefined };
        try {
          // Racers add entries under a cap of 3 per key.
          const addUnderCap = (c: ExtensionClient, i: number) =>
            c.transaction(async (tx) => {
              await tx.lock('cap:lock-race', 'another-key');
              const have = (await tx.list(KIND, { where: { op: 'eq', field: 'spec.pluginKey', value: 'lock-race' } })).items.length;
              if (have >= 3) return false;
              await new Promise((r) => setTimeout(r, 5)); // widen the window a missing lock would open
              await tx.create(authLog(`lock-race-${i}`, { pluginKey: 'lock-race' }));
              return true;
            });
          const results = await Promise.all(Array.from({ length: 12 }, (_, i) => addUnderCap(i % 2 ? other.client : client, i)));
          expect(results.filter(Boolean)).toHaveLength(3);
          expect((await listOf('lock-race')).items).toHaveLength(3);
        } finally {
          await other.store?.close();
        }
      });

      test(
        'read-modify-write chains inside a transaction keep every index right, ' + 'even when the caller changed what it read in place',
        async () => {
          type Rmw = Resource<{ authStatus: number }>;
          for (const [i, authStatus] of [0, 1, 0].entries()) await client.create(authLog(`rmw-${i}`, { pluginKey: 'rmw', authStatus }));
          const status = (authStatus: number) => selected('rmw', { op: 'eq', field: 'spec.authStatus', value: authStatus });
          /** Lists the records and flips each one's status, changing the listed copy in place before the write. */
          const flipAll = async (tx: ExtensionClient) => {
            const listed = (await tx.list<Rmw>(KIND, { where: { op: 'eq', field: 'spec.pluginKey', value: 'rmw' } })).items;
            for (const record of listed) record.spec!.authStatus = 1 - record.spec!.authStatus;
            for (const record of listed) await tx.update(record, { read: record });
          };
          await client.transaction(async (tx) => {
            await flipAll(tx);
            // A second write to the same row in the same transaction, and one after a plain fetch.
            const again = await tx.get<Rmw>(KIND, 'rmw-0');
            await tx.update({ ...again, spec: { ...again.spec!, authStatus: 0 } });
            const fetched = (await tx.fetch<Rmw>(KIND, 'rmw-0'))!;
            await tx.update({ ...fetched, spec: { ...fetched.spec!, authStatus: 1 } });
            // The version check still holds against what the transaction itself wrote.
            await expect(tx.update({ ...again, spec: { ...again.spec!, authStatus: 0 } })).rejects.toMatchObject({ code: 'CONFLICT' });
          });
          expect([await status(0), await status(1)]).toEqual([['rmw-1'], ['rmw-0', 'rmw-2']]);
          await client.transaction(async (tx) => {
            await flipAll(tx);
            const again = await tx.get<Rmw>(KIND, 'rmw-1');
            await tx.update({ ...again, spec: { ...again.spec!, authStatus: 1 } });
          });
          expect([await status(0), await status(1)]).toEqual([['rmw-0', 'rmw-2'], ['rmw-1']]);
        },
      );

      test('inside a transaction its own writes count in the revision; after commit everyone sees the last one', async () => {
        const before = await store.currentRevision();
        const seen = await client.transaction(async (tx) => {
          const a = await tx.create(authLog('rev-a'));
          const inside = {
            afterA: await store.currentRevision(),
            listed: (await tx.list(KIND, { where: { op: 'eq', field: 'metadata.name', value: 'rev-a' } })).revision,
          };
          const b = await tx.patch(KIND, 'rev-a', { spec: { authStatus: 1 } });
          return {
            a: Number(a.metadata.resourceVersion),
            b: Number(b.metadata.resourceVersion),
            ...inside,
            afterB: await store.currentRevision(),
          };
        });
        // The writes of one transaction have consecutive revisions (PostgreSQL: the next transaction may jump ahead).
        expect(seen.a).toBeGreaterThan(before);
        expect(seen.b).toBe(seen.a + 1);
        expect([seen.afterA, seen.listed, seen.afterB]).toEqual([seen.a, seen.a, seen.b]);
        expect(await store.currentRevision()).toBe(seen.b);
        expect((await client.list(KIND, { where: { op: 'eq', field: 'metadata.name', value: 'rev-a' } })).revision).toBe(seen.b);
        expect(Number((await client.create(authLog('rev-c'))).metadata.resourceVersion)).toBeGreaterThan(seen.b);
      });

      test('a reopened store keeps objects, labels, revisions and the event log', async () => {
        const first = await openClient(backend, kinds, 'durable');
        const a = await first.client.create(authLog('keep-a', { pluginKey: 'keep' }, { tier: 'gold' }));
        const b = await first.client.create(gadgetOf('keep-g', { weight: 1.5, active: true }));
        const c = await first.client.patch(KIND, 'keep-a', { spec: { authStatus: 1 } });
        const revision = await first.store.currentRevision();
        await first.store.close();

        const again = await openClient(backend, kinds, 'durable');
        try {
          expect(await again.store.currentRevision()).toBe(revision);
          expect(await again.client.fetch(KIND, 'keep-a')).toEqual(c);
          expect(await again.client.fetch('Gadget', 'keep-g')).toEqual(b);
          expect(names((await again.client.list(KIND, { where: { op: 'label_eq', key: 'tier', value: 'gold' } })).items)).toEqual([
            'keep-a',
          ]);
          const events: WatchEvent[] = [];
          const handle = await again.client.watch(KIND, { resourceVersion: a.metadata.resourceVersion }, (e) => events.push(e));
          const d = await again.client.create(authLog('keep-b'));
          await until(() => events.length >= 2, 'replayed and live events after reopening');
          handle.stop();
          expect(events.map((e) => e.revision)).toEqual([Number(c.metadata.resourceVersion), Number(d.metadata.resourceVersion)]);
          expect(Number(d.metadata.resourceVersion)).toBeGreaterThan(revision);
        } finally {
          await again.store.close();
        }
      });
    });

    if (make === postgresBackend) {
      describe('postgres across processes', () => {
        test("a second store instance on the same schema receives the first one's watch events", async () => {
          const other = await openClient(backend, kinds, 'main');
          try {
            const events: WatchEvent[] = [];
            const handle = await other.client.watch(KIND, { resourceVersion: String(await store.currentRevision()) }, (e) =>
              events.push(e),
            );
            const a = await client.create(authLog('remote'));
            const b = await client.patch(KIND, 'remote', { metadata: { labels: { seen: 'yes' } } });
            const c = await client.delete(KIND, 'remote');
            await until(() => events.length >= 3, 'events in the second instance');
            handle.stop();
            expect(events.map((e) => [e.type, e.revision])).toEqual([
              ['ADDED', Number(a.metadata.resourceVersion)],
              ['MODIFIED', Number(b.metadata.resourceVersion)],
              ['DELETED', Number(c.object.metadata.resourceVersion)],
            ]);
          } finally {
            await other.store.close();
          }
        });

        test('a watcher keeps receiving events after its LISTEN connection is killed', async () => {
          const other = await openClient(backend, kinds, 'main');
          const admin = new pg.Client({ connectionString: PG_URL });
          await admin.connect();
          try {
            const events: WatchEvent[] = [];
            const handle = await other.client.watch(KIND, { resourceVersion: String(await store.currentRevision()) }, (e) =>
              events.push(e),
            );
            const schema = (other.store as unknown as { schema: string }).schema;
            const killed = await admin.query(
              'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND query = $2',
              [`authpay-listener/${schema}`, `LISTEN "authpay_events_${schema}"`],
            );
            expect(killed.rowCount).toBeGreaterThanOrEqual(1);
            const a = await client.create(authLog('after-drop'));
            await until(() => events.length >= 1, 'an event after the reconnect');
            handle.stop();
            expect(events.map((e) => [e.type, e.revision])).toEqual([['ADDED', Number(a.metadata.resourceVersion)]]);
          } finally {
            await admin.end();
            await other.store.close();
          }
        });
      });
    }
  },
);
