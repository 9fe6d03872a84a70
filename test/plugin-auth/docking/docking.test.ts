import {
  CONSOLE,
  admin,
  call,
  createPlugin,
  dataOf,
  setSettings,
  start,
  type ListResult,
  type PermanentCode,
  type Server,
} from '../harness.js';
import { OPEN } from '../public/open-harness.js';

/** POST …/docking/getPermanentAuthCode: secret in the query only, disabled without one, count bounds, atomicity. */
let server: Server;
const SECRET = 'dock-0123456789';
beforeAll(async () => {
  server = await start();
  await createPlugin(server, { key: 'paid', price: 10 });
});
afterAll(() => server.stop());

const dock = (query: Record<string, string>, headers: Record<string, string> = {}) =>
  call(`${server.url}${OPEN}/docking/getPermanentAuthCode?${new URLSearchParams(query)}`, { method: 'POST', headers });
const codes = () => server.runtime.client.count('PermanentAuthCode');
const base = { pluginKey: 'paid', channel: 'card-platform', count: '3' };

test('without a configured dockingAccessSecret the endpoint is disabled (403) and generates nothing', async () => {
  const res = await dock({ ...base, dockingAccessSecret: 'anything' });
  expect([res.status, res.body.code]).toEqual([403, 'DOCKING_DISABLED']);
  expect(await codes()).toBe(0);
});

test('a wrong or missing secret is 401 访问密钥不正确; the secret in a header alone is not enough', async () => {
  await setSettings(server, { dockingAccessSecret: SECRET });
  for (const res of [
    await dock({ ...base, dockingAccessSecret: 'wrong' }),
    await dock({ ...base, dockingAccessSecret: `${SECRET}x` }),
    await dock(base),
    await dock(base, { authorization: SECRET, dockingAccessSecret: SECRET }),
    await dock(base, { authorization: `Bearer ${SECRET}` }),
  ]) {
    expect([res.status, res.body.code, res.body.message]).toEqual([401, 'DOCKING_SECRET_INVALID', '访问密钥不正确']);
  }
  expect(await codes()).toBe(0);
});

test('success: data is the |-joined codes, stored PENDING for the plugin and channel, created by docking:<channel>', async () => {
  const res = await dock({ ...base, dockingAccessSecret: SECRET });
  expect([res.status, res.body.success]).toEqual([200, true]);
  const list = (res.body.data as string).split('|');
  expect(list).toHaveLength(3);
  const stored = dataOf(
    await admin<ListResult<PermanentCode>>(server, 'GET', `${CONSOLE}/permanentcodes?channel=card-platform&size=100`),
  ).items;
  expect(stored.map((c) => c.spec.code).sort()).toEqual([...list].sort());
  for (const c of stored) expect(c.spec).toMatchObject({ pluginKey: 'paid', status: 'PENDING', createdBy: 'docking:card-platform' });
});

test('format=text answers the same joined string as plain text', async () => {
  const res = await dock({ ...base, count: '2', dockingAccessSecret: SECRET, format: 'text' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(res.body).toMatch(/^[A-Z0-9-]+\|[A-Z0-9-]+$/);
});

test('count outside 1..authCodeCreateLimit, an unknown plugin or channel, bad params: 400/404 and nothing generated', async () => {
  await setSettings(server, { authCodeCreateLimit: 5 });
  const before = await codes();
  const cases: Array<[Record<string, string>, number, string]> = [
    [{ ...base, count: '0' }, 400, 'CODE_COUNT_OUT_OF_RANGE'],
    [{ ...base, count: '6' }, 400, 'CODE_COUNT_OUT_OF_RANGE'],
    [{ ...base, count: '-1' }, 400, 'CODE_COUNT_OUT_OF_RANGE'],
    [{ ...base, count: 'many' }, 400, 'VALIDATION_FAILED'],
    [{ ...base, count: '2.5' }, 400, 'VALIDATION_FAILED'],
    [{ ...base, channel: 'nowhere' }, 400, 'UNKNOWN_CHANNEL'],
    [{ ...base, pluginKey: 'nope' }, 404, 'PLUGIN_NOT_FOUND'],
    [{ pluginKey: 'paid', count: '1' }, 400, 'VALIDATION_FAILED'],
    [{ ...base, format: 'xml' }, 400, 'VALIDATION_FAILED'],
  ];
  for (const [query, status, code] of cases) {
    const res = await dock({ ...query, dockingAccessSecret: SECRET });
    expect([JSON.stringify(query), res.status, res.body.code]).toEqual([JSON.stringify(query), status, code]);
  }
  expect((await dock({ ...base, count: '5', dockingAccessSecret: SECRET })).status).toBe(200);
  expect(await codes()).toBe(before + 5);
  await setSettings(server, { authCodeCreateLimit: null });
});

test('one call is one transaction: a batch that fails half-way leaves no code behind', async () => {
  const before = await codes();
  const client = server.runtime.client;
  const original = client.create.bind(client);
  let created = 0;
  // The third insert of the batch fails as a storage error would; the first two must be rolled back.
  // create(kind, object) or create(object): either way the first argument names the kind.
  type Create = (kindOrObject: { kind: string }, object?: unknown) => Promise<unknown>;
  client.create = (async (...args: Parameters<Create>) => {
    if (args[0].kind === 'PermanentAuthCode' && ++created === 3) throw new Error('disk full');
    return (original as Create)(...args);
  }) as typeof client.create;
  try {
    const res = await dock({ ...base, count: '4', dockingAccessSecret: SECRET });
    expect([res.status, res.body.code]).toEqual([500, 'INTERNAL']);
  } finally {
    client.create = original;
  }
  expect(await codes()).toBe(before);
});

test('concurrent calls each get their own complete batch', async () => {
  const before = await codes();
  const answers = await Promise.all(Array.from({ length: 8 }, () => dock({ ...base, count: '3', dockingAccessSecret: SECRET })));
  const all = answers.flatMap((res) => (res.body.data as string).split('|'));
  expect(new Set(all).size).toBe(24);
  expect(await codes()).toBe(before + 24);
});
