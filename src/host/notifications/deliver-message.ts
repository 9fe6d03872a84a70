import { AppError } from '../errors/app-error.js';
import type { ExtensionClient } from '../client/extension-client.js';
import type { SmtpMailer } from './smtp-mailer.js';
import type { SmtpSettings } from './smtp-settings.js';
import { Notification, type OutboxMessage } from './types.js';

/**
 * Puts an INBOX message, or the inbox part of an inbox e-mail message, into the user's inbox. The
 * Notification takes the outbox message's name, so a repeated delivery finds it there and adds nothing.
 */
export async function deliverToInbox(client: ExtensionClient, msg: OutboxMessage, now: string): Promise<void> {
  const spec = msg.spec!;
  const recipient = spec.inbox ? spec.username! : spec.recipient;
  try {
    await client.create(Notification, {
      metadata: {
        name: msg.metadata.name,
        ...(spec.template ? { labels: { 'host.authpay.dev/template': spec.template.slice(0, 63) } } : {}),
      },
      spec: {
        recipient,
        title: spec.title,
        html: spec.html,
        text: spec.text,
        unread: true,
        createdAt: now,
        outboxMessage: msg.metadata.name,
        ...(spec.template ? { template: spec.template } : {}),
        ...(spec.language ? { language: spec.language } : {}),
      },
    });
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'ALREADY_EXISTS') throw err;
  }
}

/** Sends an EMAIL message by SMTP. */
export async function deliverByEmail(mailer: SmtpMailer, settings: SmtpSettings, msg: OutboxMessage): Promise<void> {
  const spec = msg.spec!;
  const domain = /@([^>\s]+)>?\s*$/.exec(settings.from)?.[1] ?? 'authpay.local';
  await mailer.send(settings, {
    to: { name: spec.displayName && spec.displayName !== spec.recipient ? spec.displayName : '', address: spec.recipient },
    subject: spec.title,
    html: spec.html,
    text: spec.text,
    messageId: `<${msg.metadata.uid ?? msg.metadata.name}@${domain}>`,
    headers: { 'X-AuthPay-Outbox-Message': msg.metadata.name },
  });
}
