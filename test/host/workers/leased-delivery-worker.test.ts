import { pino } from 'pino';
import { LeasedDeliveryWorker } from '../../../src/host/workers/leased-delivery-worker.js';
import type { AttemptResult, Lease, LeasedDelivery, Settlement } from '../../../src/host/workers/leased-delivery-worker.js';
import { delayTable, exponentialBackoff } from '../../../src/host/workers/retry-schedule.js';

interface Item {
  name: string;
  version: number;
  phase: 'PENDING' | 'DONE' | 'GAVE_UP';
  attempts: number;
  nextAttemptAt: number;
  lastError?: string;
}

/** An in-memory item table with compare-and-set writes, standing in for the store. */
class Table implements LeasedDelivery<Item, undefined, number> {
  readonly rows = new Map<string, Item>();
  readonly settlements: Array<Settlement<number>> = [];
  readonly deliveries: string[] = [];
  nextDueAt?: () => Promise<number | undefined>;
  constructor(private readonly outcome: (item: Item) => Promise<AttemptResult<number>>) {}

  add(name: string, at = 0): void {
    this.rows.set(name, { name, version: 1, phase: 'PENDING', attempts: 0, nextAttemptAt: at });
  }

  async due(now: number, limit: number): Promise<Item[]> {
    const due = [...this.rows.values()].filter((i) => i.phase === 'PENDING' && i.nextAttemptAt <= now);
    due.sort((a, b) => a.nextAttemptAt - b.nextAttemptAt);
    return due.slice(0, limit).map((i) => ({ ...i }));
  }

  async claim(item: Item, lease: Lease): Promise<Item | undefined> {
    await new Promise((r) => setImmediate(r)); // lets another worker read the same version first
    return this.write(item, { attempts: item.attempts + 1, nextAttemptAt: lease.until });
  }

  attemptsOf(claimed: Item): number {
    return claimed.attempts;
  }

  deliver(claimed: Item): Promise<AttemptResult<number>> {
    this.deliveries.push(claimed.name);
    return this.outcome(claimed);
  }

  async record(claimed: Item, s: Settlement<number>): Promise<void> {
    this.settlements.push(s);
    if (s.kind === 'delivered') this.write(claimed, { phase: 'DONE' });
    else if (s.kind === 'retry') this.write(claimed, { nextAttemptAt: s.nextAttemptAt, lastError: s.error });
    else this.write(claimed, { phase: 'GAVE_UP', lastError: s.error });
  }

  private write(item: Item, change: Partial<Item>): Item | undefined {
    const current = this.rows.get(item.name);
    if (!current || current.version !== item.version) return undefined;
    const next = { ...current, ...change, version: current.version + 1 };
    this.rows.set(item.name, next);
    return { ...next };
  }
}

const logger = pino({ level: 'silent' });
let now = 1_000;
const clock = { now: () => now };
const options = { name: 'test', logger, clock, pollIntervalMs: 60_000, batchSize: 10, leaseMs: 5_000 };

beforeEach(() => (now = 1_000));

test('a delivered item is recorded once with the detail of its attempt', async () => {
  const table = new Table(async () => ({ kind: 'delivered', detail: 204 }));
  table.add('a');
  const worker = new LeasedDeliveryWorker(table, { ...options, retry: delayTable([10]) });
  expect(await worker.runOnce()).toBe(1);
  expect(table.settlements).toEqual([{ kind: 'delivered', at: 1_000, detail: 204 }]);
  expect(table.rows.get('a')).toMatchObject({ phase: 'DONE', attempts: 1 });
  expect(await worker.runOnce()).toBe(0);
});

test('failures retry on the schedule, then give up; a thrown error is a retryable failure', async () => {
  let calls = 0;
  const table = new Table(async () => {
    calls++;
    if (calls === 1) throw new Error('connection reset');
    return { kind: 'failed', error: 'HTTP 500', detail: 500 };
  });
  table.add('a');
  const worker = new LeasedDeliveryWorker(table, { ...options, retry: delayTable([100, 200]) });
  await worker.runOnce();
  expect(table.rows.get('a')).toMatchObject({ phase: 'PENDING', attempts: 1, nextAttemptAt: 1_100, lastError: 'connection reset' });
  expect(await worker.runOnce()).toBe(0); // not due yet
  now = 1_100;
  await worker.runOnce();
  expect(table.settlements[1]).toEqual({ kind: 'retry', at: 1_100, nextAttemptAt: 1_300, error: 'HTTP 500', detail: 500 });
  now = 1_300;
  await worker.runOnce();
  expect(table.settlements[2]).toEqual({ kind: 'gave-up', at: 1_300, error: 'HTTP 500', detail: 500 });
  expect(table.rows.get('a')).toMatchObject({ phase: 'GAVE_UP', attempts: 3 });
});

test('a permanent failure gives up at once', async () => {
  const table = new Table(async () => ({ kind: 'failed', error: 'target blocked', permanent: true }));
  table.add('a');
  await new LeasedDeliveryWorker(table, { ...options, retry: delayTable([100]) }).runOnce();
  expect(table.settlements).toEqual([{ kind: 'gave-up', at: 1_000, error: 'target blocked', detail: undefined }]);
});

test('two workers on one table deliver every item exactly once (the claim decides)', async () => {
  const table = new Table(async () => ({ kind: 'delivered' }));
  for (let i = 0; i < 8; i++) table.add(`m${i}`, i);
  const a = new LeasedDeliveryWorker(table, { ...options, retry: delayTable([]) });
  const b = new LeasedDeliveryWorker(table, { ...options, retry: delayTable([]), parallel: true });
  await Promise.all([a.runOnce(), b.runOnce()]);
  expect(table.deliveries.sort()).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
});

test('an item whose process died falls due again when its lease ends', async () => {
  const table = new Table(async () => ({ kind: 'delivered' }));
  table.add('a');
  const [item] = await table.due(now, 1);
  await table.claim(item, { now, until: now + 5_000 }); // claimed by a process that then died
  const worker = new LeasedDeliveryWorker(table, { ...options, retry: delayTable([]) });
  expect(await worker.runOnce()).toBe(0);
  now += 5_000;
  await worker.runOnce();
  expect(table.rows.get('a')).toMatchObject({ phase: 'DONE', attempts: 2 });
});

test('the started worker sleeps until the next due item', async () => {
  const table = new Table(async () => ({ kind: 'delivered' }));
  const real = { now: () => Date.now() };
  table.nextDueAt = async () => Date.now() + 30;
  const worker = new LeasedDeliveryWorker(table, { ...options, clock: real, retry: delayTable([]) });
  worker.start();
  table.add('later', Date.now() + 30);
  for (let i = 0; i < 100 && table.rows.get('later')?.phase !== 'DONE'; i++) await new Promise((r) => setTimeout(r, 10));
  await worker.stop();
  expect(table.rows.get('later')?.phase).toBe('DONE');
});

test('retry schedules', () => {
  const backoff = exponentialBackoff({ maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 250, jitter: 0.2 }, () => 0.5);
  expect([1, 2, 3, 4].map(backoff)).toEqual([100, 200, 250, undefined]);
  expect(exponentialBackoff({ maxAttempts: 9, baseDelayMs: 100, maxDelayMs: 1e6, jitter: 0.2 }, () => 1)(1)).toBe(120);
  const table = delayTable([15, 30]);
  expect([0, 1, 2, 3].map(table)).toEqual([undefined, 15, 30, undefined]);
});
