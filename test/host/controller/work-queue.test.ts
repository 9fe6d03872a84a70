import { WorkQueue } from '../../../src/host/controller/work-queue.js';
import { backoffDelay } from '../../../src/host/controller/backoff.js';
import { systemClock, type Clock } from '../../../src/host/controller/clock.js';

test('a key already queued is not queued twice', async () => {
  const q = new WorkQueue();
  q.add('a');
  q.add('b');
  q.add('a');
  expect(q.length).toBe(2);
  expect(await q.get()).toBe('a');
  expect(await q.get()).toBe('b');
  q.shutdown();
});

test('a key added while it is processed runs again after done, once', async () => {
  const q = new WorkQueue();
  q.add('a');
  const key = await q.get();
  q.add('a');
  q.add('a');
  expect(q.length).toBe(0); // not handed to a second worker while the first holds it
  q.done(key!);
  expect(q.length).toBe(1);
  expect(await q.get()).toBe('a');
  q.done('a');
  expect(q.length).toBe(0);
  q.shutdown();
});

test('a waiting worker is woken by an add and released by shutdown', async () => {
  const q = new WorkQueue();
  const first = q.get();
  q.add('x');
  expect(await first).toBe('x');
  const second = q.get();
  q.shutdown();
  expect(await second).toBeUndefined();
});

test('rate-limited adds back off exponentially per key and reset on forget', async () => {
  const requested: number[] = [];
  const clock: Clock = { ...systemClock, setTimeout: (fn, ms) => (requested.push(ms), systemClock.setTimeout(fn, ms)) };
  const q = new WorkQueue({ minDelayMs: 5, maxDelayMs: 40 }, clock);
  for (let i = 0; i < 6; i++) {
    q.addRateLimited('k');
    expect(await q.get()).toBe('k');
    q.done('k');
  }
  expect(requested).toEqual([5, 10, 20, 40, 40, 40]);
  q.forget('k');
  q.addRateLimited('k');
  expect(requested[6]).toBe(5);
  q.shutdown();
});

test('a delayed add keeps the earliest due time', async () => {
  const q = new WorkQueue();
  q.addAfter('k', 60_000);
  q.addAfter('k', 10);
  expect(await q.get()).toBe('k');
  q.shutdown();
});

test('the default backoff goes from 1 s to 30 s', () => {
  expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
});
