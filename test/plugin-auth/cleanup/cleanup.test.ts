import { CLEANUP_JOB, cleanAuthJob } from '../../../src/plugin-auth/cleanup/clean-auth.job.js';
import { cleanExpiredAuthorizations } from '../../../src/plugin-auth/cleanup/clean-auth.handler.js';
import type { SendInput } from '../../../src/host/notifications/types.js';
import { eq } from '../../../src/host/sdk/index.js';
import { SitePluginAuthLog } from '../../../src/plugin-auth/auth-log/types.js';
import { landedInside, writeWhile } from '../../support/bystander-writes.js';
import {
  CONSOLE,
  admin,
  authNotificationsOf,
  createPlugin,
  createUser,
  dataOf,
  depsOf,
  type AuthLogView,
  type ListResult,
  setSettings,
  start,
  type Server,
} from '../harness.js';

/** Spec "Cleanup job" and the state-table row "1 → cleanup job → 0, notification sent". */
let server: Server;
const HOUR = 3_600_000;
const stamp = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Authorized records through import (the only way to store one without an expireTime). */
async function seed(user: string, expiries: Array<string | undefined>, pluginKey = 'sweep'): Promise<void> {
  const docs = expiries.map((expireTime, i) => ({
    apiVersion: 'pluginauth.authpay.dev/v1alpha1',
    kind: 'SitePluginAuthLog',
    spec: {
      pluginKey,
      authUser: user,
      authDomain: `${user}-${i}.example.com`,
      authStatus: 1,
      authTime: stamp(-48 * HOUR),
      ...(expireTime ? { expireTime } : {}),
    },
  }));
  const yamlText = docs.map((d) => JSON.stringify(d)).join('\n---\n');
  dataOf(await admin(server, 'POST', `${CONSOLE}/authlogs-import`, { yaml: yamlText }));
}

beforeAll(async () => {
  server = await start();
  for (const user of ['old', 'gone']) await createUser(server, user);
  await createPlugin(server, { key: 'sweep', name: 'Sweeper', price: 10 });
  await createPlugin(server, { key: 'second', name: 'Second', price: 10 });
});
afterAll(() => server.stop());

/**
 * A user of this attempt alone, with no expired record left anywhere: the runs sweep every user, and a
 * failed earlier test (or this test's first attempt, when CI retries it) must not change what they count.
 */
let attempts = 0;
async function freshUser(prefix: string): Promise<string> {
  const user = `${prefix}${++attempts}`;
  await createUser(server, user);
  await cleanExpiredAuthorizations(depsOf(server), { signal: new AbortController().signal });
  return user;
}

test('the job is registered with the spec properties and follows the switch', async () => {
  const def = cleanAuthJob(depsOf(server));
  expect(def).toMatchObject({
    name: 'SitePluginAuth:clean-auth',
    timeZone: 'Asia/Shanghai',
    concurrency: 'FORBID',
    missedRunPolicy: 'FIRE_ONCE',
    timeoutMs: 300_000,
  });
  const status = () => server.runtime.workloads.scheduler.status().find((j) => j.name === CLEANUP_JOB);
  await new Promise((r) => setTimeout(r, 50));
  expect(status()).toMatchObject({ enabled: true });
  await setSettings(server, { cleanupEnabled: false });
  await server.runtime.workloads.scheduler.reschedule(CLEANUP_JOB);
  expect(status()).toMatchObject({ enabled: false, nextSlot: undefined });
  await setSettings(server, { cleanupEnabled: true, cleanupCron: '0 */5 * * * *' });
  await server.runtime.workloads.scheduler.reschedule(CLEANUP_JOB);
  expect(status()?.nextSlot).toBeDefined();
  const bad = await admin(server, 'PUT', `${CONSOLE}/settings`, { cleanupCron: 'every now and then' });
  expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
});

test('1 → 0 for expired and empty expireTime, one auth-notification each; others untouched; a second run changes nothing', async () => {
  await seed('old', [stamp(-HOUR), undefined, stamp(-24 * HOUR), stamp(24 * HOUR), '2099-12-31T23:59:59Z']);
  const deps = depsOf(server);
  const first = await cleanExpiredAuthorizations(deps, { signal: new AbortController().signal, batchSize: 2 });
  expect(first).toEqual({ expired: 3, failed: 0 });
  const records = dataOf(
    await admin<ListResult<AuthLogView>>(server, 'GET', `${CONSOLE}/authlogs?authUser=old&sort=expireTime&direction=asc`),
  ).items;
  expect(records.map((r) => [r.spec.authDomain, r.spec.authStatus])).toEqual([
    ['old-1.example.com', 0],
    ['old-2.example.com', 0],
    ['old-0.example.com', 0],
    ['old-3.example.com', 1],
    ['old-4.example.com', 1],
  ]);
  const notes = await authNotificationsOf(server, 'old');
  expect(notes).toHaveLength(3);
  expect(notes.every((n) => n.spec.title.startsWith('已过期') && n.spec.text.includes('Sweeper'))).toBe(true);
  expect(await cleanExpiredAuthorizations(deps, { signal: new AbortController().signal })).toEqual({ expired: 0, failed: 0 });
  expect(await authNotificationsOf(server, 'old')).toHaveLength(3);
});

test('a run cut off (time-out abort) leaves whole batches done, each with its notification; the next run finishes', async () => {
  const user = await freshUser('cut');
  await seed(
    user,
    Array.from({ length: 7 }, (_, i) => stamp(-(i + 1) * HOUR)),
  );
  const abort = new AbortController();
  const deps = depsOf(server);
  let sends = 0;
  const notifier = {
    send: async (input: SendInput) => {
      if (++sends === 3) abort.abort(new Error('time-out'));
      return deps.notifier.send(input);
    },
  };
  const cut = await cleanExpiredAuthorizations({ ...deps, notifier }, { signal: abort.signal, batchSize: 2 });
  // The batch in flight at the abort still commits whole: 4 with batches of 2, or 3 where the time budget
  // (CHUNK_BUDGET_MS) cut batches to one record on a loaded machine. Never the whole set.
  expect([3, 4]).toContain(cut.expired);
  const changed = dataOf(await admin<ListResult<AuthLogView>>(server, 'GET', `${CONSOLE}/authlogs?authUser=${user}&authStatus=0`)).total;
  expect(changed).toBe(cut.expired);
  expect(await authNotificationsOf(server, user)).toHaveLength(cut.expired);
  expect((await cleanExpiredAuthorizations(deps, { signal: new AbortController().signal })).expired).toBe(7 - cut.expired);
  expect(dataOf(await admin<ListResult<AuthLogView>>(server, 'GET', `${CONSOLE}/authlogs?authUser=${user}&authStatus=1`)).total).toBe(0);
  expect(await authNotificationsOf(server, user)).toHaveLength(7);
});

test('two runs at once (as two replicas would) expire each record once and queue one auth-notification each', async () => {
  const user = await freshUser('twice');
  await seed(
    user,
    Array.from({ length: 6 }, (_, i) => stamp(-(i + 1) * HOUR)),
  );
  const deps = depsOf(server);
  const runs = await Promise.all(
    [1, 2].map(() => cleanExpiredAuthorizations(deps, { signal: new AbortController().signal, batchSize: 2 })),
  );
  expect(runs[0].expired + runs[1].expired).toBe(6);
  expect(dataOf(await admin<ListResult<AuthLogView>>(server, 'GET', `${CONSOLE}/authlogs?authUser=${user}&authStatus=0`)).total).toBe(6);
  expect(await authNotificationsOf(server, user)).toHaveLength(6);
});

test('every plugin is swept, and a record whose plugin key is not in the catalog too', async () => {
  const user = await freshUser('many');
  await seed(user, [stamp(-HOUR), stamp(-2 * HOUR), stamp(HOUR)], 'second');
  await seed(user, [stamp(-3 * HOUR)]);
  // Written past the API's plugin check, as a record left by a plugin removed half-way would be.
  await server.runtime.client.create({
    apiVersion: 'pluginauth.authpay.dev/v1alpha1',
    kind: 'SitePluginAuthLog',
    metadata: { name: `ghost-record-${user}` },
    spec: {
      pluginKey: 'ghost',
      authUser: user,
      authDomain: 'ghost.example.com',
      authStatus: 1,
      authTime: stamp(-48 * HOUR),
      expireTime: stamp(-HOUR),
    },
  });
  const run = await cleanExpiredAuthorizations(depsOf(server), { signal: new AbortController().signal, batchSize: 1 });
  expect(run).toEqual({ expired: 4, failed: 0 });
  const left = dataOf(await admin<ListResult<AuthLogView>>(server, 'GET', `${CONSOLE}/authlogs?authUser=${user}&authStatus=1`)).items;
  expect(left.map((r) => r.spec.authDomain)).toEqual([`${user}-2.example.com`]);
  const notes = await authNotificationsOf(server, user);
  expect(notes.map((n) => n.spec.text.match(/Second|Sweeper|ghost/)?.[0]).sort()).toEqual(['Second', 'Second', 'Sweeper', 'ghost']);
});

test('records of deleted users are expired without a message', async () => {
  await seed('gone', [stamp(-HOUR)]);
  await server.runtime.client.delete('User', 'gone');
  expect((await cleanExpiredAuthorizations(depsOf(server), { signal: new AbortController().signal })).expired).toBe(1);
  expect(await authNotificationsOf(server, 'gone')).toHaveLength(0);
});

test('the code-expiry job removes free codes older than a day and keeps fresh ones', async () => {
  const { expireCodes } = await import('../../../src/plugin-auth/codes/expire-codes.job.js');
  const { freeCode } = await import('../harness.js');
  await freeCode(server, 'QQQQQQQQ', 2 * 24 * HOUR);
  await freeCode(server, 'RRRRRRRR', 60_000);
  expect(await expireCodes(depsOf(server))).toEqual({ expiredCodes: 0, removedFreeCodes: 1 });
  expect(await server.runtime.client.fetch('FreeAuthCode', 'qqqqqqqq')).toBeUndefined();
  expect(await server.runtime.client.fetch('FreeAuthCode', 'rrrrrrrr')).toBeDefined();
});

test('writes of another caller commit between the transactions of a long sweep (1,000 records, once one batch)', async () => {
  await createUser(server, 'steady');
  await seed(
    'steady',
    Array.from({ length: 1_000 }, () => stamp(-HOUR)),
    'second',
  );
  let running = true;
  const sweeping = cleanExpiredAuthorizations(depsOf(server), { signal: new AbortController().signal }).finally(() => (running = false));
  const written = await writeWhile(server.runtime.client, () => running, 'sweep-bystander');
  expect((await sweeping).expired).toBeGreaterThanOrEqual(1_000);
  const records = (await server.runtime.client.list(SitePluginAuthLog, { where: eq('spec.authUser', 'steady') })).items;
  expect(records.every((r) => r.spec.authStatus === 0)).toBe(true);
  expect(
    landedInside(
      written,
      records.map((r) => Number(r.metadata.resourceVersion)),
    ),
  ).toBeGreaterThan(0);
}, 120_000);
