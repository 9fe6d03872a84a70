/**
 * Substring search on search fields (`authpay.dev/search-fields`), on every backend: `contains` answered by
 * the trigram index must equal `contains` answered by a scan and a plain JavaScript model of it (ASCII
 * case folding only), for short patterns, LIKE's special characters, upper case and non-ASCII text; and
 * the index must follow updates and deletes, survive a reopen, and be built for rows stored before it.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { KindRegistry, type KindInfo } from '../../../src/host/schema/kind-registry.js';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';
import type { Condition } from '../../../src/host/store/query.js';
import type { Store } from '../../../src/host/store/store.js';
import type { SqliteStore } from '../../../src/host/store/sqlite-store.js';
import { PG_URL, names, postgresBackend, postgresReachable, sqliteBackend, type Backend } from './harness.js';

const inCi = process.env.CI === 'true';
const pgUp = await postgresReachable();
const backends: Array<() => Backend> = [sqliteBackend, ...(pgUp || inCi ? [postgresBackend] : [])];

/** A kind with two search fields (one optional, so NULLs occur) and a selectable field that is not one. */
function noteCrd(searchFields: string[] | undefined): string {
  const annotation = searchFields ? `\n  annotations: { authpay.dev/search-fields: '${JSON.stringify(searchFields)}' }` : '';
  return `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: notes.search.authpay.dev${annotation}
spec:
  group: search.authpay.dev
  scope: Cluster
  names: { kind: Note, plural: notes, singular: note }
  versions:
    - name: v1
      served: true
      storage: true
      selectableFields: [{ jsonPath: .spec.title }, { jsonPath: .spec.author }, { jsonPath: .spec.tag }]
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                title: { type: string }
                author: { type: string }
                tag: { type: string }
`;
}

const SEARCHED = ['spec.title', 'spec.author'];

function noteKind(searchFields: string[] | undefined): { registry: KindRegistry; kind: KindInfo } {
  const registry = new KindRegistry();
  return { registry, kind: registry.loadYaml(noteCrd(searchFields))[0] };
}

async function open(
  backend: Backend,
  db: string,
  searchFields: string[] | undefined = SEARCHED,
): Promise<{ store: Store; client: ExtensionClient; kind: KindInfo }> {
  const { registry, kind } = noteKind(searchFields);
  const store = await backend.open(db);
  await store.ensureKind(kind);
  return { store, client: new ExtensionClient(registry, store), kind };
}

type NoteSpec = { title?: string; author?: string; tag?: string };
const note = (name: string, spec: NoteSpec) => ({ apiVersion: 'search.authpay.dev/v1', kind: 'Note', metadata: { name }, spec });

const SEED: NoteSpec[] = [
  { title: 'Hello World', author: 'alice', tag: 'Hello' },
  { title: 'hello world', author: 'ALICE' },
  { title: '100% sure', author: 'bob_smith' },
  { title: 'under_score and back\\slash', author: 'c\\d' },
  { title: 'Ärger über Öl', author: 'ärger' },
  { title: '中文字符测试', author: 'ab\u{1F600}\u{1F600}cd' },
  { title: 'quote "me" now', author: "o'brien" },
  { title: 'plugin-042 user-1234', author: 'user-12345' },
  { author: 'no title at all' },
  { title: 'ab' },
  {},
  { title: 'MiXeD CaSe HeLLo', author: 'Zed' },
];

const PATTERNS = [
  'a',
  'ab',
  'l',
  'LL',
  '%',
  '_',
  '\\', // shorter than a trigram: scanned
  'hello',
  'HELLO',
  'hElLo wOr',
  'world',
  'o w',
  '100%',
  '0% s',
  'b_s',
  'r_s',
  '\\sl',
  'c\\d',
  'k\\s',
  'ärger',
  'ÄRGER',
  'Ärger',
  'über',
  'ÖL',
  'Öl',
  '中文字',
  '文字符测',
  '\u{1F600}\u{1F600}c',
  'b\u{1F600}\u{1F600}',
  '"me"',
  "o'b",
  'user-1234',
  'ser-12345',
  'user-12346',
  'no title',
  'nothing like it',
  'ALICE',
  'alic',
];

/** The semantics both backends promise: substring, ASCII letters folded, nothing else folded. */
const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const modelMatches = (spec: NoteSpec, fields: Array<keyof NoteSpec>, pattern: string) =>
  fields.some((f) => spec[f] !== undefined && fold(spec[f] as string).includes(fold(pattern)));

const containsAny = (fields: string[], value: string): Condition => ({
  op: 'or',
  conditions: fields.map((field) => ({ op: 'contains', field, value })),
});
/** NOT NOT keeps the meaning but (below a NOT) the store renders the plain LIKE scan, not the index. */
const scanned = (c: Condition): Condition => ({ op: 'not', condition: { op: 'not', condition: c } });

test('search fields must be selectable string fields', () => {
  expect(noteKind(SEARCHED).kind.searchFields).toEqual(SEARCHED);
  expect(noteKind(undefined).kind.searchFields).toEqual([]);
  expect(() => noteKind(['spec.body'])).toThrow(/must be a selectable string field/);
  expect(() =>
    new KindRegistry().loadYaml(
      noteCrd(['spec.title']).replace('{ type: string }\n                author', '{ type: integer }\n                author'),
    ),
  ).toThrow(/must be a selectable string field/);
});

describe.each(backends.map((make) => ({ make, name: make === sqliteBackend ? 'sqlite' : 'postgres' })))(
  '$name search index',
  ({ make }) => {
    let backend: Backend;
    let store: Store;
    let client: ExtensionClient;
    const specs = new Map<string, NoteSpec>();

    beforeAll(async () => {
      backend = make();
      ({ store, client } = await open(backend, 'search'));
      await client.transaction(async (tx) => {
        for (const [i, spec] of SEED.entries()) await tx.create(note(`n-${i}`, spec));
      });
      SEED.forEach((spec, i) => specs.set(`n-${i}`, spec));
    });

    afterAll(async () => {
      await store?.close();
      await backend?.cleanup();
    });

    const search = async (c: ExtensionClient, where: Condition) =>
      names((await c.list('Note', { where, sort: [{ field: 'metadata.name', direction: 'asc' }] })).items).sort();
    const expected = (pattern: string, fields: Array<keyof NoteSpec>, from = specs) =>
      [...from]
        .filter(([, s]) => modelMatches(s, fields, pattern))
        .map(([n]) => n)
        .sort();

    test('contains on search fields answers what a scan answers, for every kind of pattern', async () => {
      for (const pattern of PATTERNS) {
        const both = containsAny(SEARCHED, pattern);
        const want = expected(pattern, ['title', 'author']);
        expect({ pattern, got: await search(client, both) }).toEqual({ pattern, got: want });
        expect({ pattern, got: await search(client, scanned(both)) }).toEqual({ pattern, got: want });
        expect({ pattern, n: await client.count('Note', both) }).toEqual({ pattern, n: want.length });
        const title = { op: 'contains', field: 'spec.title', value: pattern } as const;
        expect({ pattern, got: await search(client, title) }).toEqual({ pattern, got: expected(pattern, ['title']) });
      }
    });

    test('contains mixed with other conditions, a field outside the index and a negation', async () => {
      const withTag: Condition = {
        op: 'or',
        conditions: [
          ...(containsAny(SEARCHED, 'hello') as { conditions: Condition[] }).conditions,
          { op: 'contains', field: 'spec.tag', value: 'hello' },
        ],
      };
      expect(await search(client, withTag)).toEqual(expected('hello', ['title', 'author', 'tag']));
      const narrowed: Condition = {
        op: 'and',
        conditions: [containsAny(SEARCHED, 'alice'), { op: 'eq', field: 'spec.author', value: 'ALICE' }],
      };
      expect(await search(client, narrowed)).toEqual(['n-1']);
      const page = await client.list('Note', {
        where: containsAny(SEARCHED, 'hello'),
        sort: [{ field: 'spec.title', direction: 'desc' }],
        page: 1,
        size: 2,
      });
      expect({ names: names(page.items), total: page.total }).toEqual({ names: ['n-1', 'n-11'], total: 3 });
      // NOT (contains) leaves out rows whose fields are all missing (LIKE on NULL is unknown), as before.
      const negated = await search(client, { op: 'not', condition: { op: 'contains', field: 'spec.title', value: 'hello' } });
      expect(negated).toEqual(
        [...specs]
          .filter(([, s]) => s.title !== undefined && !modelMatches(s, ['title'], 'hello'))
          .map(([n]) => n)
          .sort(),
      );
    });

    test('updates and deletes keep the search index in step', async () => {
      const a = await client.create(note('step-a', { title: 'alpha keyword', author: 'zoe' }));
      await client.create(note('step-b', { title: 'beta', author: 'keyword holder' }));
      expect(await search(client, containsAny(SEARCHED, 'keyword'))).toEqual(['step-a', 'step-b']);
      await client.update({ ...a, spec: { title: 'alpha', author: 'zoe', tag: 'keyword' } });
      await client.patch('Note', 'step-b', { spec: { author: 'KEYWORDS' } });
      expect(await search(client, containsAny(SEARCHED, 'keyword'))).toEqual(['step-b']);
      expect(await search(client, containsAny(SEARCHED, 'alpha'))).toEqual(['step-a']);
      await client.patch('Note', 'step-a', { spec: { tag: 'other' } }); // no search field changes
      expect(await search(client, containsAny(SEARCHED, 'alpha'))).toEqual(['step-a']);
      await client.delete('Note', 'step-b');
      expect(await search(client, containsAny(SEARCHED, 'keyword'))).toEqual([]);
      await client
        .transaction(async (tx) => {
          await tx.create(note('step-c', { title: 'rolled keyword' }));
          await tx.delete('Note', 'step-a');
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect(await search(client, containsAny(SEARCHED, 'keyword'))).toEqual([]);
      expect(await search(client, containsAny(SEARCHED, 'alpha'))).toEqual(['step-a']);
      await client.delete('Note', 'step-a');
    });

    test('a reopened store searches the rows it had and the ones written after', async () => {
      const first = await open(backend, 'reopen');
      await first.client.create(note('r-1', { title: 'persistent title' }));
      await first.store.close();
      const again = await open(backend, 'reopen');
      try {
        await again.client.create(note('r-2', { author: 'Persistent author' }));
        expect(await search(again.client, containsAny(SEARCHED, 'persistent'))).toEqual(['r-1', 'r-2']);
      } finally {
        await again.store.close();
      }
    });

    test('a kind that gains search fields gets its existing rows indexed; a changed field set is rebuilt', async () => {
      const rows = make === sqliteBackend ? 2_050 : 120; // SQLite backfills in batches of 2,000
      const legacy = await open(backend, 'legacy', undefined);
      const written = new Map<string, NoteSpec>();
      await legacy.client.transaction(async (tx) => {
        for (let i = 0; i < rows; i++) {
          const spec = { title: `Legacy ${i % 7 === 0 ? 'Needle' : 'hay'} ${i}`, author: i % 11 === 0 ? 'NEEDLE maker' : `writer ${i}` };
          written.set(`l-${String(i).padStart(4, '0')}`, spec);
          await tx.create(note(`l-${String(i).padStart(4, '0')}`, spec));
        }
      });
      await legacy.store.close();
      const indexed = await open(backend, 'legacy');
      try {
        expect(await search(indexed.client, containsAny(SEARCHED, 'needle'))).toEqual(expected('needle', ['title', 'author'], written));
        expect(await search(indexed.client, containsAny(SEARCHED, 'ter 1'))).toEqual(expected('ter 1', ['title', 'author'], written));
      } finally {
        await indexed.store.close();
      }
      const titleOnly = await open(backend, 'legacy', ['spec.title']);
      try {
        expect(await search(titleOnly.client, containsAny(['spec.title', 'spec.author'], 'needle'))).toEqual(
          expected('needle', ['title', 'author'], written),
        );
        expect(await search(titleOnly.client, { op: 'contains', field: 'spec.author', value: 'needle' })).toEqual(
          expected('needle', ['author'], written),
        );
      } finally {
        await titleOnly.store.close();
      }
    });

    if (make === sqliteBackend) {
      test('sqlite: the keyword condition is one FTS5 lookup in the query plan', async () => {
        const file = (store as SqliteStore).file;
        const db = new Database(file, { readonly: true });
        try {
          const { layoutOf } = await import('../../../src/host/store/columns.js');
          const { SQLITE_DIALECT, SqlParams, renderCondition } = await import('../../../src/host/store/sql-builder.js');
          const params = new SqlParams(SQLITE_DIALECT);
          const where = renderCondition(containsAny(SEARCHED, 'hello'), layoutOf(noteKind(SEARCHED).kind), params, SQLITE_DIALECT);
          expect(where.match(/MATCH/g)).toHaveLength(1);
          const plan = db
            .prepare(`EXPLAIN QUERY PLAN SELECT name FROM r_search_authpay_dev_notes t WHERE ${where}`)
            .all(...params.values) as Array<{ detail: string }>;
          expect(plan.map((p) => p.detail).join('\n')).toMatch(/VIRTUAL TABLE INDEX/);
          expect(plan.map((p) => p.detail).join('\n')).not.toMatch(/^SCAN t\b/m);
        } finally {
          db.close();
        }
      });
    } else {
      test('postgres: each search field has a GIN trigram index', async () => {
        const pgClient = new pg.Client({ connectionString: PG_URL });
        await pgClient.connect();
        try {
          const schema = (store as unknown as { schema: string }).schema;
          const { rows } = await pgClient.query<{ indexdef: string }>(
            "SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = 'r_search_authpay_dev_notes'"
              + " AND indexdef LIKE '%gin_trgm_ops%'",
            [schema],
          );
          expect(rows.map((r) => r.indexdef.replace(/^.*\((\w+) .*$/, '$1')).sort()).toEqual(['f_spec_author', 'f_spec_title']);
        } finally {
          await pgClient.end();
        }
      });
    }
  },
);
