import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ExtensionClient } from '../../../../src/host/client/extension-client.js';
import type { NewResource, Resource, WatchEvent } from '../../../../src/host/resource/types.js';
import { and, eq, or, type ListQuery } from '../../../../src/host/store/query.js';
import type { Store } from '../../../../src/host/store/store.js';
import { bulkLoad } from '../../../../bench/lib/bulk/bulk-load.js';
import { objectAt } from '../../../../bench/store/dataset.js';
import { PG_URL, loadKinds, postgresBackend, postgresReachable, sqliteBackend, type Backend } from '../../../host/store/harness.js';
import { storedState, type StoredState } from './store-rows.js';

const inCi = process.env.CI === 'true';
const pgUp = await postgresReachable();
const backends: Array<[string, () => Backend]> = [
  ['sqlite', sqliteBackend],
  ...(pgUp || inCi ? [['postgres', postgresBackend] as [string, () => Backend]] : []),
];

const N = 500;
/** Per transaction in both loads, so PostgreSQL's write numbers (n in offset + (xid << 16) + n) line up. */
const BATCH = 150;
/** Below N: the loader leaves the oldest N - RETENTION records without events, as compaction would. */
const RETENTION = 200;
const NOW = Date.UTC(2026, 11, 7, 12, 0, 0);
const clock = () => NOW;

/** The store bench's records, a third of them labelled (the bench data has no labels; the loader must write them). */
function recordAt(i: number): NewResource {
  const obj = objectAt(i, N) as NewResource;
  if (i % 3 === 0) obj.metadata.labels = { tier: `t${i % 2}`, batch: String(Math.floor(i / 100)) };
  return obj;
}

async function loadThroughClient(client: ExtensionClient): Promise<void> {
  for (let from = 0; from < N; from += BATCH) {
    await client.transaction(async (tx) => {
      for (let i = from; i < Math.min(N, from + BATCH); i++) await tx.create(recordAt(i));
    });
  }
  await client.store.compactEvents();
}

/** Revision → its rank among the kind's rows (PostgreSQL revisions carry the xid, which differs between stores). */
function ranks(state: StoredState): Map<string, number> {
  const revs = state.rows.map((r) => BigInt(String(r.rv))).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(revs.map((rv, k) => [String(rv), k + 1]));
}

/** An object compared across stores: uid (random per create) checked and left out, resourceVersion as its rank. */
function comparable(obj: Resource, rank: Map<string, number>): unknown {
  expect(obj.metadata.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const { uid: _uid, resourceVersion, ...meta } = obj.metadata;
  return { ...obj, metadata: { ...meta, ...(resourceVersion === undefined ? {} : { rank: rank.get(resourceVersion) }) } };
}

/** The data column: text on SQLite, json (already parsed) on PostgreSQL. */
const parsed = (data: unknown) => (typeof data === 'string' ? (JSON.parse(data) as Resource) : (data as Resource));

function comparableState(state: StoredState, backend: string): unknown {
  const rank = ranks(state);
  return {
    rows: state.rows.map((r) => ({
      ...r,
      rv: rank.get(String(r.rv)),
      // PostgreSQL: the write's number within its transaction, the low 16 bits.
      n: backend === 'postgres' ? Number((BigInt(String(r.rv)) - BigInt(state.offset)) % 65536n) : undefined,
      data: comparable(parsed(r.data), rank),
    })),
    labels: state.labels,
    events: state.events.map((e) => ({ ...e, rev: rank.get(String(e.rev)), data: comparable(parsed(e.data), rank) })),
    indexes: state.indexes,
    mark: backend === 'postgres' ? rank.get(String(state.mark)) : state.mark,
  };
}

const pluginAndStatus = and(eq('spec.pluginKey', 'plugin-007'), eq('spec.authStatus', 1));
const keyword = or(
  ...['spec.pluginKey', 'spec.authUser', 'spec.authDomain'].map((field) => ({ op: 'contains' as const, field, value: 'ER-1' })),
);

const QUERIES: ListQuery[] = [
  { where: pluginAndStatus, limit: 3 },
  { where: { op: 'eq', field: 'spec.authStatus', value: 0 }, page: 2, size: 20 },
  { sort: [{ field: 'metadata.creationTimestamp', direction: 'desc' }], page: 1, size: 25 },
  { sort: [{ field: 'spec.expireTime', direction: 'asc' }], page: 3, size: 10 },
  { where: { op: 'prefix', field: 'spec.authUser', value: 'user-1' }, limit: 50 },
  { where: { op: 'contains', field: 'spec.authDomain', value: 'd1' }, page: 1, size: 500 },
  { where: keyword, page: 1, size: 500 },
  { where: { op: 'label_eq', key: 'tier', value: 't1' }, limit: 500 },
  { where: { op: 'label_exists', key: 'batch' }, page: 1, size: 7 },
  { limit: 500 },
];

/** Every answer the store gives about the kind, in comparable form. */
async function answers(client: ExtensionClient, rank: Map<string, number>, names: string[]): Promise<unknown> {
  const store = client.store;
  const kind = client.kind('SitePluginAuthLog');
  const gets = await Promise.all(names.map(async (name) => comparable((await store.get(kind, name)) as Resource, rank)));
  const lists = [];
  for (const query of QUERIES) {
    const page = await store.list(kind, query);
    lists.push({ items: page.items.map((i) => comparable(i, rank)), total: page.total, continue: page.continue });
  }
  const counts = await Promise.all([undefined, ...QUERIES.map((q) => q.where)].map((where) => store.count(kind, where)));
  return { gets, lists, counts };
}

async function replayFrom(store: Store, fromRevision: number): Promise<WatchEvent[]> {
  const seen: WatchEvent[] = [];
  const handle = await store.watch({ fromRevision }, (event) => seen.push(event));
  handle.stop();
  return seen;
}

// Named here, not by making a backend: making one creates its temporary directory.
describe.each(backends)('bulkLoad on %s', (_name, makeBackend) => {
  const backend = makeBackend();
  const kinds = loadKinds();
  const open = async (db: string) => {
    const store = await backend.open(db, { eventRetention: RETENTION });
    for (const kind of [kinds.authLog, kinds.gadget]) await store.ensureKind(kind);
    return new ExtensionClient(kinds.registry, store, { clock });
  };
  let viaClient: ExtensionClient;
  let viaBulk: ExtensionClient;

  beforeAll(async () => {
    viaClient = await open('client');
    viaBulk = await open('bulk');
    await loadThroughClient(viaClient);
    await bulkLoad(viaBulk, 'SitePluginAuthLog', N, recordAt, {
      batch: BATCH,
      rowsPerStatement: 40,
      eventRetention: RETENTION,
      clock,
      pgUrl: PG_URL,
    });
  }, 120_000);

  afterAll(async () => {
    await viaClient?.store.close();
    await viaBulk?.store.close();
    await backend.cleanup();
  });

  it('writes the same rows, labels, events, indexes and revisions as ExtensionClient.create', async () => {
    const [fromClient, fromBulk] = await Promise.all([viaClient, viaBulk].map((c) => storedState(c.store, kinds.authLog)));
    expect(fromBulk.rows).toHaveLength(N);
    expect(fromBulk.events).toHaveLength(RETENTION);
    expect(fromBulk.labels.length).toBeGreaterThan(0);
    expect(comparableState(fromBulk, backend.name)).toEqual(comparableState(fromClient, backend.name));
    const uids = fromBulk.rows.map((r) => parsed(r.data).metadata.uid);
    expect(new Set(uids).size).toBe(N);
  });

  it('answers get, lists, search and counts as the client-loaded store does', async () => {
    const [fromClient, fromBulk] = await Promise.all([viaClient, viaBulk].map((c) => storedState(c.store, kinds.authLog)));
    const names = fromClient.rows.map((r) => String(r.name));
    const expected = await answers(viaClient, ranks(fromClient), names);
    expect(await answers(viaBulk, ranks(fromBulk), names)).toEqual(expected);
    expect((expected as { lists: Array<{ items: unknown[] }> }).lists.every((l) => l.items.length > 0)).toBe(true);
  });

  it('replays the retained events from a revision and is GONE before them', async () => {
    const replays = [];
    for (const client of [viaClient, viaBulk]) {
      const state = await storedState(client.store, kinds.authLog);
      const rank = ranks(state);
      const lastWithoutEvent = [...rank.entries()].find(([, k]) => k === N - RETENTION)?.[0] as string;
      await expect(client.store.watch({ fromRevision: 0 }, () => undefined)).rejects.toMatchObject({ code: 'GONE' });
      const events = await replayFrom(client.store, Number(lastWithoutEvent));
      replays.push(events.map((e) => ({ type: e.type, revision: rank.get(String(e.revision)), object: comparable(e.object, rank) })));
      expect(await client.store.currentRevision()).toBe(Number([...rank.keys()].at(-1)));
    }
    expect(replays[1]).toHaveLength(RETENTION);
    expect(replays[1]).toEqual(replays[0]);
  });
});
