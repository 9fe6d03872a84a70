import { Informer } from '../../../src/host/controller/informer.js';
import { systemClock, type Clock } from '../../../src/host/controller/clock.js';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';
import type { Store, WatchHandle } from '../../../src/host/store/store.js';
import type { ConfigMap } from '../../../src/host/settings/types.js';
import { AppError } from '../../../src/host/errors/app-error.js';
import { sqliteClient } from '../settings/harness.js';

/** The real store, with a way to cut its watches as a dropped PostgreSQL listener would. */
function withWatchFaults(store: Store) {
  const live: Array<{ handle: WatchHandle; onError?: (err: Error) => void }> = [];
  let failNextWatch: AppError | undefined;
  const faulty = Object.create(store) as Store;
  faulty.watch = async (options, listener, onError) => {
    if (failNextWatch) {
      const err = failNextWatch;
      failNextWatch = undefined;
      throw err;
    }
    const handle = await store.watch(options, listener, onError);
    live.push({ handle, onError });
    return handle;
  };
  return {
    store: faulty,
    /** Stops delivery now; reports the error later, so changes made meanwhile fall into a gap. */
    cut(): () => void {
      const cutOff = live.splice(0);
      for (const w of cutOff) w.handle.stop();
      return () => cutOff.forEach((w) => w.onError?.(new Error('listener connection lost')));
    },
    failNextWatchWith(err: AppError) {
      failNextWatch = err;
    },
  };
}

/** Real timers, but retry delays shortened so the test does not wait seconds. */
const quickClock: Clock = { ...systemClock, setTimeout: (fn, ms) => systemClock.setTimeout(fn, Math.min(ms, 20)) };

async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error('condition not reached in time');
}

test('after a watch error the informer lists again and reports what changed during the gap', async () => {
  const env = await sqliteClient();
  const faults = withWatchFaults(env.client.store);
  const client = new ExtensionClient(env.client.registry, faults.store);
  const create = (name: string) =>
    client.create<ConfigMap>({ apiVersion: client.kind('ConfigMap').apiVersion, kind: 'ConfigMap', metadata: { name }, data: {} });
  await create('cm-1');
  await create('cm-2');
  const log: string[] = [];
  const informer = new Informer<ConfigMap, string>({
    client,
    kind: 'ConfigMap',
    project: (cm) => cm.metadata.resourceVersion!,
    pageSize: 1,
    clock: quickClock,
    handlers: { onAdd: (n) => log.push(`add ${n}`), onUpdate: (n) => log.push(`update ${n}`), onDelete: (n) => log.push(`delete ${n}`) },
  });
  await informer.start();
  expect(log.sort()).toEqual(['add cm-1', 'add cm-2']);
  log.length = 0;

  const reportError = faults.cut();
  await client.delete('ConfigMap', 'cm-1');
  await create('cm-3');
  faults.failNextWatchWith(new AppError('GONE', 'too old resource version')); // the first re-watch fails too
  reportError();
  await eventually(() => log.includes('delete cm-1') && log.includes('add cm-3'));
  expect(informer.keys().sort()).toEqual(['cm-2', 'cm-3']);

  await create('cm-4'); // live events flow again on the new watch
  await eventually(() => log.includes('add cm-4'));
  expect(log.filter((l) => l === 'add cm-3')).toHaveLength(1);
  informer.stop();
  await env.close();
});
