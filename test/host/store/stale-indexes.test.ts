/**
 * A kind whose CRD stops declaring a selectable field or a compound index loses that index on the next
 * ensureKind (every index is written on every insert, so a forgotten one keeps costing), on every backend;
 * its data, the primary key and the search indexes stay, and the field that remains selectable still answers.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { KindRegistry } from '../../../src/host/schema/kind-registry.js';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';
import { eq } from '../../../src/host/store/query.js';
import type { Store } from '../../../src/host/store/store.js';
import { PG_URL, postgresBackend, postgresReachable, sqliteBackend, type Backend } from './harness.js';

const inCi = process.env.CI === 'true';
const pgUp = await postgresReachable();
const backends: Array<() => Backend> = [sqliteBackend, ...(pgUp || inCi ? [postgresBackend] : [])];
const TABLE = 'r_stale_authpay_dev_memos';

function memoCrd(fields: string[], compound: string[][], unindexed: string[] = []): string {
  return `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: memos.stale.authpay.dev
  annotations:
    authpay.dev/indexes: '${JSON.stringify(compound)}'
    authpay.dev/search-fields: '["spec.title"]'
    authpay.dev/unindexed-fields: '${JSON.stringify(unindexed)}'
spec:
  group: stale.authpay.dev
  scope: Cluster
  names: { kind: Memo, plural: memos, singular: memo }
  versions:
    - name: v1
      served: true
      storage: true
      selectableFields: [${fields.map((f) => `{ jsonPath: .${f} }`).join(', ')}]
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec: { type: object, properties: { title: { type: string }, owner: { type: string }, state: { type: string } } }
`;
}

async function open(backend: Backend, fields: string[], compound: string[][], unindexed: string[] = []) {
  const registry = new KindRegistry();
  const kind = registry.loadYaml(memoCrd(fields, compound, unindexed))[0];
  const store = await backend.open('stale');
  await store.ensureKind(kind);
  return { store, client: new ExtensionClient(registry, store) };
}

/** The store's own indexes of the table (SQLite: those with SQL; PostgreSQL: btrees other than the key). */
async function indexesOf(store: Store): Promise<string[]> {
  if (store.backend === 'sqlite') {
    const db = new Database((store as unknown as { file: string }).file, { readonly: true });
    try {
      return (
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL").all(TABLE) as Array<{
          name: string;
        }>
      )
        .map((r) => r.name)
        .sort();
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const schema = (store as unknown as { schema: string }).schema;
    const { rows } = await client.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = $2 AND indexname <> $3 AND indexdef NOT LIKE '%gin%'",
      [schema, TABLE, `${TABLE}_pkey`],
    );
    return rows.map((r) => r.indexname).sort();
  } finally {
    await client.end();
  }
}

describe.each(backends.map((make) => [make().name, make] as const))('%s: indexes a CRD no longer declares', (_name, make) => {
  let backend: Backend;
  beforeAll(() => {
    backend = make();
  });
  afterAll(() => backend.cleanup());

  test('are dropped on ensureKind; rows, search and the remaining indexes stay', async () => {
    const before = await open(backend, ['spec.title', 'spec.owner', 'spec.state'], [['spec.state', 'spec.owner']]);
    await before.client.create({
      apiVersion: 'stale.authpay.dev/v1',
      kind: 'Memo',
      metadata: { name: 'm1' },
      spec: { title: 'Quarterly plan', owner: 'ann', state: 'open' },
    });
    const all = await indexesOf(before.store);
    expect(all).toEqual(expect.arrayContaining([`${TABLE}_f_spec_owner`, `${TABLE}_f_spec_state`, `${TABLE}_c_f_spec_state_f_spec_owner`]));
    await before.store.close();

    const after = await open(backend, ['spec.title', 'spec.state'], []);
    try {
      const left = await indexesOf(after.store);
      expect(left).toContain(`${TABLE}_f_spec_state`);
      expect(left).toContain(`${TABLE}_created`);
      expect(left.filter((n) => n.includes('owner'))).toEqual([]);
      expect((await after.client.list('Memo', { where: eq('spec.state', 'open') })).items.map((m) => m.metadata.name)).toEqual(['m1']);
      expect((await after.client.list('Memo', { where: { op: 'contains', field: 'spec.title', value: 'plan' } })).items).toHaveLength(1);
      await expect(after.client.list('Memo', { where: eq('spec.owner', 'ann') })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await after.client.create({
        apiVersion: 'stale.authpay.dev/v1',
        kind: 'Memo',
        metadata: { name: 'm2' },
        spec: { title: 'Second', owner: 'bob', state: 'open' },
      });
      expect(await after.client.count('Memo', eq('spec.state', 'open'))).toBe(2);
    } finally {
      await after.store.close();
    }
  });

  test('an unindexed field loses its own index and is still queried through its compound index', async () => {
    const plain = await open(backend, ['spec.title', 'spec.owner', 'spec.state'], [['spec.state', 'spec.owner']]);
    await plain.client.create({
      apiVersion: 'stale.authpay.dev/v1',
      kind: 'Memo',
      metadata: { name: 'u1' },
      spec: { title: 'Unindexed', owner: 'cy', state: 'draft' },
    });
    await plain.store.close();
    const after = await open(backend, ['spec.title', 'spec.owner', 'spec.state'], [['spec.state', 'spec.owner']], ['spec.state']);
    try {
      const left = await indexesOf(after.store);
      expect(left).not.toContain(`${TABLE}_f_spec_state`);
      expect(left).toEqual(expect.arrayContaining([`${TABLE}_f_spec_owner`, `${TABLE}_c_f_spec_state_f_spec_owner`]));
      expect((await after.client.list('Memo', { where: eq('spec.state', 'draft') })).items.map((m) => m.metadata.name)).toContain('u1');
    } finally {
      await after.store.close();
    }
  });

  // PostgreSQL keeps statistics per column, not per index.
  (_name === 'sqlite' ? test : test.skip)(
    'an index added to a table that has planner statistics gets its own; a table without keeps none',
    async () => {
      const statsOf = (file: string) => {
        const db = new Database(file, { readonly: true });
        try {
          const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get();
          return hasTable
            ? (db.prepare('SELECT idx FROM sqlite_stat1 WHERE tbl = ?').all(TABLE) as Array<{ idx: string }>).map((r) => r.idx)
            : [];
        } finally {
          db.close();
        }
      };
      const first = await open(backend, ['spec.title', 'spec.owner', 'spec.state'], []);
      const file = (first.store as unknown as { file: string }).file;
      for (let i = 0; i < 20; i++)
        await first.client.create({
          apiVersion: 'stale.authpay.dev/v1',
          kind: 'Memo',
          metadata: { name: `s${i}` },
          spec: { title: `T${i}`, owner: `o${i % 4}`, state: i % 2 ? 'open' : 'done' },
        });
      await first.store.close();
      const bare = await open(backend, ['spec.title', 'spec.owner', 'spec.state'], [['spec.owner', 'spec.title']]);
      await bare.store.close();
      expect(statsOf(file)).toEqual([]);

      const analyzed = new Database(file);
      analyzed.exec(`ANALYZE ${TABLE}`);
      analyzed.close();
      expect(statsOf(file)).not.toContain(`${TABLE}_c_f_spec_state_f_spec_owner`);
      const after = await open(
        backend,
        ['spec.title', 'spec.owner', 'spec.state'],
        [
          ['spec.owner', 'spec.title'],
          ['spec.state', 'spec.owner'],
        ],
      );
      await after.store.close();
      expect(statsOf(file)).toContain(`${TABLE}_c_f_spec_state_f_spec_owner`);
    },
  );

  test('an unindexed field must be selectable and part of a compound index', () => {
    expect(() => new KindRegistry().loadYaml(memoCrd(['spec.title', 'spec.state'], [], ['spec.state']))).toThrow(
      /part of a compound index/,
    );
    expect(() => new KindRegistry().loadYaml(memoCrd(['spec.title'], [['spec.title']], ['spec.owner']))).toThrow(/must be selectable/);
  });
});
