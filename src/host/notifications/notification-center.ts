import sanitizeHtml from 'sanitize-html';
import type { ExtensionClient } from '../client/extension-client.js';
import type { Logger } from '../logging/logger.js';
import type { HostMetrics } from '../ops/metrics-registry.js';
import { ValidationError } from '../errors/app-error.js';
import { DEFAULT_LANGUAGE, type Language } from '../errors/language.js';
import { compileTemplate, renderTemplate, type CompiledTemplate, type RenderedMessage } from './render-template.js';
import { TemplateStore } from './template-store.js';
import { resolveRecipients, type DeliveryTarget } from './resolve-recipients.js';
import { enqueueMessages } from './enqueue-messages.js';
import { OutboxDelivery } from './outbox-delivery.js';
import { LeasedDeliveryWorker } from '../workers/leased-delivery-worker.js';
import { exponentialBackoff } from '../workers/retry-schedule.js';
import { SmtpMailer } from './smtp-mailer.js';
import { NO_SMTP_SETTINGS, readSmtpSettings, type SmtpSettings, type SmtpSettingsProvider } from './smtp-settings.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.js';
import { SANITIZE_OPTIONS, htmlToText } from './safe-html.js';
import { registerOutboxGauge } from './outbox-gauge.js';
import { inboxOperations } from './inbox-operations.js';
import { outboxOperations } from './outbox-operations.js';
import type { OperationDef } from '../api/operations/operation.js';
import { CHANNELS, type Channel, type Notifier, type OutboxMessage, type OutboxMessageSpec, type OutboxPhase } from './types.js';
import type { SendInput, SendResult } from './types.js';
import type { SmtpFailureReason } from './smtp-failure.js';

export interface NotificationCenterOptions {
  client: ExtensionClient;
  logger: Logger;
  /** Public base URL, offered to templates as `{{site.url}}`. */
  baseUrl: string;
  siteName?: string;
  /** The site's language, for a reader whose own is not known: zh-CN (DEFAULT_LANGUAGE) unless given. */
  defaultLanguage?: Language;
  metrics?: HostMetrics;
  /** Directories of template files (`<id>.yaml|.json`), read at construction. */
  templateDirs?: string[];
  /** Until the settings component provides one, e-mail waits (WAITING_CONFIG). */
  smtp?: SmtpSettingsProvider;
  retry?: Partial<RetryPolicy>;
  clock?: () => number;
  random?: () => number;
  pollIntervalMs?: number;
  batchSize?: number;
  leaseMs?: number;
}

/**
 * The notification center: renders a message once per recipient and channel, writes it to the outbox, and
 * lets the delivery worker take it from there. `send` returns once the outbox write has committed.
 */
export class NotificationCenter implements Notifier {
  readonly templates: TemplateStore;
  private smtp: SmtpSettingsProvider;
  private smtpReady?: Promise<boolean>;
  private readonly worker: LeasedDeliveryWorker<OutboxMessage, SmtpSettings | undefined, SmtpFailureReason>;
  private readonly mailer = new SmtpMailer();
  private readonly clock: () => number;

  constructor(private readonly o: NotificationCenterOptions) {
    this.clock = o.clock ?? Date.now;
    this.templates = new TemplateStore(o.client);
    for (const dir of o.templateDirs ?? []) this.templates.addDirectory(dir);
    this.smtp = o.smtp ?? NO_SMTP_SETTINGS;
    this.smtp.onChange?.(() => this.smtpChanged());
    const delivered = o.metrics?.counter({
      name: 'authpay_notification_deliveries_total',
      help: 'Notification delivery attempts by channel and outcome',
      labelNames: ['channel', 'outcome'],
    });
    const logger = o.logger.child({ component: 'notifications' });
    const onOutcome = (channel: Channel, outcome: string) => delivered?.inc({ channel, outcome });
    const smtp = () => this.smtp;
    const outbox = new OutboxDelivery({ client: o.client, logger, mailer: this.mailer, smtp, clock: this.clock, onOutcome });
    this.worker = new LeasedDeliveryWorker(outbox, {
      name: 'outbox',
      logger,
      clock: { now: this.clock },
      retry: exponentialBackoff({ ...DEFAULT_RETRY_POLICY, ...o.retry }, o.random),
      pollIntervalMs: o.pollIntervalMs ?? 5_000,
      batchSize: o.batchSize ?? 20,
      leaseMs: o.leaseMs ?? 300_000,
    });
    if (o.metrics) registerOutboxGauge(o.metrics, o.client, o.logger);
  }

  /** Replaces the SMTP settings source (the settings component calls this once it is up). */
  useSmtpSettings(provider: SmtpSettingsProvider): void {
    this.smtp = provider;
    this.smtpReady = undefined;
    provider.onChange?.(() => this.smtpChanged());
    this.worker.wake();
  }

  /** The inbox (user center) and outbox (console) operations, for the host's operation registry. */
  operations(): OperationDef[] {
    return [...inboxOperations(this.o.client, this.clock), ...outboxOperations(this.o.client, this, this.clock)];
  }

  /**
   * Whether e-mail can go out now. A provider that reports changes is read once per change, not once per
   * send (a settings read per message of a bulk job). A stale answer costs no message: an e-mail queued
   * PENDING without SMTP moves to WAITING_CONFIG at its first attempt, one queued WAITING_CONFIG is released
   * by the worker's next look once SMTP is there.
   */
  smtpConfigured(): Promise<boolean> {
    if (!this.smtp.onChange) return readSmtpSettings(this.smtp).then(Boolean);
    this.smtpReady ??= readSmtpSettings(this.smtp).then(Boolean, (err) => {
      this.smtpReady = undefined;
      throw err;
    });
    return this.smtpReady;
  }

  private smtpChanged(): void {
    this.smtpReady = undefined;
    this.worker.wake();
  }

  start(): void {
    this.worker.start();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    this.mailer.close();
  }

  /** Asks the worker to look at the outbox now (after a retry or a settings change). */
  wake(): void {
    this.worker.wake();
  }

  /** Delivers one batch of due messages in the caller's flow (CLI, tests); the worker does this on its own. */
  deliverDue(): Promise<number> {
    return this.worker.runOnce();
  }

  async send(input: SendInput): Promise<SendResult> {
    const channels = checkInput(input);
    const template = await this.templateFor(input);
    const language = this.o.defaultLanguage ?? DEFAULT_LANGUAGE;
    const targets = await resolveRecipients(this.o.client, input.to, channels, input.missingUsers, language);
    if (!targets.length) return { messages: [] };
    const specs = targets.map((t) => this.outboxSpec(this.render(template, t, input), t, input));
    const emailReady = await this.smtpConfigured();
    // An inbox e-mail message stays PENDING without SMTP: the worker puts its inbox part in at once and then
    // parks the e-mail as WAITING_CONFIG.
    const phaseOf = (s: OutboxMessageSpec): OutboxPhase =>
      s.channel === 'EMAIL' && !s.inbox && !emailReady ? 'WAITING_CONFIG' : 'PENDING';
    const messages = await enqueueMessages(this.o.client, specs, phaseOf, new Date(this.clock()).toISOString());
    if (messages.some((m) => !m.deduplicated)) this.worker.wake();
    return { messages };
  }

  private async templateFor(input: SendInput): Promise<CompiledTemplate> {
    if (input.template) return this.templates.get(input.template);
    const c = input.content!;
    const variables = Object.keys(input.variables ?? {}).map((name) => ({ name, required: false }));
    const i18n = c.i18n?.en ? { i18n: { en: c.i18n.en } } : {};
    return compileTemplate('inline', { title: c.title, html: c.html, text: c.text ?? htmlToText(c.html), variables, ...i18n });
  }

  private render(template: CompiledTemplate, target: DeliveryTarget, input: SendInput): RenderedMessage {
    const variables = {
      ...(input.variables ?? {}),
      recipient: { username: target.username ?? '', displayName: target.displayName, email: target.email ?? '', language: target.language },
      site: { url: this.o.baseUrl, name: this.o.siteName ?? 'AuthPay' },
    };
    const rendered = renderTemplate(template, variables, target.language);
    // Inline content comes from service code that may pass on people's HTML: keep only the safe subset.
    const html = input.template ? rendered.html : sanitizeHtml(rendered.html, SANITIZE_OPTIONS);
    return { title: rendered.title, html, text: rendered.text };
  }

  private outboxSpec(rendered: RenderedMessage, target: DeliveryTarget, input: SendInput): OutboxMessageSpec {
    return {
      channel: target.channel,
      recipient: target.address,
      inbox: target.inbox,
      username: target.username,
      displayName: target.displayName,
      language: target.language,
      title: rendered.title,
      html: rendered.html,
      text: rendered.text,
      template: input.template,
      dedupeKey: input.dedupeKey,
    };
  }
}

function checkInput(input: SendInput): Channel[] {
  const problems: Array<{ field: string; message: string }> = [];
  if (!input || typeof input !== 'object') throw new ValidationError('send needs an input object');
  if (Boolean(input.template) === Boolean(input.content)) problems.push({ field: 'template', message: 'give either template or content' });
  if (input.content && (typeof input.content.title !== 'string' || typeof input.content.html !== 'string'))
    problems.push({ field: 'content', message: 'title and html are required' });
  if (!Array.isArray(input.to) || input.to.length === 0) problems.push({ field: 'to', message: 'at least one recipient' });
  if (input.missingUsers !== undefined && input.missingUsers !== 'fail' && input.missingUsers !== 'skip')
    problems.push({ field: 'missingUsers', message: 'fail or skip' });
  if (input.dedupeKey !== undefined && (typeof input.dedupeKey !== 'string' || !input.dedupeKey || input.dedupeKey.length > 512))
    problems.push({ field: 'dedupeKey', message: '1 to 512 characters' });
  const channels = input.channels ?? CHANNELS;
  if (!Array.isArray(channels) || channels.length === 0 || channels.some((c) => !CHANNELS.includes(c)))
    problems.push({ field: 'channels', message: 'INBOX and/or EMAIL' });
  if (problems.length)
    throw new ValidationError(`invalid notification: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`, problems);
  return channels;
}
