import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HostRuntime } from '../../../src/host/runtime.js';
import { hashPassword } from '../../../src/host/users/password-hash.js';
import { StaticSmtpSettings } from '../../../src/host/notifications/smtp-settings.js';
import type { Notification, OutboxMessage } from '../../../src/host/notifications/types.js';
import type { RetryAnswer } from '../../../src/host/notifications/outbox-operations.js';
import { startSmtpServer, waitFor, type TestSmtpServer } from './smtp-test-server.js';

const ADMIN_TOKEN = 'test-admin-token-0123456789';
const UC = '/apis/uc.api.host.authpay.dev/v1alpha1';
const CONSOLE = '/apis/console.api.host.authpay.dev/v1alpha1';

let runtime: HostRuntime;
let base: string;
let dataDir: string;
let smtp: TestSmtpServer;
let refusing: TestSmtpServer;
const settings = new StaticSmtpSettings();

const basic = (user: string) => `Basic ${Buffer.from(`${user}:password-123`).toString('base64')}`;
const as = (auth: string | undefined): Record<string, string> =>
  auth ? { authorization: auth, 'accept-language': 'en' } : { 'accept-language': 'en' };

/** A page of a list answer, as far as the tests read it. */
type Page<T> = { items: T[]; total: number };

/** An envelope answer; T is what the test reads of its data. */
async function call<T = unknown>(method: string, url: string, auth?: string) {
  const res = await fetch(`${base}${url}`, { method, headers: as(auth) });
  return { status: res.status, body: (await res.json()) as { success: boolean; code: string; data: T } };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-notify-api-'));
  smtp = await startSmtpServer();
  refusing = await startSmtpServer({ rejectRecipients: ['bob@example.com'] });
  runtime = new HostRuntime(
    { port: 0, host: '127.0.0.1', dataDir, bootstrapToken: ADMIN_TOKEN, logLevel: 'silent', adminPassword: 'admin-password-1' },
    {},
  );
  await runtime.init();
  runtime.notifications.useSmtpSettings(settings);
  base = `http://127.0.0.1:${await runtime.listen()}`;
  for (const name of ['alice', 'bob']) {
    await runtime.client.create({
      apiVersion: 'host.authpay.dev/v1alpha1',
      kind: 'User',
      metadata: { name },
      spec: { displayName: name, email: `${name}@example.com`, disabled: false, passwordHash: await hashPassword('password-123') },
    });
  }
});

afterAll(async () => {
  await runtime.stop();
  await smtp.close();
  await refusing.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('users list and mark only their own inbox', async () => {
  for (const n of [1, 2]) {
    await runtime.notifications.send({
      content: { title: `For Alice ${n}`, html: '<p>a</p>' },
      to: [{ username: 'alice' }],
      channels: ['INBOX'],
    });
    // One delivered before the next is sent, so "newest first" has a defined answer.
    await waitFor(async () => (await runtime.client.count('Notification')) === n, `inbox item ${n}`);
  }
  await runtime.notifications.send({ content: { title: 'For Bob', html: '<p>b</p>' }, to: [{ username: 'bob' }], channels: ['INBOX'] });
  await waitFor(async () => (await runtime.client.count('Notification')) === 3, 'three inbox items');

  const mine = await call<Page<Notification>>('GET', `${UC}/notifications?page=1&size=10`, basic('alice'));
  expect(mine.status).toBe(200);
  expect(mine.body.data).toMatchObject({ page: 1, size: 10, total: 2, totalPages: 1, first: true, last: true, hasNext: false });
  expect(mine.body.data.items.map((n: Notification) => n.spec!.title)).toEqual(['For Alice 2', 'For Alice 1']);

  const paged = await call<Page<Notification>>('GET', `${UC}/notifications?page=2&size=1`, basic('alice'));
  expect(paged.body.data).toMatchObject({ page: 2, total: 2, totalPages: 2, hasPrevious: true, hasNext: false });
  expect(paged.body.data.items).toHaveLength(1);

  const bobs = await call<Page<Notification>>('GET', `${UC}/notifications`, basic('bob'));
  const bobItem = bobs.body.data.items[0] as Notification;
  expect(bobs.body.data.items.map((n: Notification) => n.spec!.recipient)).toEqual(['bob']);

  const foreign = await call('PUT', `${UC}/notifications/${bobItem.metadata.name}/mark-as-read`, basic('alice'));
  expect(foreign).toMatchObject({ status: 404, body: { success: false, code: 'NOT_FOUND' } });
  expect((await runtime.client.get<Notification>('Notification', bobItem.metadata.name)).spec!.unread).toBe(true);

  const target = mine.body.data.items[0] as Notification;
  const marked = await call<Notification>('PUT', `${UC}/notifications/${target.metadata.name}/mark-as-read`, basic('alice'));
  expect(marked.status).toBe(200);
  expect(marked.body.data.spec).toMatchObject({ unread: false });
  expect(marked.body.data.spec?.readAt).toEqual(expect.any(String));

  const unread = await call<Page<Notification>>('GET', `${UC}/notifications?unread=true`, basic('alice'));
  expect(unread.body.data.items.map((n: Notification) => n.spec!.title)).toEqual(['For Alice 1']);
  const all = await call('PUT', `${UC}/notifications/mark-all-as-read`, basic('alice'));
  expect(all.body.data).toEqual({ marked: 1 });
  expect((await call<Page<Notification>>('GET', `${UC}/notifications?unread=true`, basic('alice'))).body.data.total).toBe(0);
});

test('the inbox needs a logged-in caller and validates its query', async () => {
  expect((await call('GET', `${UC}/notifications`)).status).toBe(401);
  const bad = await call('GET', `${UC}/notifications?size=0`, basic('alice'));
  expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
});

test('administrators list the outbox by status and retry a failed message', async () => {
  settings.set({ host: '127.0.0.1', port: refusing.port, secure: false, from: 'AuthPay <noreply@pay.example.com>' });
  await runtime.notifications.send({ content: { title: 'Bounce', html: '<p>x</p>' }, to: [{ username: 'bob' }], channels: ['EMAIL'] });
  const failed = await waitFor(async () => {
    const r = await call<Page<OutboxMessage>>('GET', `${CONSOLE}/outbox?status=FAILED`, `Bearer ${ADMIN_TOKEN}`);
    return r.body.data.items[0] as OutboxMessage | undefined;
  }, 'a FAILED message in the outbox');
  expect(failed.spec).toMatchObject({ channel: 'EMAIL', recipient: 'bob@example.com', title: 'Bounce' });

  expect((await call('GET', `${CONSOLE}/outbox`, basic('alice'))).status).toBe(403);
  expect((await call('POST', `${CONSOLE}/outbox/${failed.metadata.name}/retry`, basic('alice'))).status).toBe(403);

  settings.set({ host: '127.0.0.1', port: smtp.port, secure: false, from: 'AuthPay <noreply@pay.example.com>' });
  const retried = await call<RetryAnswer>('POST', `${CONSOLE}/outbox/${failed.metadata.name}/retry`, `Bearer ${ADMIN_TOKEN}`);
  expect(retried.status).toBe(200);
  expect(retried.body.data).toMatchObject({ name: failed.metadata.name, outcome: 'QUEUED', previousPhase: 'FAILED', phase: 'PENDING' });
  expect(retried.body.data.message.status).toMatchObject({ phase: 'PENDING', attempts: 0 });
  const mail = await waitFor(() => smtp.received.find((m) => m.subject === 'Bounce'), 'the retried e-mail');
  expect(mail.text?.trim()).toBe('x');
  await waitFor(
    async () => (await runtime.client.get<OutboxMessage>('OutboxMessage', failed.metadata.name)).status?.phase === 'SENT',
    'SENT',
  );

  const again = await call('POST', `${CONSOLE}/outbox/${failed.metadata.name}/retry`, `Bearer ${ADMIN_TOKEN}`);
  expect(again).toMatchObject({ status: 409, body: { code: 'STATE_CONFLICT' } });
  expect((await call('POST', `${CONSOLE}/outbox/om-missing/retry`, `Bearer ${ADMIN_TOKEN}`)).status).toBe(404);
  const sent = await call<Page<OutboxMessage>>('GET', `${CONSOLE}/outbox?status=SENT&channel=EMAIL`, `Bearer ${ADMIN_TOKEN}`);
  expect(sent.body.data.items.map((m: OutboxMessage) => m.metadata.name)).toContain(failed.metadata.name);
});

test("administrators send a test e-mail through the outbox to check the SMTP settings, in the administrator's language", async () => {
  settings.set({ host: '127.0.0.1', port: smtp.port, secure: false, from: 'AuthPay <noreply@pay.example.com>' });
  const sendTest = (to: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${CONSOLE}/outbox/test-email`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ to }),
    });
  // A console in Chinese (the site default when nothing else is known): the mail is Chinese only.
  const res = await sendTest('ops@example.com');
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { name: string; phase: string } };
  expect(body.data.phase).toBe('PENDING');
  const zh = await waitFor(() => smtp.received.find((m) => m.to && JSON.stringify(m.to).includes('ops@example.com')), 'the test e-mail');
  expect(zh.subject).toBe('AuthPay：测试邮件');
  expect(zh.text).toContain('发起人：bootstrap。');
  expect(`${zh.subject}\n${zh.text}`).not.toMatch(/test e-mail|Requested by|SMTP settings work/);
  // A console in English: English only.
  expect((await sendTest('ops-en@example.com', { 'accept-language': 'en' })).status).toBe(200);
  const en = await waitFor(
    () => smtp.received.find((m) => JSON.stringify(m.to ?? '').includes('ops-en@example.com')),
    'the English test e-mail',
  );
  expect(en.subject).toBe('AuthPay: test e-mail');
  expect(en.text).toContain('Requested by bootstrap.');
  expect(`${en.subject}\n${en.text}\n${String(en.html)}`).not.toMatch(/\p{Script=Han}/u);
  const bad = await sendTest('nope');
  expect(bad.status).toBe(400);
});

test('without SMTP, a retry of a waiting e-mail and a test e-mail are refused with SMTP_NOT_CONFIGURED saying what to do', async () => {
  settings.set(undefined);
  await runtime.notifications.send({ content: { title: 'Parked', html: '<p>p</p>' }, to: [{ username: 'alice' }], channels: ['EMAIL'] });
  const waiting = await waitFor(async () => {
    const r = await call<Page<OutboxMessage>>('GET', `${CONSOLE}/outbox?status=WAITING_CONFIG`, `Bearer ${ADMIN_TOKEN}`);
    return r.body.data.items.find((m) => m.spec?.title === 'Parked');
  }, 'a WAITING_CONFIG e-mail');
  const summary = await call<{ smtpConfigured: boolean; phases: Record<string, number> }>(
    'GET',
    `${CONSOLE}/outbox/summary`,
    `Bearer ${ADMIN_TOKEN}`,
  );
  expect(summary.body.data.smtpConfigured).toBe(false);
  expect(summary.body.data.phases.WAITING_CONFIG).toBeGreaterThanOrEqual(1);

  const revision = await runtime.store.currentRevision();
  const retry = async (language: string) => {
    const res = await fetch(`${base}${CONSOLE}/outbox/${waiting.metadata.name}/retry`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'accept-language': language },
    });
    return { status: res.status, body: (await res.json()) as { success: boolean; code: string; message: string } };
  };
  const zh = await retry('zh-CN');
  expect([zh.status, zh.body.success, zh.body.code]).toEqual([409, false, 'SMTP_NOT_CONFIGURED']);
  expect(zh.body.message).toMatch(/邮件发送（SMTP）/);
  const en = await retry('en-US,en;q=0.9');
  expect(en.body.message).toMatch(/SMTP\) is not configured.*host settings/);
  expect(await runtime.store.currentRevision()).toBe(revision);
  expect((await runtime.client.get<OutboxMessage>('OutboxMessage', waiting.metadata.name)).status?.phase).toBe('WAITING_CONFIG');

  const test = await fetch(`${base}${CONSOLE}/outbox/test-email`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ to: 'ops@example.com' }),
  });
  expect([test.status, ((await test.json()) as { code: string }).code]).toEqual([409, 'SMTP_NOT_CONFIGURED']);
  expect(await runtime.store.currentRevision()).toBe(revision);

  settings.set({ host: '127.0.0.1', port: smtp.port, secure: false, from: 'AuthPay <noreply@pay.example.com>' });
  await waitFor(() => smtp.received.find((m) => m.subject === 'Parked'), 'the parked e-mail, once SMTP is configured');
});
