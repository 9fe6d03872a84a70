import { AsyncLocalStorage } from 'node:async_hooks';
import { PollingLoop } from '../../../src/host/workers/polling-loop.js';

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

test('runs one cycle at a time and runs again when woken during a cycle', async () => {
  let active = 0;
  let maxActive = 0;
  let cycles = 0;
  let release: () => void = () => undefined;
  const loop = new PollingLoop(
    async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      cycles++;
      if (cycles === 1) await new Promise<void>((r) => (release = r));
      active--;
    },
    { intervalMs: 60_000, onError: () => undefined },
  );
  loop.start();
  await until(() => cycles === 1);
  loop.wake();
  loop.wake();
  release();
  await until(() => cycles === 2);
  await loop.stop();
  expect(maxActive).toBe(1);
});

test('a wake from inside an async context does not carry that context into the cycle', async () => {
  const context = new AsyncLocalStorage<string>();
  const seen: Array<string | undefined> = [];
  const loop = new PollingLoop(
    async () => {
      seen.push(context.getStore());
    },
    { intervalMs: 60_000, onError: () => undefined },
  );
  loop.start();
  await until(() => seen.length === 1);
  context.run('transaction', () => loop.wake());
  await until(() => seen.length === 2);
  await loop.stop();
  expect(seen).toEqual([undefined, undefined]);
});

test('a failing cycle is reported and the loop keeps going', async () => {
  const errors: unknown[] = [];
  let cycles = 0;
  const loop = new PollingLoop(
    async () => {
      cycles++;
      if (cycles === 1) throw new Error('boom');
      return 60_000;
    },
    { intervalMs: 0, onError: (err) => errors.push(err) },
  );
  loop.start();
  await until(() => cycles >= 2);
  await loop.stop();
  expect(errors).toHaveLength(1);
});
