import type { Logger } from '../logging/logger.js';
import type { ExtensionClient } from '../client/extension-client.js';
import { ConflictError, NotFoundError } from '../errors/app-error.js';
import { and, eq, type Condition } from '../store/query.js';
import type { AttemptResult, Lease, LeasedDelivery, Settlement } from '../workers/leased-delivery-worker.js';
import { smtpFailureReason, type SmtpFailureReason } from './smtp-failure.js';
import { deliverByEmail, deliverToInbox } from './deliver-message.js';
import { isPermanentSmtpError, type SmtpMailer } from './smtp-mailer.js';
import { readSmtpSettings, type SmtpSettings, type SmtpSettingsProvider } from './smtp-settings.js';
import { OutboxMessage, type Channel, type OutboxMessageStatus } from './types.js';
import { withoutUndefined } from './without-undefined.js';

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'waiting_config';

export interface OutboxDeliveryOptions {
  client: ExtensionClient;
  logger: Logger;
  mailer: SmtpMailer;
  smtp: () => SmtpSettingsProvider;
  clock: () => number;
  onOutcome?: (channel: Channel, outcome: DeliveryOutcome) => void;
}

/** The SMTP settings of one cycle; undefined while e-mail is not configured. */
type Smtp = SmtpSettings | undefined;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * OutboxMessages as items of the host's leased delivery worker: due = PENDING with nextAttemptAt passed
 * (an indexed range, oldest first); a claim pushes nextAttemptAt out by the lease; a delivered message
 * becomes SENT, a failed one PENDING again on the retry schedule or FAILED (an administrator can retry it).
 * E-mail waits as WAITING_CONFIG while SMTP is not configured and goes back to PENDING once it is.
 */
export class OutboxDelivery implements LeasedDelivery<OutboxMessage, Smtp, SmtpFailureReason> {
  constructor(private readonly o: OutboxDeliveryOptions) {}

  /** Reads the SMTP settings for the cycle and, when they are there, releases e-mails that waited for them. */
  async prepare(): Promise<Smtp> {
    const settings = await readSmtpSettings(this.o.smtp());
    if (settings) await this.releaseWaiting();
    return settings;
  }

  async due(now: number, limit: number): Promise<OutboxMessage[]> {
    const due = await this.o.client.list(OutboxMessage, {
      where: and(eq('status.phase', 'PENDING'), { op: 'le', field: 'status.nextAttemptAt', value: iso(now) }),
      sort: [{ field: 'status.nextAttemptAt', direction: 'asc' }],
      page: 1,
      size: limit,
      // The worker takes pages off the front; counting every due message each time would read them all.
      countTotal: false,
    });
    return due.items;
  }

  async nextDueAt(): Promise<number | undefined> {
    const where = eq('status.phase', 'PENDING');
    const sort = [{ field: 'status.nextAttemptAt', direction: 'asc' as const }];
    const next = await this.o.client.list(OutboxMessage, { where, sort, page: 1, size: 1, countTotal: false });
    const at = next.items[0]?.status?.nextAttemptAt;
    return at ? Date.parse(at) : undefined;
  }

  /**
   * Messages whose next step writes only to the store: inbox messages (into the inbox and SENT) and, while
   * SMTP is not configured, e-mails (to WAITING_CONFIG, an inbox e-mail message putting its inbox part in
   * first). They need no lease: the step is one store transaction, so it happens entirely or not at all, and
   * a replica that got there first makes the version check fail (nothing written). A cycle's steps share
   * that transaction (one commit instead of up to three per message). Should it fail, each message goes the
   * one-by-one way. Returns the messages to claim and deliver: e-mails while SMTP is configured, and inbox
   * messages the shared transaction could not write.
   */
  async withoutLease(messages: OutboxMessage[], settings: Smtp): Promise<OutboxMessage[]> {
    const storeOnly = messages.filter((m) => m.spec!.channel === 'INBOX' || !settings);
    const emails = settings ? messages.filter((m) => m.spec!.channel !== 'INBOX') : [];
    if (!storeOnly.length) return emails;
    const outcomes: Array<[Channel, DeliveryOutcome]> = [];
    try {
      await this.o.client.transaction(async (tx) => {
        for (const msg of storeOnly) {
          const now = iso(this.o.clock());
          if (msg.spec!.channel === 'INBOX') {
            const status = sentStatus({ ...msg.status!, attempts: (msg.status!.attempts ?? 0) + 1, lastAttemptAt: now }, now);
            await deliverToInbox(tx, await tx.update({ ...msg, status }, { read: msg }), now);
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
      const inbox: OutboxMessage[] = [];
      for (const msg of storeOnly) {
        if (msg.spec!.channel === 'INBOX') inbox.push(msg);
        else if (await this.write(msg, { ...msg.status!, phase: 'WAITING_CONFIG' })) this.o.onOutcome?.('EMAIL', 'waiting_config');
      }
      return [...inbox, ...emails];
    }
    for (const [channel, outcome] of outcomes) this.o.onOutcome?.(channel, outcome);
    return emails;
  }

  /** An inbox e-mail message's inbox part goes in with the claim: the user has it even while SMTP fails. */
  claim(msg: OutboxMessage, lease: Lease): Promise<OutboxMessage | undefined> {
    const attempts = (msg.status?.attempts ?? 0) + 1;
    return this.write(msg, { ...msg.status!, attempts, lastAttemptAt: iso(lease.now), nextAttemptAt: iso(lease.until) });
  }

  attemptsOf(claimed: OutboxMessage): number {
    return claimed.status!.attempts;
  }

  async deliver(claimed: OutboxMessage, settings: Smtp): Promise<AttemptResult<SmtpFailureReason>> {
    const email = claimed.spec!.channel !== 'INBOX';
    try {
      if (!email) await deliverToInbox(this.o.client, claimed, iso(this.o.clock()));
      else if (settings) await deliverByEmail(this.o.mailer, settings, claimed);
      else return { kind: 'failed', error: 'SMTP is not configured' }; // not reached: withoutLease parks these
    } catch (err) {
      const detail = email ? smtpFailureReason(err) : undefined;
      return { kind: 'failed', error: describe(err, settings), permanent: isPermanentSmtpError(err), detail };
    }
    return { kind: 'delivered' };
  }

  async record(msg: OutboxMessage, settlement: Settlement<SmtpFailureReason>): Promise<void> {
    const channel = msg.spec!.channel;
    const status = msg.status!;
    if (settlement.kind === 'delivered') {
      await this.write(msg, sentStatus(status, iso(settlement.at)));
      this.o.onOutcome?.(channel, 'sent');
      return;
    }
    const lastError = settlement.error;
    // What failed, for the apps to say in words; the server's reply (lastError) stays the detail.
    const lastErrorReason = settlement.detail;
    const final = settlement.kind === 'gave-up';
    const { attempts, lastAttemptAt, inboxAt } = status;
    const next: OutboxMessageStatus = final
      ? { phase: 'FAILED', attempts, lastAttemptAt, lastError, lastErrorReason, inboxAt }
      : { ...status, phase: 'PENDING', lastError, lastErrorReason, nextAttemptAt: iso(settlement.nextAttemptAt) };
    const failure = { outboxMessage: msg.metadata.name, channel, attempts: status.attempts, final, error: lastError };
    this.o.logger.warn(failure, 'notification delivery failed');
    await this.write(msg, next);
    this.o.onOutcome?.(channel, final ? 'failed' : 'retry');
  }

  /**
   * Writes a message's new status; for an inbox e-mail message whose inbox part is still to do, puts that into
   * the inbox in the same transaction (and records inboxAt), so it happens once, with the write that wins.
   */
  private async withInboxPart(client: ExtensionClient, msg: OutboxMessage, status: OutboxMessageStatus): Promise<OutboxMessage> {
    // msg is the message as listed: it stands in for a re-read, the store still checks its version.
    if (!inboxPending(msg)) return client.update({ ...msg, status: withoutUndefined(status) }, { read: msg });
    return client.transaction(async (tx) => {
      const now = iso(this.o.clock());
      const written = await tx.update({ ...msg, status: withoutUndefined({ ...status, inboxAt: now }) }, { read: msg });
      await deliverToInbox(tx, written, now);
      return written;
    });
  }

  /** Moves e-mails that waited for SMTP settings back to PENDING, in bounded batches. */
  private async releaseWaiting(): Promise<void> {
    const where: Condition = eq('status.phase', 'WAITING_CONFIG');
    for (let round = 0; round < 10; round++) {
      // In (phase, nextAttemptAt) order: phase has no index of its own (see the CRD).
      const page = await this.o.client.list(OutboxMessage, {
        where,
        sort: [{ field: 'status.nextAttemptAt', direction: 'asc' }],
        page: 1,
        size: 100,
        countTotal: false,
      });
      for (const msg of page.items) await this.write(msg, { ...msg.status!, phase: 'PENDING', nextAttemptAt: iso(this.o.clock()) });
      if (page.items.length < 100) return;
    }
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
  const { lastError: _e, lastErrorReason: _r, nextAttemptAt: _n, ...rest } = status;
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
