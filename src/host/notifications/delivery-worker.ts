import type { Logger } from '../logging/logger.js';
import { PollingLoop } from '../workers/polling-loop.js';
import type { ExtensionClient } from '../client/extension-client.js';
import { ConflictError, NotFoundError } from '../errors/app-error.js';
import { and, eq, type Condition } from '../store/query.js';
import { deliverByEmail, deliverToInbox } from './deliver-message.js';
import { isPermanentSmtpError, type SmtpMailer } from './smtp-mailer.js';
import { readSmtpSettings, type SmtpSettings, type SmtpSettingsProvider } from './smtp-settings.js';
import { retryDelayMs, type RetryPolicy } from './retry-policy.js';
import type { Channel, OutboxMessage, OutboxMessageStatus } from './types.js';
import { withoutUndefined } from './without-undefined.js';

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'waiting_config';

export interface DeliveryWorkerOptions {
  client: ExtensionClient;
  logger: Logger;
  mailer: SmtpMailer;
  smtp: () => SmtpSettingsProvider;
  retry: RetryPolicy;
  clock: () => number;
  random?: () => number;
  /** Longest sleep between two looks at the outbox (it wakes earlier for a known due time or a send). */
  pollIntervalMs: number;
  batchSize: number;
  /** How long a claimed message is reserved for the claiming process before another may try it. */
  leaseMs: number;
  onOutcome?: (channel: Channel, outcome: DeliveryOutcome) => void;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Delivers due outbox messages. It asks the store for PENDING messages whose nextAttemptAt has passed (an
 * indexed range, oldest first), claims each with a compare-and-set write that pushes nextAttemptAt out by
 * a lease (so replicas never send the same message at once), delivers it, and records SENT or schedules the
 * next attempt with exponential backoff.
 */
export class DeliveryWorker {
  private readonly loop: PollingLoop;

  constructor(private readonly o: DeliveryWorkerOptions) {
    this.loop = new PollingLoop(() => this.cycle(), { intervalMs: o.pollIntervalMs, onError: (err) => o.logger.error({ err }, 'outbox delivery cycle failed') });
  }

  start(): void {
    this.loop.start();
  }

  /** Looks at the outbox now (after a send or a settings change) instead of at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One batch, then how long to sleep: at once when the batch was full, else until the next due message. */
  private async cycle(): Promise<number> {
    const handled = await this.runOnce();
    return handled >= this.o.batchSize ? 0 : Math.min(this.o.pollIntervalMs, await this.msUntilNextDue());
  }

  /** One pass: release waiting e-mails if SMTP is configured, then deliver one batch of due messages. */
  async runOnce(): Promise<number> {
    const settings = await readSmtpSettings(this.o.smtp());
    if (settings) await this.releaseWaiting();
    const now = this.o.clock();
    const due = await this.o.client.list<OutboxMessage>('OutboxMessage', {
      where: and(eq('status.phase', 'PENDING'), { op: 'le', field: 'status.nextAttemptAt', value: iso(now) }),
      sort: [{ field: 'status.nextAttemptAt', direction: 'asc' }],
      page: 1,
      size: this.o.batchSize,
      // The worker takes pages off the front; counting every due message each time would read them all.
      countTotal: false,
    });
    // Steps that are store writes only go in one transaction; e-mails to send are claimed and sent one by one.
    const storeOnly = due.items.filter((m) => m.spec!.channel === 'INBOX' || !settings);
    if (storeOnly.length) await this.storeOnlyBatch(storeOnly, settings);
    if (settings) for (const msg of due.items) if (msg.spec!.channel !== 'INBOX') await this.process(msg, settings);
    return due.items.length;
  }

  /**
   * Messages whose next step writes only to the store: inbox messages (into the inbox and SENT) and, while
   * SMTP is not configured, e-mails (to WAITING_CONFIG, an inbox e-mail message putting its inbox part in
   * first). They need no lease: the step is one store transaction, so it happens entirely or not at all, and
   * a replica that got there first makes the version check fail (nothing written). A cycle's steps share
   * that transaction (one commit instead of up to three per message). Should it fail, each message goes the
   * one-by-one way.
   */
  private async storeOnlyBatch(messages: OutboxMessage[], settings: SmtpSettings | undefined): Promise<void> {
    const outcomes: Array<[Channel, DeliveryOutcome]> = [];
    try {
      await this.o.client.transaction(async (tx) => {
        for (const msg of messages) {
          const now = iso(this.o.clock());
          if (msg.spec!.channel === 'INBOX') {
            const status = sentStatus({ ...msg.status!, attempts: (msg.status!.attempts ?? 0) + 1, lastAttemptAt: now }, now);
            await deliverToInbox(tx, await tx.update<OutboxMessage>({ ...msg, status }, { read: msg }), now);
            outcomes.push(['INBOX', 'sent']);
          } else {
            if (inboxPending(msg)) outcomes.push(['INBOX', 'sent']);
            await this.withInboxPart(tx, msg, { ...msg.status!, phase: 'WAITING_CONFIG' });
            outcomes.push(['EMAIL', 'waiting_config']);
          }
        }
      });
    } catch (err) {
      this.o.logger.debug({ err: (err as Error).message }, 'store-only batch not written at once; one by one');
      for (const msg of messages) await this.process(msg, settings);
      return;
    }
    for (const [channel, outcome] of outcomes) this.o.onOutcome?.(channel, outcome);
  }

  /**
   * Writes a message's new status; for an inbox e-mail message whose inbox part is still to do, puts that into
   * the inbox in the same transaction (and records inboxAt), so it happens once, with the write that wins.
   */
  private async withInboxPart(client: ExtensionClient, msg: OutboxMessage, status: OutboxMessageStatus): Promise<OutboxMessage> {
    // msg is the message as listed: it stands in for a re-read, the store still checks its version.
    if (!inboxPending(msg)) return client.update<OutboxMessage>({ ...msg, status: withoutUndefined(status) }, { read: msg });
    return client.transaction(async (tx) => {
      const now = iso(this.o.clock());
      const written = await tx.update<OutboxMessage>({ ...msg, status: withoutUndefined({ ...status, inboxAt: now }) }, { read: msg });
      await deliverToInbox(tx, written, now);
      return written;
    });
  }

  private async msUntilNextDue(): Promise<number> {
    const next = await this.o.client.list<OutboxMessage>('OutboxMessage', { where: eq('status.phase', 'PENDING'), sort: [{ field: 'status.nextAttemptAt', direction: 'asc' }], page: 1, size: 1, countTotal: false });
    const at = next.items[0]?.status?.nextAttemptAt;
    return at ? Math.max(0, Date.parse(at) - this.o.clock()) : this.o.pollIntervalMs;
  }

  /** Moves e-mails that waited for SMTP settings back to PENDING, in bounded batches. */
  private async releaseWaiting(): Promise<void> {
    const where: Condition = eq('status.phase', 'WAITING_CONFIG');
    for (let round = 0; round < 10; round++) {
      // In (phase, nextAttemptAt) order: phase has no index of its own (see the CRD).
      const page = await this.o.client.list<OutboxMessage>('OutboxMessage', { where, sort: [{ field: 'status.nextAttemptAt', direction: 'asc' }], page: 1, size: 100, countTotal: false });
      for (const msg of page.items) await this.write(msg, { ...msg.status!, phase: 'PENDING', nextAttemptAt: iso(this.o.clock()) });
      if (page.items.length < 100) return;
    }
  }

  private async process(msg: OutboxMessage, settings: SmtpSettings | undefined): Promise<void> {
    const channel = msg.spec!.channel;
    if (channel === 'EMAIL' && !settings) {
      if (await this.write(msg, { ...msg.status!, phase: 'WAITING_CONFIG' })) this.o.onOutcome?.(channel, 'waiting_config');
      return;
    }
    const now = this.o.clock();
    const attempts = (msg.status?.attempts ?? 0) + 1;
    // An inbox e-mail message's inbox part goes in with the claim: the user has it even while SMTP fails.
    const claimed = await this.write(msg, { ...msg.status!, attempts, lastAttemptAt: iso(now), nextAttemptAt: iso(now + this.o.leaseMs) });
    if (!claimed) return; // another process claimed it first
    try {
      if (channel === 'INBOX') await deliverToInbox(this.o.client, claimed, iso(this.o.clock()));
      else await deliverByEmail(this.o.mailer, settings!, claimed);
    } catch (err) {
      await this.recordFailure(claimed, err, settings);
      return;
    }
    await this.write(claimed, sentStatus(claimed.status!, iso(this.o.clock())));
    this.o.onOutcome?.(channel, 'sent');
  }

  private async recordFailure(msg: OutboxMessage, err: unknown, settings: SmtpSettings | undefined): Promise<void> {
    const status = msg.status!;
    const lastError = describe(err, settings);
    const final = isPermanentSmtpError(err) || status.attempts >= this.o.retry.maxAttempts;
    const next: OutboxMessageStatus = final
      ? { phase: 'FAILED', attempts: status.attempts, lastAttemptAt: status.lastAttemptAt, lastError, inboxAt: status.inboxAt }
      : { ...status, phase: 'PENDING', lastError, nextAttemptAt: iso(this.o.clock() + retryDelayMs(this.o.retry, status.attempts, this.o.random)) };
    this.o.logger.warn({ outboxMessage: msg.metadata.name, channel: msg.spec!.channel, attempts: status.attempts, final, error: lastError }, 'notification delivery failed');
    await this.write(msg, next);
    this.o.onOutcome?.(msg.spec!.channel, final ? 'failed' : 'retry');
  }

  /**
   * Compare-and-set status write (with the inbox part, when one is still to do); undefined when someone else
   * changed or removed the message first.
   */
  private async write(msg: OutboxMessage, status: OutboxMessageStatus): Promise<OutboxMessage | undefined> {
    try {
      const inbox = inboxPending(msg);
      const written = await this.withInboxPart(this.o.client, msg, status);
      if (inbox) this.o.onOutcome?.('INBOX', 'sent');
      return written;
    } catch (err) {
      if (err instanceof ConflictError || err instanceof NotFoundError) return undefined;
      throw err;
    }
  }
}

/** A delivered message's status: SENT, no error and nothing more to attempt. */
function sentStatus(status: OutboxMessageStatus, now: string): OutboxMessageStatus {
  const { lastError: _e, nextAttemptAt: _n, ...rest } = status;
  return withoutUndefined({ ...rest, phase: 'SENT', sentAt: now });
}

/** An inbox e-mail message whose inbox part has not been put into the inbox yet. */
function inboxPending(msg: OutboxMessage): boolean {
  return msg.spec!.inbox === true && !msg.status?.inboxAt;
}


/** The error text kept in the outbox: short, and never the SMTP password. */
function describe(err: unknown, settings: SmtpSettings | undefined): string {
  const e = err as { message?: string; code?: string; responseCode?: number };
  let text = [e.code, e.responseCode, e.message ?? String(err)].filter((p) => p !== undefined && p !== '').join(' ');
  if (settings?.password) text = text.split(settings.password).join('[redacted]');
  return text.slice(0, 2000);
}
