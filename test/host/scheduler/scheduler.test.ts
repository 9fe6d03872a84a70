import { sqliteClient } from '../settings/harness.js';
import { jobRunName } from '../../../src/host/scheduler/run-names.js';
import type { JobContext, JobRun } from '../../../src/host/scheduler/types.js';
import { toTimestamp } from '../../../src/host/resource/time.js';
import { eventually, newScheduler, runsOf } from './helpers.js';

const EVERY_SECOND = '* * * * * *';

test('a per-second job runs each slot with a deterministic run id and records its counts', async () => {
  const env = await sqliteClient();
  const scheduler = newScheduler(env.client);
  const seen: JobContext[] = [];
  scheduler.register({
    name: 'Demo:count',
    cron: EVERY_SECOND,
    timeZone: 'Asia/Shanghai',
    concurrency: 'FORBID',
    timeoutMs: 5000,
    handler: (ctx) => {
      seen.push(ctx);
      ctx.reportCounts({ processed: 2 });
      ctx.reportCounts({ processed: 3, failed: 0 });
    },
  });
  await scheduler.activate();
  await eventually(async () => (await runsOf(env.client, 'Demo:count')).filter((r) => r.status?.outcome === 'SUCCEEDED').length >= 2);
  await scheduler.deactivate();
  const ctx = seen[0];
  expect(ctx.scheduledAt.getUTCMilliseconds()).toBe(0);
  expect(ctx.runId).toBe(jobRunName('Demo:count', ctx.scheduledAt.getTime()));
  const run = await env.client.get<JobRun>('JobRun', ctx.runId);
  expect(run.spec).toMatchObject({ job: 'Demo:count', slot: toTimestamp(ctx.scheduledAt) });
  expect(run.status).toMatchObject({ outcome: 'SUCCEEDED', counts: { processed: 5, failed: 0 }, holder: 'test-process' });
  expect(run.status?.startTime).toBeDefined();
  expect(run.status?.endTime).toBeDefined();
  const slots = seen.map((c) => c.scheduledAt.getTime());
  expect(new Set(slots).size).toBe(slots.length);
  await env.close();
});

test('FORBID never overlaps two runs; a slot that comes during a run is recorded as SKIPPED', async () => {
  const env = await sqliteClient();
  const scheduler = newScheduler(env.client);
  let concurrent = 0;
  let maxConcurrent = 0;
  scheduler.register({
    name: 'Demo:slow',
    cron: EVERY_SECOND,
    concurrency: 'FORBID',
    timeoutMs: 10_000,
    handler: async () => {
      maxConcurrent = Math.max(maxConcurrent, ++concurrent);
      await new Promise((r) => setTimeout(r, 2300));
      concurrent--;
    },
  });
  await scheduler.activate();
  await eventually(async () => {
    const runs = await runsOf(env.client, 'Demo:slow');
    return runs.some((r) => r.status?.outcome === 'SKIPPED') && runs.some((r) => r.status?.outcome === 'SUCCEEDED');
  });
  await scheduler.deactivate();
  expect(maxConcurrent).toBe(1);
  const skipped = (await runsOf(env.client, 'Demo:slow')).find((r) => r.status?.outcome === 'SKIPPED')!;
  expect(skipped.status?.message).toMatch(/still running/);
  await env.close();
});

test('a run that exceeds its time-out is aborted and recorded TIMED_OUT; a throwing run is FAILED', async () => {
  const env = await sqliteClient();
  const scheduler = newScheduler(env.client);
  const reasons: unknown[] = [];
  scheduler.register({
    name: 'Demo:hang',
    cron: EVERY_SECOND,
    timeoutMs: 150,
    handler: ({ signal }) =>
      new Promise<void>((resolve) => {
        signal.addEventListener('abort', () => {
          reasons.push(signal.reason);
          resolve();
        });
      }),
  });
  scheduler.register({
    name: 'Demo:throw',
    cron: EVERY_SECOND,
    timeoutMs: 1000,
    handler: () => {
      throw new Error('gateway refused');
    },
  });
  await scheduler.activate();
  await eventually(async () => (await runsOf(env.client, 'Demo:hang')).some((r) => r.status?.outcome === 'TIMED_OUT'));
  await eventually(async () => (await runsOf(env.client, 'Demo:throw')).some((r) => r.status?.outcome === 'FAILED'));
  await scheduler.deactivate();
  expect((reasons[0] as Error).name).toBe('TimeoutError');
  const failed = (await runsOf(env.client, 'Demo:throw')).find((r) => r.status?.outcome === 'FAILED')!;
  expect(failed.status?.message).toBe('gateway refused');
  await env.close();
});

test('FIRE_ONCE makes up for downtime with exactly one catch-up run for the latest missed slot', async () => {
  const env = await sqliteClient();
  const info = env.client.kind('JobRun');
  const hour = 3600_000;
  const lastSlot = Math.floor(Date.now() / hour) * hour - 5 * hour; // five hourly slots ago
  for (const job of ['Demo:hourly-fire-once', 'Demo:hourly-skip']) {
    await env.client.create({
      apiVersion: info.apiVersion,
      kind: 'JobRun',
      metadata: { name: jobRunName(job, lastSlot) },
      spec: { job, slot: toTimestamp(lastSlot) },
      status: { outcome: 'SUCCEEDED' },
    });
  }
  const hourBefore = Math.floor(Date.now() / hour) * hour;
  const scheduler = newScheduler(env.client);
  const runs: JobContext[] = [];
  scheduler.register({
    name: 'Demo:hourly-fire-once',
    cron: '0 0 * * * *',
    missedRunPolicy: 'FIRE_ONCE',
    timeoutMs: 1000,
    handler: (ctx) => void runs.push(ctx),
  });
  scheduler.register({
    name: 'Demo:hourly-skip',
    cron: '0 0 * * * *',
    missedRunPolicy: 'SKIP',
    timeoutMs: 1000,
    handler: (ctx) => void runs.push(ctx),
  });
  await scheduler.activate();
  await eventually(
    async () =>
      (await runsOf(env.client, 'Demo:hourly-fire-once')).length === 2
      && (await runsOf(env.client, 'Demo:hourly-fire-once'))[1].status?.outcome === 'SUCCEEDED',
  );
  await scheduler.deactivate();
  expect(runs).toHaveLength(1);
  expect(runs[0].catchUp).toBe(true);
  const latestHour = runs[0].scheduledAt.getTime();
  expect([hourBefore, Math.floor(Date.now() / hour) * hour]).toContain(latestHour); // the hour may turn mid-test
  const records = await runsOf(env.client, 'Demo:hourly-fire-once');
  expect(records[1].spec).toMatchObject({ catchUp: true, slot: toTimestamp(latestHour) });
  expect(await runsOf(env.client, 'Demo:hourly-skip')).toHaveLength(1);
  await env.close();
});

test('retention keeps the last N runs of a job', async () => {
  const env = await sqliteClient();
  const scheduler = newScheduler(env.client);
  let count = 0;
  scheduler.register({ name: 'Demo:retained', cron: EVERY_SECOND, timeoutMs: 1000, keepRuns: 2, handler: () => void count++ });
  await scheduler.activate();
  await eventually(() => count >= 4);
  await scheduler.deactivate();
  const runs = await runsOf(env.client, 'Demo:retained');
  expect(runs.length).toBeLessThanOrEqual(2);
  expect(runs.length).toBeGreaterThan(0);
  await env.close();
});

test('two schedulers on one store run each slot once; deactivating aborts a running handler', async () => {
  const env = await sqliteClient();
  const a = newScheduler(env.client, 'process-a');
  const b = newScheduler(env.client, 'process-b');
  const calls: string[] = [];
  for (const [s, who] of [
    [a, 'a'],
    [b, 'b'],
  ] as const) {
    s.register({ name: 'Demo:shared', cron: EVERY_SECOND, timeoutMs: 1000, handler: (ctx) => void calls.push(`${ctx.runId}`) });
    void who;
  }
  await Promise.all([a.activate(), b.activate()]);
  await eventually(() => calls.length >= 4);
  await Promise.all([a.deactivate(), b.deactivate()]);
  expect(new Set(calls).size).toBe(calls.length);

  let aborted = false;
  a.register({
    name: 'Demo:long',
    cron: EVERY_SECOND,
    timeoutMs: 60_000,
    handler: ({ signal }) =>
      new Promise<void>((resolve) =>
        signal.addEventListener('abort', () => {
          aborted = true;
          resolve();
        }),
      ),
  });
  await a.activate();
  await eventually(async () => (await runsOf(env.client, 'Demo:long')).some((r) => r.status?.outcome === 'RUNNING'));
  await a.deactivate();
  expect(aborted).toBe(true);
  const run = (await runsOf(env.client, 'Demo:long'))[0];
  expect(run.status).toMatchObject({ outcome: 'FAILED', message: expect.stringMatching(/aborted/) });
  await env.close();
});

test('a new leader marks runs left RUNNING by another process as interrupted', async () => {
  const env = await sqliteClient();
  const info = env.client.kind('JobRun');
  await env.client.create({
    apiVersion: info.apiVersion,
    kind: 'JobRun',
    metadata: { name: 'orphan' },
    spec: { job: 'Demo:x', slot: toTimestamp(Date.now() - 60_000) },
    status: { outcome: 'RUNNING', holder: 'dead-process' },
  });
  const scheduler = newScheduler(env.client);
  await scheduler.activate();
  const run = await env.client.get<JobRun>('JobRun', 'orphan');
  expect(run.status).toMatchObject({ outcome: 'FAILED', message: expect.stringMatching(/interrupted.*dead-process/) });
  await scheduler.deactivate();
  await env.close();
});
