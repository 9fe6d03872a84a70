import { pino } from 'pino';
import { ControllerManager } from '../../../src/host/controller/controller-manager.js';
import { reconcileFinalizer } from '../../../src/host/controller/finalizers.js';
import type { ConfigMap } from '../../../src/host/settings/types.js';
import { sqliteClient } from '../settings/harness.js';
import type { ExtensionClient } from '../../../src/host/client/extension-client.js';
import { labelEq } from '../../../src/host/store/query.js';

const silent = pino({ level: 'silent' });

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not reached in time');
}

function configMap(client: ExtensionClient, name: string, data: Record<string, string> = {}) {
  return client.create<ConfigMap>({ apiVersion: client.kind('ConfigMap').apiVersion, kind: 'ConfigMap', metadata: { name }, data });
}

test('start-up sync lists existing objects in pages, then watch events enqueue changes', async () => {
  const env = await sqliteClient();
  for (let i = 0; i < 7; i++) await configMap(env.client, `cm-${i}`);
  const manager = new ControllerManager({ client: env.client, logger: silent });
  const seen: string[] = [];
  manager.register({ name: 'cm', kind: 'ConfigMap', pageSize: 3, reconcile: (name) => void seen.push(name) });
  await manager.activate();
  await eventually(() => seen.length >= 7);
  expect(new Set(seen)).toEqual(new Set(Array.from({ length: 7 }, (_, i) => `cm-${i}`)));
  await configMap(env.client, 'cm-new');
  const cm = await env.client.get<ConfigMap>('ConfigMap', 'cm-1');
  await env.client.update({ ...cm, data: { a: '1' } });
  await env.client.delete('ConfigMap', 'cm-2');
  await eventually(
    () => seen.includes('cm-new') && seen.filter((n) => n === 'cm-1').length === 2 && seen.filter((n) => n === 'cm-2').length === 2,
  );
  await manager.deactivate();
  await env.close();
});

test('a controller with `where` syncs and follows only the matching objects; one that stops matching is reconciled once more', async () => {
  const env = await sqliteClient();
  const labelled = (name: string, value: string) =>
    env.client.create<ConfigMap>({
      apiVersion: env.client.kind('ConfigMap').apiVersion,
      kind: 'ConfigMap',
      metadata: { name, labels: { 'example.test/kind': value } },
      data: {},
    });
  await labelled('wanted-0', 'wanted');
  await labelled('other-0', 'other');
  await configMap(env.client, 'plain-0');
  const manager = new ControllerManager({ client: env.client, logger: silent });
  const seen: string[] = [];
  manager.register({
    name: 'selected',
    kind: 'ConfigMap',
    where: labelEq('example.test/kind', 'wanted'),
    reconcile: (name) => void seen.push(name),
  });
  await manager.activate();
  await eventually(() => seen.includes('wanted-0'));
  await labelled('other-1', 'other');
  await labelled('wanted-1', 'wanted');
  await eventually(() => seen.includes('wanted-1'));
  const moved = await env.client.get<ConfigMap>('ConfigMap', 'wanted-0');
  await env.client.update({ ...moved, metadata: { ...moved.metadata, labels: { 'example.test/kind': 'other' } } });
  await eventually(() => seen.filter((n) => n === 'wanted-0').length === 2);
  const marker = await labelled('wanted-2', 'wanted'); // a later event proves everything before it was delivered
  await eventually(() => seen.includes(marker.metadata.name));
  await manager.deactivate();
  expect(seen.filter((n) => !n.startsWith('wanted-'))).toEqual([]);
  await env.close();
});

test('errors retry with backoff, success resets it, and requeueAfter looks again later', async () => {
  const env = await sqliteClient();
  await configMap(env.client, 'flaky');
  await configMap(env.client, 'periodic');
  const manager = new ControllerManager({ client: env.client, logger: silent });
  let flakyCalls = 0;
  let periodicCalls = 0;
  manager.register({
    name: 'retries',
    kind: 'ConfigMap',
    minDelayMs: 5,
    maxDelayMs: 20,
    reconcile: (name) => {
      if (name === 'periodic') return { requeueAfterMs: ++periodicCalls < 3 ? 10 : undefined };
      if (++flakyCalls < 4) throw new Error('not yet');
    },
  });
  await manager.activate();
  await eventually(() => flakyCalls === 4 && periodicCalls === 3);
  await manager.deactivate();
  await env.close();
});

test('a change made while an object is reconciled triggers exactly one more reconcile', async () => {
  const env = await sqliteClient();
  await configMap(env.client, 'busy');
  const manager = new ControllerManager({ client: env.client, logger: silent });
  let calls = 0;
  let active = 0;
  let maxActive = 0;
  let release!: () => void;
  const firstRunBlocked = new Promise<void>((r) => (release = r));
  manager.register({
    name: 'busy',
    kind: 'ConfigMap',
    workers: 4,
    reconcile: async () => {
      maxActive = Math.max(maxActive, ++active);
      if (++calls === 1) await firstRunBlocked;
      active--;
    },
  });
  await manager.activate();
  await eventually(() => calls === 1);
  for (let i = 0; i < 3; i++) {
    const cm = await env.client.get<ConfigMap>('ConfigMap', 'busy');
    await env.client.update({ ...cm, data: { n: String(i) } });
  }
  await new Promise((r) => setTimeout(r, 50));
  release();
  await eventually(() => calls === 2);
  await manager.deactivate();
  expect(maxActive).toBe(1);
  expect(calls).toBe(2);
  await env.close();
});

test('an update that changes nothing (same resourceVersion) does not trigger a reconcile', async () => {
  const env = await sqliteClient();
  await configMap(env.client, 'steady', { a: '1' });
  const manager = new ControllerManager({ client: env.client, logger: silent });
  let calls = 0;
  manager.register({
    name: 'steady',
    kind: 'ConfigMap',
    reconcile: async (name) => {
      calls++;
      const cm = await env.client.get<ConfigMap>('ConfigMap', name);
      await env.client.update({ ...cm, data: { a: '1' } }); // already so: the client writes nothing
    },
  });
  await manager.activate();
  await eventually(() => calls === 1);
  const marker = await configMap(env.client, 'marker'); // a later event proves the watch delivered everything before it
  await eventually(() => calls === 2);
  expect(marker.metadata.name).toBe('marker');
  await manager.deactivate();
  expect(calls).toBe(2);
  await env.close();
});

test('finalizer helpers hold deletion until cleanup ran, then let the object go', async () => {
  const env = await sqliteClient();
  await configMap(env.client, 'parent');
  const cleaned: string[] = [];
  const manager = new ControllerManager({ client: env.client, logger: silent });
  manager.register({
    name: 'finalizing',
    kind: 'ConfigMap',
    reconcile: async (name) => {
      const obj = await env.client.fetch<ConfigMap>('ConfigMap', name);
      if (!obj) return;
      await reconcileFinalizer(env.client, obj, 'authpay.dev/cleanup', async (o) => void cleaned.push(o.metadata.name));
    },
  });
  await manager.activate();
  await eventually(async () =>
    ((await env.client.get<ConfigMap>('ConfigMap', 'parent')).metadata.finalizers ?? []).includes('authpay.dev/cleanup'),
  );
  const deleted = await env.client.delete('ConfigMap', 'parent');
  expect(deleted.removed).toBe(false);
  await eventually(async () => (await env.client.fetch('ConfigMap', 'parent')) === undefined);
  expect(cleaned).toEqual(['parent']);
  await manager.deactivate();
  await env.close();
});

test('controllers run only while the manager is active; a plugin scope unregisters its own', async () => {
  const env = await sqliteClient();
  await configMap(env.client, 'one');
  const manager = new ControllerManager({ client: env.client, logger: silent });
  const stops: Array<() => Promise<void>> = [];
  const scope = manager.scoped((fn) => stops.push(fn));
  let calls = 0;
  scope.register({ name: 'scoped', kind: 'ConfigMap', reconcile: () => void calls++ });
  await new Promise((r) => setTimeout(r, 50));
  expect(calls).toBe(0);
  await manager.activate();
  await eventually(() => calls === 1);
  await manager.deactivate();
  await configMap(env.client, 'two');
  await new Promise((r) => setTimeout(r, 50));
  expect(calls).toBe(1);
  await manager.activate(); // start-up sync again: both objects
  await eventually(() => calls === 3);
  for (const stop of stops) await stop();
  expect(manager.names()).toEqual([]);
  await manager.deactivate();
  await env.close();
});
