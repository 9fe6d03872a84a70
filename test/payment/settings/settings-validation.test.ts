/**
 * Payment settings refuse values the service could not use (issue #21 item 7): non-integers for
 * timeoutMinutes (no ajv type coercion), a cron expression the scheduler cannot run, an unknown time zone and
 * a callbackDomain that is not an absolute http(s) URL. Each refusal names the field, in both languages, and
 * saves nothing. A job whose stored schedule is bad (saved before these checks) is shown in listScheduledJobs
 * and in the /readyz detail instead of silently never running.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { BOOTSTRAP_TOKEN, CONSOLE, api, startPaymentServer, type PaymentServer } from '../support/payment-server.js';
import { CALLBACK_LOG_RETENTION_JOB, CLOSE_JOB, REFUND_SYNC_JOB, SYNC_JOB } from '../../../src/payment/jobs/job-definitions.js';
import type { ConfigMap } from '../../../src/host/settings/types.js';

const HOST_CONSOLE = '/apis/console.api.host.authpay.dev/v1alpha1';
const ADMIN = { authorization: `Bearer ${BOOTSTRAP_TOKEN}` };
const ENGLISH = { ...ADMIN, 'accept-language': 'en' };

let server: PaymentServer;

beforeAll(async () => {
  server = await startPaymentServer();
});

afterAll(async () => {
  await server.stop();
});

async function settings(): Promise<Record<string, unknown>> {
  const res = await api<Record<string, unknown>>(server, 'GET', `${CONSOLE}/settings`);
  expect(res.status).toBe(200);
  return res.body.data;
}

const LABELS: Record<string, { zh: string; en: string }> = {
  timeoutMinutes: { zh: '订单超时时间（分钟）', en: 'Order time-out (minutes)' },
  syncCron: { zh: '状态同步周期（cron）', en: 'Status sync schedule (cron)' },
  closeCron: { zh: '超时关单周期（cron）', en: 'Time-out close schedule (cron)' },
  reportTimeZone: { zh: '统计时区', en: 'Reporting time zone' },
  callbackDomain: { zh: '支付回调域名', en: 'Payment callback domain' },
  sandboxEnabled: { zh: '启用沙箱支付', en: 'Enable sandbox payments' },
};

const refused: Array<[string, unknown]> = [
  ['timeoutMinutes', true],
  ['timeoutMinutes', '1e3'],
  ['timeoutMinutes', 1.5],
  ['timeoutMinutes', ' 45'],
  ['timeoutMinutes', [5]],
  ['syncCron', 'sometimes'],
  ['closeCron', '61 * * * *'],
  ['reportTimeZone', 'Beijing'],
  ['callbackDomain', 'not a url'],
  ['callbackDomain', 'ftp://pay.example.com'],
  ['callbackDomain', 'https://'],
  ['sandboxEnabled', 'true'],
];

test.each(refused)('%s = %j is refused with a field error in both languages, and nothing is saved', async (field, value) => {
  const before = await settings();
  const revision = await server.runtime.store.currentRevision();
  const zh = await api(server, 'PUT', `${CONSOLE}/settings`, { [field]: value });
  expect([zh.status, zh.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  // Messages name the field by its label in the form (zh-CN, and i18n.en.label in English); details by its key.
  expect(zh.body.message).toMatch(/^设置有误：/);
  expect(zh.body.message).toContain(LABELS[field].zh);
  const en = await api(server, 'PUT', `${CONSOLE}/settings`, { [field]: value }, ENGLISH);
  expect([en.status, en.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  expect(en.body.message).toMatch(new RegExp(`^invalid settings: ${LABELS[field].en.replace(/[()]/g, '\\$&')} `));
  const details = (en.body as unknown as { details: Array<{ field: string; message: string }> }).details;
  expect(details.map((d) => d.field)).toContain(field);
  expect(details.find((d) => d.field === field)!.message).toMatch(new RegExp(`^${LABELS[field].en.replace(/[()]/g, '\\$&')} `));
  expect(await server.runtime.store.currentRevision()).toBe(revision);
  expect(await settings()).toEqual(before);
});

test('valid values are saved; a number typed as plain digits is read as the number', async () => {
  const ok = await api(server, 'PUT', `${CONSOLE}/settings`, {
    timeoutMinutes: '45',
    syncCron: '0 */5 * * * *',
    closeCron: '*/10 * * * *',
    reportTimeZone: 'Europe/Berlin',
    callbackDomain: 'https://pay.example.com',
  });
  expect(ok.status).toBe(200);
  expect(await settings()).toMatchObject({
    timeoutMinutes: 45,
    syncCron: '0 */5 * * * *',
    closeCron: '*/10 * * * *',
    reportTimeZone: 'Europe/Berlin',
    callbackDomain: 'https://pay.example.com',
  });
  // An empty callbackDomain still means "the site URL".
  expect((await api(server, 'PUT', `${CONSOLE}/settings`, { callbackDomain: '' })).status).toBe(200);
  expect((await api(server, 'PUT', `${CONSOLE}/settings`, { timeoutMinutes: null, reportTimeZone: null })).status).toBe(200);
});

interface JobView {
  name: string;
  problem?: string;
  problemCode?: string;
}

/** Writes the stored values directly, as a value saved before the forms checked it would be. */
async function storeGeneral(values: Record<string, unknown>): Promise<void> {
  const client = server.runtime.client;
  const current = (await client.fetch<ConfigMap>('ConfigMap', 'payment-configmap'))!;
  const general = { ...JSON.parse(current.data?.general ?? '{}'), ...values };
  server.runtime.workloads.settings.remember(
    await client.update<ConfigMap>({ ...current, data: { ...current.data, general: JSON.stringify(general) } }),
  );
}

async function jobs(): Promise<JobView[]> {
  const res = await api<JobView[]>(server, 'GET', `${HOST_CONSOLE}/jobs`);
  expect(res.status).toBe(200);
  return res.body.data;
}

async function readyJobs(): Promise<JobView[]> {
  const res = await fetch(`${server.url}/readyz`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { jobs: { unschedulable: JobView[] } }).jobs.unschedulable;
}

test('a job whose stored cron or time zone is bad is shown in listScheduledJobs and in /readyz', async () => {
  expect((await jobs()).filter((j) => j.problem)).toEqual([]);
  expect(await readyJobs()).toEqual([]);

  await storeGeneral({ syncCron: 'sometimes' });
  const sync = (await jobs()).find((j) => j.name === SYNC_JOB)!;
  expect(sync).toMatchObject({ problemCode: 'INVALID_CRON', problem: expect.stringContaining('"sometimes"') });
  expect((await jobs()).find((j) => j.name === CLOSE_JOB)?.problem).toBeUndefined();
  // Probes learn which job and what kind of problem, not the stored values. The refund sync runs on syncCron too.
  expect((await readyJobs()).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
    { name: REFUND_SYNC_JOB, problemCode: 'INVALID_CRON' },
    { name: SYNC_JOB, problemCode: 'INVALID_CRON' },
  ]);

  await storeGeneral({ syncCron: '0 */2 * * * *', reportTimeZone: 'Beijing' });
  expect((await readyJobs()).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
    { name: CALLBACK_LOG_RETENTION_JOB, problemCode: 'UNKNOWN_TIME_ZONE' },
    { name: CLOSE_JOB, problemCode: 'UNKNOWN_TIME_ZONE' },
    { name: REFUND_SYNC_JOB, problemCode: 'UNKNOWN_TIME_ZONE' },
    { name: SYNC_JOB, problemCode: 'UNKNOWN_TIME_ZONE' },
  ]);
  expect((await jobs()).find((j) => j.name === CLOSE_JOB)?.problem).toBe('unknown time zone "Beijing"');

  // Saving a good value through the form puts the jobs back on schedule.
  expect((await api(server, 'PUT', `${CONSOLE}/settings`, { reportTimeZone: 'Asia/Shanghai' })).status).toBe(200);
  expect(await readyJobs()).toEqual([]);
});
