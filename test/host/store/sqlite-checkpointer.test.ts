/**
 * SQLite checkpoints on a worker thread: a store whose WAL passes the threshold hands checkpoints to the
 * thread and waits for it to catch up whenever the WAL is longer than restartFrames, so the WAL starts over
 * instead of growing; every write stays readable, during the run and after reopening.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteStore } from '../../../src/host/store/sqlite-store.js';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';
import { loadKinds } from './harness.js';

const KIND = 'SitePluginAuthLog';
const record = (i: number) => ({
  apiVersion: 'pluginauth.authpay.dev/v1alpha1',
  kind: KIND,
  metadata: { name: `cp-${String(i).padStart(5, '0')}` },
  spec: {
    pluginKey: `plugin-${i % 7}`,
    authUser: `user-${i % 13}`,
    authDomain: `d${i}.example.com`,
    authStatus: i % 2,
    license: 'x'.repeat(2000),
  },
});

describe('SQLite background checkpoints', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-checkpoint-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const open = async (file: string, checkpoint?: { fromBytes: number; restartFrames: number }) => {
    const store = new SqliteStore(file, { checkpoint });
    const { registry, authLog } = loadKinds();
    await store.ensureKind(authLog);
    return { store, client: new ExtensionClient(registry, store) };
  };

  /** Writes `batches` transactions of 20 records, yielding to the event loop between them as jobs do. */
  const writeBatches = async (client: ExtensionClient, batches: number) => {
    for (let b = 0; b < batches; b++) {
      await client.transaction(async (tx) => {
        for (let i = 0; i < 20; i++) await tx.create(record(b * 20 + i));
      });
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const walPages = (file: string) => fs.statSync(`${file}-wal`).size / 4096;

  test('the WAL starts over instead of growing, and every write is kept', async () => {
    const batches = 150;
    // Control: no checkpoint at all until close (thresholds out of reach), so the WAL holds every write.
    const control = path.join(dir, 'control.db');
    const c = await open(control, { fromBytes: 2 ** 50, restartFrames: 2 ** 30 });
    await writeBatches(c.client, batches);
    const unbounded = walPages(control);
    await c.store.close();

    const file = path.join(dir, 'a.db');
    const { store, client } = await open(file, { fromBytes: 0, restartFrames: 300 });
    await writeBatches(client, batches);
    expect(walPages(file)).toBeLessThan(unbounded / 2);
    expect(await client.count(KIND)).toBe(batches * 20);
    await store.close();
    const again = await open(file);
    expect(await again.client.count(KIND)).toBe(batches * 20);
    expect((await again.client.get(KIND, record(batches * 20 - 1).metadata.name)).spec).toMatchObject({
      authDomain: `d${batches * 20 - 1}.example.com`,
    });
    await again.store.close();
  });

  test('close() finishes in a process that has nothing else to do (the thread is held while it is waited for)', () => {
    const script = path.join('test', 'host', 'store', 'fixtures', 'close-after-checkpoints.ts');
    const out = execFileSync(process.execPath, ['--import', 'tsx', script, dir], { encoding: 'utf8', timeout: 60_000 });
    expect(out).toBe('closed\n');
    // The writer's close folded the WAL into the database file.
    expect(fs.existsSync(path.join(dir, 'close.db-wal'))).toBe(false);
  });
});

test('a store whose data directory was removed still closes (the checkpoint thread that could not start is not waited for)', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-checkpoint-gone-'));
  const store = new SqliteStore(path.join(dir, 'authpay.db'), { checkpoint: { fromBytes: 0, restartFrames: 1000 } });
  const { registry, authLog } = loadKinds();
  await store.ensureKind(authLog);
  const client = new ExtensionClient(registry, store);
  fs.rmSync(dir, { recursive: true, force: true });
  // The write still commits (the open files outlive their names); the thread it starts cannot open the file.
  await client.create(record(1));
  await new Promise((resolve) => setTimeout(resolve, 500)); // lets the thread fail before close() asks it
  await store.close();
}, 15_000);
