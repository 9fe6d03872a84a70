/**
 * Every job a running server registers (the host's, plugin-auth's and payment's) tells people what it is
 * (issue #29 item 4): listScheduledJobs answers a title and a one-line description in zh-CN and English, so
 * the console never shows `host:idempotency-retention` or `Payment:auto-settlement` alone.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { hasChineseText } from '../../../src/host/errors/language.js';
import { api, startPaymentServer, type PaymentServer } from '../../payment/support/payment-server.js';

interface JobView {
  name: string;
  title?: { zh?: string; en?: string };
  description?: { zh?: string; en?: string };
}

let server: PaymentServer;
beforeAll(async () => {
  server = await startPaymentServer();
});
afterAll(async () => {
  await server.stop();
});

test('each registered job has a title and a description in Chinese and in English', async () => {
  const res = await api<JobView[]>(server, 'GET', '/apis/console.api.host.authpay.dev/v1alpha1/jobs');
  const jobs = res.body.data;
  expect(jobs.map((j) => j.name)).toEqual(
    expect.arrayContaining(['host:idempotency-retention', 'host:outbox-retention', 'Payment:auto-settlement', 'SitePluginAuth:clean-auth']),
  );
  const missing = jobs.flatMap((job) =>
    [job.title, job.description].flatMap((text, i) => {
      const what = `${job.name} ${i ? 'description' : 'title'}`;
      const problems = [];
      if (!text?.zh || !hasChineseText(text.zh)) problems.push(`${what}: no Chinese text`);
      if (!text?.en || hasChineseText(text.en)) problems.push(`${what}: no English text`);
      return problems;
    }),
  );
  expect(missing).toEqual([]);
  const idempotency = jobs.find((j) => j.name === 'host:idempotency-retention')!;
  expect(idempotency.title).toEqual({ zh: '清理幂等键记录', en: 'Clean up idempotency keys' });
});
