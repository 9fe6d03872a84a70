/**
 * PostgreSQL revisions without a global write lock: upgrading a schema written by the old code (a revision
 * sequence), a long transaction holding the event feed back (reported, nothing skipped), and deadlocks
 * surfacing as CONFLICT.
 */
import pg from 'pg';
import type { WatchEvent } from '../../../src/host/resource/types.js';
import { PostgresStore } from '../../../src/host/store/postgres-store.js';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';
import { MAX_WRITES_PER_TRANSACTION, nextWriteNumber } from '../../../src/host/store/postgres-revisions.js';
import { PG_URL, authLog, loadKinds, postgresReachable, until } from './harness.js';

const KIND = 'SitePluginAuthLog';
const pgUp = await postgresReachable();
const inCi = process.env.CI === 'true';
if (!pgUp && !inCi) console.warn(`PostgreSQL is unreachable at ${PG_URL}: skipping the PostgreSQL revision tests (they run in CI).`);

test("a transaction's writes are numbered 1 to 65,535; the next one is refused with a clear error", () => {
  expect(nextWriteNumber(0)).toBe(1);
  expect(nextWriteNumber(MAX_WRITES_PER_TRANSACTION - 1)).toBe(MAX_WRITES_PER_TRANSACTION);
  expect(() => nextWriteNumber(MAX_WRITES_PER_TRANSACTION)).toThrow(expect.objectContaining({ code: 'INTERNAL' }));
  expect(() => nextWriteNumber(MAX_WRITES_PER_TRANSACTION)).toThrow(/65535/);
});

(pgUp || inCi ? describe : describe.skip)('PostgreSQL revisions', () => {
  const schema = `pgrev_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  const kinds = loadKinds();
  const stores: PostgresStore[] = [];
  const problems: string[] = [];

  const open = async () => {
    const store = await PostgresStore.connect(PG_URL, { schema, poolSize: 4, onProblem: (m) => problems.push(m) });
    stores.push(store);
    await store.ensureKind(kinds.authLog);
    return { store, client: new ExtensionClient(kinds.registry, store) };
  };

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  test('a schema written by the old code continues above its sequence, which is dropped so old replicas fail loudly', async () => {
    // What the old code left: the sequence at 7000 and the event log, without a revision offset.
    await admin.query(`CREATE SCHEMA ${schema}; SET search_path = ${schema};
      CREATE SEQUENCE authpay_revision; SELECT setval('authpay_revision', 7000);
      CREATE TABLE authpay_events (rev bigint PRIMARY KEY, kind text NOT NULL, name text NOT NULL, type text NOT NULL, data json NOT NULL);
      CREATE TABLE authpay_meta (key text PRIMARY KEY, value bigint NOT NULL);
      INSERT INTO authpay_meta VALUES ('compacted', 0); SET search_path = public`);
    const { store, client } = await open();
    const made = await client.create(authLog('after-upgrade'));
    expect(Number(made.metadata.resourceVersion)).toBeGreaterThan(7000);
    expect(await store.currentRevision()).toBe(Number(made.metadata.resourceVersion));
    await expect(admin.query(`SELECT nextval('${schema}.authpay_revision')`)).rejects.toThrow(/does not exist/);
    // A second replica starting later keeps the same offset: its writes go on above the first one's.
    const again = await open();
    const next = await again.client.create(authLog('second-replica'));
    expect(Number(next.metadata.resourceVersion)).toBeGreaterThan(Number(made.metadata.resourceVersion));
  });

  test('a long transaction holds the feed back without losing its events, and the stall is reported', async () => {
    const { store, client } = await open();
    const events: WatchEvent[] = [];
    const handle = await client.watch(KIND, { resourceVersion: String(await store.currentRevision()) }, (e) => events.push(e));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let slowRevision = 0;
    // The slow transaction writes first (lower revision), then waits while a later one commits.
    const slow = client.transaction(async (tx) => {
      slowRevision = Number((await tx.create(authLog('slow'))).metadata.resourceVersion);
      await held;
    });
    await until(() => slowRevision > 0, 'the slow write');
    const quick = await client.create(authLog('quick'));
    expect(Number(quick.metadata.resourceVersion)).toBeGreaterThan(slowRevision);
    await until(() => problems.some((p) => p.includes('still running')), 'the stalled horizon report', 30_000);
    expect(events).toEqual([]); // the quick event waits behind the slow transaction
    release();
    await slow;
    await until(() => events.length >= 2, 'both events');
    handle.stop();
    expect(events.map((e) => e.object.metadata.name)).toEqual(['slow', 'quick']);
  }, 60_000);

  test('a write outside a transaction is one statement that commits, logs and announces itself to other instances', async () => {
    const { client } = await open();
    const other = await open();
    const events: WatchEvent[] = [];
    const from = String(await other.store.currentRevision());
    const handle = await other.client.watch(KIND, { resourceVersion: from }, (e) => events.push(e));
    const created = await client.create(authLog('standalone', {}, { tier: 'gold' }));
    const updated = await client.store.update(
      kinds.authLog,
      { ...created, metadata: { ...created.metadata, labels: {} } },
      created.metadata.resourceVersion!,
    );
    await expect(client.create(authLog('standalone'))).rejects.toMatchObject({ code: 'ALREADY_EXISTS' });
    const removed = await client.store.remove(kinds.authLog, 'standalone');
    // The other instance's feed reads only when notified: each standalone write carried its own NOTIFY.
    await until(() => events.length >= 3, 'the three events on the other instance');
    handle.stop();
    expect(events.map((e) => [e.type, e.revision, e.object.metadata.resourceVersion])).toEqual([
      ['ADDED', Number(created.metadata.resourceVersion), created.metadata.resourceVersion],
      ['MODIFIED', Number(updated.metadata.resourceVersion), updated.metadata.resourceVersion],
      ['DELETED', Number(removed.metadata.resourceVersion), removed.metadata.resourceVersion],
    ]);
    expect(events[0].object.metadata.labels).toEqual({ tier: 'gold' });
    expect(await other.client.list(KIND, { where: { op: 'label_exists', key: 'tier' } })).toMatchObject({ items: [] });
  }, 60_000);

  test("inside a transaction the revision stops at its own writes, though a later transaction's are visible", async () => {
    const { store, client } = await open();
    const other = await open();
    const events: WatchEvent[] = [];
    const handle = await client.watch(KIND, { resourceVersion: String(await store.currentRevision()) }, (e) => events.push(e));
    let later = 0;
    const seen = await client.transaction(async (tx) => {
      const mine = Number((await tx.create(authLog('own-write'))).metadata.resourceVersion);
      // Another instance (outside this transaction's context) commits a write with a higher revision.
      later = Number((await other.client.create(authLog('later-write'))).metadata.resourceVersion);
      return { mine, inside: await store.currentRevision() };
    });
    expect(later).toBeGreaterThan(seen.mine);
    expect(seen.inside).toBe(seen.mine);
    await until(() => events.length >= 2, 'both events');
    handle.stop();
    expect(events.map((e) => e.revision)).toEqual([seen.mine, later]);
  }, 60_000);

  test('a deadlock between two transactions surfaces as CONFLICT', async () => {
    const { client } = await open();
    await client.create(authLog('dl-a'));
    await client.create(authLog('dl-b'));
    let ready = 0;
    const bothHoldOne = async () => {
      ready++;
      await until(() => ready >= 2, 'the other transaction');
    };
    const cross = (first: string, second: string) =>
      client.transaction(async (tx) => {
        await tx.patch(KIND, first, { spec: { authStatus: 1 } });
        await bothHoldOne();
        await tx.patch(KIND, second, { spec: { authStatus: 1 } });
      });
    const results = await Promise.allSettled([cross('dl-a', 'dl-b'), cross('dl-b', 'dl-a')]);
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect((failed[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT', status: 409 });
  }, 60_000);
});
