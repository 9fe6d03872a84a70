import { StaticSmtpSettings } from '../../../src/host/notifications/smtp-settings.js';
import { trustedHtml } from '../../../src/host/notifications/safe-html.js';
import type { Notification, OutboxMessage } from '../../../src/host/notifications/types.js';
import { eq } from '../../../src/host/store/query.js';
import { createUser, setupCenter } from './fixtures.js';
import { startSmtpServer, waitFor, type TestSmtpServer } from './smtp-test-server.js';

const FROM = 'AuthPay <noreply@pay.example.com>';

async function outbox(client: Awaited<ReturnType<typeof setupCenter>>['client'], channel: string) {
  return (await client.list<OutboxMessage>('OutboxMessage', { where: eq('spec.channel', channel) })).items;
}

describe('notification delivery over a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let env: Awaited<ReturnType<typeof setupCenter>>;
  let settings: StaticSmtpSettings;

  beforeEach(async () => {
    smtp = await startSmtpServer({ auth: { user: 'mailer', password: 's3cret-pass' } });
    settings = new StaticSmtpSettings({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      user: 'mailer',
      password: 's3cret-pass',
      from: FROM,
    });
    env = await setupCenter({ smtp: settings });
    await createUser(env.client, 'alice', 'Alice@Example.com', 'Alice <A>');
    await createUser(env.client, 'bob', 'bob@example.com');
    env.center.start();
  });

  afterEach(async () => {
    await env.close();
    await smtp.close();
  });

  test('a template message reaches the inbox and the mailbox with escaped variables', async () => {
    const result = await env.center.send({
      template: 'license-expired',
      to: [{ username: 'alice' }],
      variables: { pluginName: '<img src=x onerror=alert(1)>Shop', domain: 'a.example.com', note: trustedHtml('<em>renew soon</em>') },
    });
    expect(result.messages.map((m) => [m.channel, m.recipient, m.phase])).toEqual([
      ['INBOX', 'alice', 'PENDING'],
      ['EMAIL', 'alice@example.com', 'PENDING'],
    ]);
    const mail = await waitFor(() => smtp.received[0], 'the e-mail');
    expect(mail.subject).toBe('License of <img src=x onerror=alert(1)>Shop expired');
    expect(mail.from?.value[0]).toEqual({ address: 'noreply@pay.example.com', name: 'AuthPay' });
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0].address : undefined).toBe('alice@example.com');
    expect(smtp.envelopes[0]).toEqual({ from: 'noreply@pay.example.com', to: ['alice@example.com'] });
    expect(mail.html).toContain('<b>&lt;img src=x onerror=alert(1)&gt;Shop</b>');
    expect(mail.html).toContain('Dear Alice &lt;A&gt;,');
    expect(mail.html).toContain('<div><em>renew soon</em></div>');
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toContain('the license of <img src=x onerror=alert(1)>Shop for a.example.com has expired.');

    const inbox = await waitFor(
      async () => (await env.client.list<Notification>('Notification', { where: eq('spec.recipient', 'alice') })).items[0],
      'the inbox item',
    );
    expect(inbox.spec).toMatchObject({ recipient: 'alice', unread: true, title: 'License of <img src=x onerror=alert(1)>Shop expired' });
    expect(inbox.spec!.html).toContain('&lt;img src=x onerror=alert(1)&gt;Shop');
    await waitFor(async () => (await outbox(env.client, 'EMAIL'))[0]?.status?.phase === 'SENT', 'the e-mail to be marked SENT');
    const [sent] = await outbox(env.client, 'EMAIL');
    expect(sent.status).toMatchObject({ phase: 'SENT', attempts: 1 });
    expect(JSON.stringify(sent)).not.toContain('s3cret-pass');
  });

  test('the same dedupeKey is queued once per recipient and channel', async () => {
    const input = {
      content: { title: 'Hi', html: '<p>Hi {{who}}</p>' },
      to: [{ username: 'bob' }, { email: 'ext@example.org' }],
      variables: { who: 'there' },
      dedupeKey: 'welcome:1',
    };
    const first = await env.center.send(input);
    const second = await env.center.send(input);
    expect(first.messages.every((m) => !m.deduplicated)).toBe(true);
    expect(second.messages.every((m) => m.deduplicated)).toBe(true);
    expect(second.messages.map((m) => m.name).sort()).toEqual(first.messages.map((m) => m.name).sort());
    // bob, who has an address, gets one message for both channels (one row, his inbox part included).
    expect(first.messages.map((m) => [m.channel, m.recipient])).toEqual([
      ['INBOX', 'bob'],
      ['EMAIL', 'bob@example.com'],
      ['EMAIL', 'ext@example.org'],
    ]);
    expect(first.messages[0].name).toBe(first.messages[1].name);
    expect(await env.client.count('OutboxMessage')).toBe(2);
    await waitFor(() => smtp.received.length >= 2, 'both e-mails');
    await env.center.send(input);
    await waitFor(async () => (await env.client.count('OutboxMessage', eq('status.phase', 'SENT'))) === 2, 'both SENT');
    expect(smtp.received.map((m) => m.subject)).toEqual(['Hi', 'Hi']);
    expect(await env.client.count('Notification')).toBe(1);
    const bobs = await env.client.get<OutboxMessage>('OutboxMessage', first.messages[0].name);
    expect(bobs.spec).toMatchObject({ channel: 'EMAIL', recipient: 'bob@example.com', username: 'bob', inbox: true });
    expect(bobs.status!.inboxAt).toBeDefined();
    const again = await env.center.send(input);
    expect(again.messages.map((m) => [m.channel, m.phase, m.deduplicated])).toEqual([
      ['INBOX', 'SENT', true],
      ['EMAIL', 'SENT', true],
      ['EMAIL', 'SENT', true],
    ]);
  });

  test('inbox messages are delivered together: each SENT after one attempt, each in the inbox once', async () => {
    const sent = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        env.center.send({
          content: { title: `T${i}`, html: `<p>${i}</p>` },
          to: [{ username: i % 2 ? 'alice' : 'bob' }],
          channels: ['INBOX'],
          dedupeKey: `batch:${i}`,
        }),
      ),
    );
    const names = sent.map((r) => r.messages[0].name);
    await waitFor(async () => (await env.client.count('OutboxMessage', eq('status.phase', 'SENT'))) === 5, 'all five SENT');
    const messages = await Promise.all(names.map((n) => env.client.get<OutboxMessage>('OutboxMessage', n)));
    expect(messages.map((m) => [m.status!.phase, m.status!.attempts, m.status!.nextAttemptAt])).toEqual(
      names.map(() => ['SENT', 1, undefined]),
    );
    const inbox = await Promise.all(names.map((n) => env.client.get<Notification>('Notification', n)));
    expect(inbox.map((n) => [n.spec!.recipient, n.spec!.title])).toEqual([
      ['alice', 'T1'],
      ['bob', 'T2'],
      ['alice', 'T3'],
      ['bob', 'T4'],
      ['alice', 'T5'],
    ]);
    expect(await env.client.count('Notification')).toBe(5);
  });

  test('inline HTML is sanitized and gets a text body derived from it', async () => {
    await env.center.send({
      content: { title: 'Note', html: '<p>Line<script>alert(1)</script></p><p onclick="x()">Two &amp; more</p>' },
      to: [{ username: 'bob' }],
      channels: ['INBOX'],
    });
    const item = await waitFor(async () => (await env.client.list<Notification>('Notification')).items[0], 'the inbox item');
    expect(item.spec!.html).toBe('<p>Line</p><p>Two &amp; more</p>');
    expect(item.spec!.text).toBe('Line\nTwo & more');
  });

  test('an unknown user or a bad address is refused before anything is queued', async () => {
    await expect(
      env.center.send({ content: { title: 't', html: 'h' }, to: [{ username: 'bob' }, { username: 'nobody' }] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(env.center.send({ content: { title: 't', html: 'h' }, to: [{ email: 'not-an-address' }] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(
      env.center.send({ template: 'license-expired', to: [{ username: 'bob' }], variables: { pluginName: 'x' } }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await env.client.count('OutboxMessage')).toBe(0);
  });

  test("missingUsers 'skip' leaves out users who do not exist and queues the rest", async () => {
    const none = await env.center.send({ content: { title: 't', html: 'h' }, to: [{ username: 'nobody' }], missingUsers: 'skip' });
    expect(none.messages).toEqual([]);
    expect(await env.client.count('OutboxMessage')).toBe(0);
    const some = await env.center.send({
      content: { title: 't', html: 'h' },
      to: [{ username: 'nobody' }, { username: 'bob' }],
      channels: ['INBOX'],
      missingUsers: 'skip',
    });
    expect(some.messages.map((m) => [m.channel, m.recipient])).toEqual([['INBOX', 'bob']]);
    await expect(
      env.center.send({ content: { title: 't', html: 'h' }, to: [{ username: 'bob' }], missingUsers: 'maybe' as 'skip' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  test('a permanent SMTP refusal fails the message at once, with the reason kept', async () => {
    await smtp.close();
    smtp = await startSmtpServer({
      port: smtp.port,
      auth: { user: 'mailer', password: 's3cret-pass' },
      rejectRecipients: ['bob@example.com'],
    });
    await env.center.send({ content: { title: 't', html: 'h' }, to: [{ username: 'bob' }] });
    const failed = await waitFor(
      async () => (await env.client.list<OutboxMessage>('OutboxMessage', { where: eq('status.phase', 'FAILED') })).items[0],
      'FAILED',
    );
    expect(failed.status).toMatchObject({ phase: 'FAILED', attempts: 1 });
    expect(failed.status!.lastError).toMatch(/550/);
    // The inbox part went in with the claim, before SMTP refused; a retry does not put it in again.
    expect(failed.status!.inboxAt).toBeDefined();
    const inbox = async () => (await env.client.list<Notification>('Notification', { where: eq('spec.recipient', 'bob') })).items;
    expect((await inbox()).map((n) => n.metadata.name)).toEqual([failed.metadata.name]);
    // As the console's retry does: PENDING, a fresh set of attempts, due now.
    await env.client.update<OutboxMessage>({
      ...failed,
      status: { ...failed.status!, phase: 'PENDING', attempts: 0, nextAttemptAt: new Date().toISOString() },
    });
    env.center.wake();
    await waitFor(async () => {
      const { status } = await env.client.get<OutboxMessage>('OutboxMessage', failed.metadata.name);
      return status?.phase === 'FAILED' && status.attempts === 1;
    }, 'FAILED again');
    expect(await inbox()).toHaveLength(1);
  });
});

describe('outages and missing configuration', () => {
  test('SMTP down: the message is retried with backoff and delivered once the server is back', async () => {
    const probe = await startSmtpServer();
    const port = probe.port;
    await probe.close(); // nothing listens on the port now
    const settings = new StaticSmtpSettings({ host: '127.0.0.1', port, secure: false, from: FROM });
    const env = await setupCenter({ smtp: settings });
    let smtp: TestSmtpServer | undefined;
    try {
      env.center.start();
      await env.center.send({ content: { title: 'Retry me', html: '<p>x</p>' }, to: [{ email: 'ops@example.com' }] });
      const failing = await waitFor(async () => {
        const [m] = await outbox(env.client, 'EMAIL');
        return m?.status!.attempts >= 2 && m.status!.phase === 'PENDING' ? m : undefined;
      }, 'two failed attempts');
      expect(failing.status!.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(Date.parse(failing.status!.nextAttemptAt!)).toBeGreaterThan(Date.parse(failing.status!.lastAttemptAt!));
      smtp = await startSmtpServer({ port });
      const mail = await waitFor(() => smtp!.received[0], 'the e-mail after the outage');
      expect(mail.subject).toBe('Retry me');
      const sent = await waitFor(
        async () => (await env.client.list<OutboxMessage>('OutboxMessage', { where: eq('status.phase', 'SENT') })).items[0],
        'SENT',
      );
      // The second attempt may still be connecting when the server comes back (attempts count at the claim),
      // so the delivering attempt is the second or a later one; the first surely failed (lastError above).
      expect(sent.status!.attempts).toBeGreaterThanOrEqual(2);
      expect(sent.status!.lastError).toBeUndefined();
    } finally {
      await env.close();
      await smtp?.close();
    }
  });

  test('without SMTP settings e-mail waits as WAITING_CONFIG and goes out once SMTP is configured', async () => {
    const settings = new StaticSmtpSettings(undefined);
    const env = await setupCenter({ smtp: settings });
    const smtp = await startSmtpServer();
    try {
      await createUser(env.client, 'carol', 'carol@example.com');
      env.center.start();
      const external = await env.center.send({ content: { title: 'Waiting', html: '<p>w</p>' }, to: [{ email: 'ops@example.com' }] });
      expect(external.messages.map((m) => [m.channel, m.phase])).toEqual([['EMAIL', 'WAITING_CONFIG']]);
      // A user's inbox e-mail message stays PENDING until the worker has put its inbox part in.
      const result = await env.center.send({ content: { title: 'Waiting', html: '<p>w</p>' }, to: [{ username: 'carol' }] });
      expect(result.messages.map((m) => [m.channel, m.phase])).toEqual([
        ['INBOX', 'PENDING'],
        ['EMAIL', 'PENDING'],
      ]);
      await waitFor(async () => (await env.client.count('Notification')) === 1, 'the inbox item (inbox needs no SMTP)');
      await env.center.deliverDue();
      const waiting = await env.client.get<OutboxMessage>('OutboxMessage', result.messages[0].name);
      expect(waiting.status).toMatchObject({ phase: 'WAITING_CONFIG', attempts: 0 });
      expect(waiting.status!.inboxAt).toBeDefined();

      settings.set({ host: '127.0.0.1', port: smtp.port, secure: false, from: FROM });
      await waitFor(() => smtp.received.length >= 2, 'the e-mails after configuring SMTP');
      expect(smtp.received.map((m) => m.subject)).toEqual(['Waiting', 'Waiting']);
      expect(smtp.envelopes.map((e) => e.to[0]).sort()).toEqual(['carol@example.com', 'ops@example.com']);
      await waitFor(async () => (await outbox(env.client, 'EMAIL')).every((m) => m.status?.phase === 'SENT'), 'SENT');
      expect(await env.client.count('Notification')).toBe(1);
    } finally {
      await env.close();
      await smtp.close();
    }
  });
});
