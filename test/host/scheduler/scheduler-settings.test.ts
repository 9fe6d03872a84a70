import express from 'express';
import request from 'supertest';
import fs from 'node:fs';
import path from 'node:path';
import { sqliteClient, capturingLogger } from '../settings/harness.js';
import { applySettingResources } from '../../../src/host/settings/extension-loader.js';
import { SettingsService } from '../../../src/host/settings/settings-service.js';
import { OperationRegistry } from '../../../src/host/api/operations/operation-registry.js';
import { jobRunOperations } from '../../../src/host/scheduler/job-run-operations.js';
import { eventually, newScheduler, runsOf } from './helpers.js';

const JOB_SETTINGS = `
apiVersion: host.authpay.dev/v1alpha1
kind: Setting
metadata: { name: jobs-settings }
spec:
  forms:
    - group: cleanup
      formSchema:
        - { $formkit: checkbox, name: enabled, value: false }
        - { $formkit: text, name: cron, value: "0 0 3 * * *", validation: required }
`;

interface Cleanup {
  enabled: boolean;
  cron: string;
}

test('a job follows its settings: off means unscheduled, a new cron expression reschedules it', async () => {
  const env = await sqliteClient();
  const ext = path.join(env.dir, 'ext');
  fs.mkdirSync(ext);
  fs.writeFileSync(path.join(ext, 'settings.yaml'), JOB_SETTINGS);
  await applySettingResources(env.client, ext, { pluginName: 'demo' });
  const { logger } = capturingLogger();
  const settings = new SettingsService(env.client, logger);
  const scheduler = newScheduler(env.client);
  scheduler.followSettings(settings);
  let runs = 0;
  const cleanup = () => settings.get<Cleanup>('jobs-settings', 'cleanup');
  scheduler.register({
    name: 'Demo:cleanup',
    cron: async () => (await cleanup()).cron,
    enabled: async () => (await cleanup()).enabled,
    timeZone: 'Asia/Shanghai',
    missedRunPolicy: 'FIRE_ONCE',
    timeoutMs: 1000,
    handler: () => void runs++,
  });
  await scheduler.activate();
  expect(scheduler.status()[0]).toMatchObject({ name: 'Demo:cleanup', enabled: false, running: false });
  expect(scheduler.status()[0].nextSlot).toBeUndefined();

  await settings.update('jobs-settings', { cleanup: { enabled: true } });
  await eventually(() => scheduler.status()[0].enabled);
  const nextDaily = new Date(scheduler.status()[0].nextSlot!);
  expect(nextDaily.getUTCHours()).toBe(19); // 03:00 in Asia/Shanghai

  await settings.update('jobs-settings', { cleanup: { cron: '* * * * * *' } });
  await eventually(() => runs >= 2);

  await settings.update('jobs-settings', { cleanup: { enabled: false } });
  await eventually(() => scheduler.status()[0].nextSlot === undefined);
  await scheduler.deactivate();
  settings.stop();
  await env.close();
});

test('a bad cron expression from settings leaves the job unscheduled with the problem reported', async () => {
  const env = await sqliteClient();
  const scheduler = newScheduler(env.client);
  scheduler.register({ name: 'Demo:bad', cron: 'every day please', timeoutMs: 1000, handler: () => undefined });
  await scheduler.activate();
  expect(scheduler.status()[0].problem).toMatch(/cron/);
  expect(scheduler.status()[0].nextSlot).toBeUndefined();
  await scheduler.deactivate();
  await env.close();
});

test('listJobRuns pages the records of a job, newest slot first', async () => {
  const env = await sqliteClient();
  const scheduler = newScheduler(env.client);
  let n = 0;
  scheduler.register({ name: 'Demo:listed', cron: '* * * * * *', timeoutMs: 1000, handler: (ctx) => ctx.reportCounts({ n: ++n }) });
  scheduler.register({ name: 'Demo:other', cron: '* * * * * *', timeoutMs: 1000, handler: () => undefined });
  await scheduler.activate();
  await eventually(async () => (await runsOf(env.client, 'Demo:listed')).filter((r) => r.status?.outcome === 'SUCCEEDED').length >= 3);
  await scheduler.deactivate();
  const operations = new OperationRegistry();
  for (const op of jobRunOperations(scheduler)) operations.add(op);
  const app = express().use(express.json()).use(operations.middleware());
  const res = await request(app).get('/apis/console.api.host.authpay.dev/v1alpha1/jobruns').query({ job: 'Demo:listed', page: 1, size: 2 });
  expect(res.status).toBe(200);
  const data = res.body.data;
  const total = (await runsOf(env.client, 'Demo:listed')).length;
  expect(data).toMatchObject({
    page: 1,
    size: 2,
    total,
    first: true,
    hasPrevious: false,
    hasNext: total > 2,
    totalPages: Math.ceil(total / 2),
  });
  expect(data.items).toHaveLength(2);
  expect(data.items.every((r: { spec: { job: string } }) => r.spec.job === 'Demo:listed')).toBe(true);
  expect(data.items[0].spec.slot > data.items[1].spec.slot).toBe(true);
  const bad = await request(app).get('/apis/console.api.host.authpay.dev/v1alpha1/jobruns').query({ size: 1000 });
  expect(bad.status).toBeGreaterThanOrEqual(400);
  await env.close();
});
