/**
 * What listScheduledJobs shows for each job (issue #16 item 9): its schedule (cron and time zone), the next
 * run, the last run's outcome, and a job that cannot be scheduled with its problem as a code and as words in
 * zh-CN and English.
 */
import { expect, test } from '@jest/globals';
import { sqliteClient } from '../settings/harness.js';
import { eventually, newScheduler, runsOf } from './helpers.js';

test('each job shows cron, time zone and next run on any replica, and its last run once it ran', async () => {
  const env = await sqliteClient();
  const leader = newScheduler(env.client, 'leader');
  const replica = newScheduler(env.client, 'replica');
  for (const scheduler of [leader, replica]) {
    scheduler.register({
      name: 'Demo:tick',
      cron: '* * * * * *',
      timeZone: 'Asia/Shanghai',
      timeoutMs: 5000,
      handler: (ctx) => ctx.reportCounts({ done: 1 }),
    });
  }
  const [before] = await replica.schedules();
  expect(before).toMatchObject({ name: 'Demo:tick', cron: '* * * * * *', timeZone: 'Asia/Shanghai', enabled: true, running: false });
  expect(Date.parse(before.nextSlot!)).toBeGreaterThan(Date.now() - 1000);
  expect(before.lastRun).toBeUndefined();
  expect(before.problemCode).toBeUndefined();

  await leader.activate();
  await eventually(async () => (await runsOf(env.client, 'Demo:tick')).some((r) => r.status?.outcome === 'SUCCEEDED'));
  await leader.deactivate();
  const [after] = await replica.schedules();
  expect(after.lastRun).toMatchObject({ outcome: 'SUCCEEDED', slot: expect.any(String), startTime: expect.any(String) });
  expect(after.lastRun!.name).toMatch(/^demo-tick-/i);
  expect((await replica.schedules({ lastRuns: false }))[0].lastRun).toBeUndefined();
  await env.close();
});

test('a job that cannot be scheduled shows its problem as a code and as words in both languages, and no next run', async () => {
  const env = await sqliteClient();
  const scheduler = newScheduler(env.client);
  scheduler.register({ name: 'Demo:zone', cron: '0 0 * * * *', timeZone: 'Beijing', timeoutMs: 1000, handler: () => undefined });
  scheduler.register({ name: 'Demo:cron', cron: '61 * * * *', timeoutMs: 1000, handler: () => undefined });
  scheduler.register({
    name: 'Demo:unreadable',
    cron: () => Promise.reject(new Error('settings store unavailable')),
    timeoutMs: 1000,
    handler: () => undefined,
  });
  const byName = Object.fromEntries((await scheduler.schedules()).map((j) => [j.name, j]));
  expect(byName['Demo:zone']).toMatchObject({ problemCode: 'UNKNOWN_TIME_ZONE', problem: 'unknown time zone "Beijing"' });
  expect(byName['Demo:zone'].problemText).toEqual({
    zh: '无法识别时区“Beijing”，任务不会运行：请在设置中改为 IANA 时区名称，如 Asia/Shanghai',
    en: 'unknown time zone "Beijing", so the job does not run: set an IANA time zone name such as Asia/Shanghai',
  });
  expect(byName['Demo:cron']).toMatchObject({ problemCode: 'INVALID_CRON', cron: '61 * * * *' });
  expect(byName['Demo:cron'].problemText?.zh).toMatch(/^cron 表达式“61 \* \* \* \*”无效/);
  expect(byName['Demo:unreadable'].problemCode).toBe('UNREADABLE');
  expect(byName['Demo:unreadable'].problemText?.en).toMatch(/could not be read/);
  for (const job of Object.values(byName)) expect(job.nextSlot).toBeUndefined();
  await env.close();
});
