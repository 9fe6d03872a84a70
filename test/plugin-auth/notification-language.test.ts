/**
 * The plugin-auth messages a user receives are written in that user's language (issue 29 item 2): the language
 * they saved in the user center, else the site default (zh-CN). Delivered through a real SMTP server: the whole
 * mail is in one language, and a record that was never authorized says so instead of an empty "授权时间：" line.
 */
import { StaticSmtpSettings } from '../../src/host/notifications/smtp-settings.js';
import { basic, call } from '../host/auth/harness.js';
import { startSmtpServer, waitFor, type TestSmtpServer } from '../host/notifications/smtp-test-server.js';
import { as, createPlugin, createUser, dataOf, PASSWORD, start, UC, type Server } from './harness.js';

const HAN = /\p{Script=Han}/u;
let server: Server;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await start();
  const from = 'AuthPay <noreply@pay.example.com>';
  server.runtime.notifications.useSmtpSettings(new StaticSmtpSettings({ host: '127.0.0.1', port: smtp.port, secure: false, from }));
  for (const user of ['emma', 'zhou']) await createUser(server, user);
  // Emma chose English in the user center; Zhou never chose, so the site default applies.
  const saved = await call(`${server.url}/apis/uc.api.host.authpay.dev/v1alpha1/users/-`, {
    method: 'PATCH',
    headers: basic('emma', PASSWORD),
    json: { language: 'en' },
  });
  expect(saved.status).toBe(200);
  await createPlugin(server, { key: 'site-map', name: 'Site Map' });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const mailTo = (address: string) =>
  waitFor(() => smtp.received.find((m) => JSON.stringify(m.to ?? '').includes(address)), `the mail to ${address}`, 30_000);

test('an application is confirmed by mail in English to a user who chose English, with no Chinese in it', async () => {
  dataOf(await as(server, 'emma', 'POST', `${UC}/authorizations`, { pluginKey: 'site-map', domain: 'emma.example.com' }));
  const mail = await mailTo('emma@example.com');
  expect(mail.subject).toBe('pending review: Site Map (emma.example.com)');
  const text = mail.text ?? '';
  for (const line of ['Authorized at: not authorized', 'Expires: none', 'Reason: you applied for it', 'Domain: emma.example.com'])
    expect(text).toContain(line);
  expect({ subject: mail.subject, text, html: String(mail.html) }).toEqual({
    subject: expect.not.stringMatching(HAN),
    text: expect.not.stringMatching(HAN),
    html: expect.not.stringMatching(HAN),
  });
}, 60_000);

test('a user who chose nothing gets the site default language (zh-CN) only, and no empty 授权时间 line', async () => {
  dataOf(await as(server, 'zhou', 'POST', `${UC}/authorizations`, { pluginKey: 'site-map', domain: 'zhou.example.com' }));
  const mail = await mailTo('zhou@example.com');
  expect(mail.subject).toBe('待审核: Site Map (zhou.example.com)');
  const text = mail.text ?? '';
  for (const line of ['授权时间：未授权', '到期时间：无', '原因：提交授权申请']) expect(text).toContain(line);
  expect(text).not.toMatch(/授权时间：\s*$/m);
  expect(`${mail.subject}\n${text}\n${String(mail.html)}`).not.toMatch(/Dear|Domain|Reason|review|authoriz|Expires/i);
}, 60_000);
