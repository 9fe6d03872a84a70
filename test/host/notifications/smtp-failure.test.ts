/**
 * What failed when an e-mail did not go out, read from nodemailer's real errors against a real local SMTP
 * server (smtp-failure.ts): the apps say it in words and keep the server's reply as a detail.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import net from 'node:net';
import { SmtpMailer } from '../../../src/host/notifications/smtp-mailer.js';
import { smtpFailureReason } from '../../../src/host/notifications/smtp-failure.js';
import type { SmtpSettings } from '../../../src/host/notifications/smtp-settings.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-test-server.js';

let smtp: TestSmtpServer;
let secured: TestSmtpServer;
const mailer = new SmtpMailer();

beforeAll(async () => {
  smtp = await startSmtpServer({ rejectRecipients: ['gone@example.com'], rejectSenders: ['blocked@example.com'] });
  secured = await startSmtpServer({ auth: { user: 'ops', password: 'right' } });
});
afterAll(async () => {
  mailer.close();
  await Promise.all([smtp?.close(), secured?.close()]);
});

function settings(port: number, from = 'noreply@example.com', auth?: { user: string; password: string }): SmtpSettings {
  return { host: '127.0.0.1', port, secure: false, from, ...(auth ? { user: auth.user, password: auth.password } : {}) };
}

async function reasonOf(s: SmtpSettings, to = 'ops@example.com'): Promise<{ reason: string; raw: string }> {
  try {
    await mailer.send(s, { to: { address: to }, subject: 't', html: '<p>t</p>', text: 't', messageId: `<${Math.random()}@test>` });
  } catch (err) {
    return { reason: smtpFailureReason(err), raw: String((err as Error).message) };
  }
  throw new Error('the mail went out');
}

/** A port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('a refused recipient (550 to RCPT TO) is RECIPIENT_REFUSED, a refused sender (550 to MAIL FROM) SENDER_REFUSED', async () => {
  expect(await reasonOf(settings(smtp.port), 'gone@example.com')).toMatchObject({ reason: 'RECIPIENT_REFUSED' });
  expect(await reasonOf(settings(smtp.port, 'blocked@example.com'))).toMatchObject({ reason: 'SENDER_REFUSED' });
});

test('wrong credentials are AUTH; a server that is not there is CONNECTION', async () => {
  expect(await reasonOf(settings(secured.port, 'noreply@example.com', { user: 'ops', password: 'wrong' }))).toMatchObject({
    reason: 'AUTH',
  });
  expect(await reasonOf(settings(await closedPort()))).toMatchObject({ reason: 'CONNECTION' });
}, 30_000);

test('an error that is not an SMTP one is OTHER', () => {
  expect(smtpFailureReason(new Error('boom'))).toBe('OTHER');
  expect(smtpFailureReason(undefined)).toBe('OTHER');
});
