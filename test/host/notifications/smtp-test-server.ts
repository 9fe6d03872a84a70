import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/** A real SMTP server on 127.0.0.1 that keeps every parsed message it accepts. */
export interface TestSmtpServer {
  port: number;
  received: ParsedMail[];
  /** Envelope recipients of each accepted message, in order. */
  envelopes: Array<{ from: string; to: string[] }>;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  port?: number;
  /** Answer RCPT TO for these addresses with a permanent 550. */
  rejectRecipients?: string[];
  /** Answer MAIL FROM for these addresses with a permanent 550. */
  rejectSenders?: string[];
  /** Require AUTH with these credentials. */
  auth?: { user: string; password: string };
}

export async function startSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const envelopes: TestSmtpServer['envelopes'] = [];
  const server = new SMTPServer({
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.auth?.user && auth.password === options.auth?.password) return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
    },
    onMailFrom(address, _session, callback) {
      if (options.rejectSenders?.includes(address.address)) {
        const err = new Error('sender address rejected') as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients?.includes(address.address)) {
        const err = new Error('mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          envelopes.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, received, envelopes, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Polls until check returns a truthy value (no timing is asserted; the limit only ends a hung test). */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  what: string,
  limitMs = 20_000,
): Promise<Exclude<T, undefined | null | false | 0 | ''>> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, undefined | null | false | 0 | ''>;
    if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
