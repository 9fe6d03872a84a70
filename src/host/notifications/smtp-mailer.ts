import nodemailer, { type Transporter } from 'nodemailer';
import type { SmtpSettings } from './smtp-settings.js';

export interface MailToSend {
  to: { name?: string; address: string };
  subject: string;
  html: string;
  text: string;
  /** Stable across retries, so a receiving server can drop a duplicate after a lost acknowledgement. */
  messageId: string;
  headers?: Record<string, string>;
}

/**
 * An SMTP answer the server will not change its mind about (5xx), so retrying cannot help. 535 (login
 * refused) is left to retries: an administrator fixes it in the settings and the message still goes out.
 */
export function isPermanentSmtpError(err: unknown): boolean {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600 && code !== 535;
}

/**
 * Sends through nodemailer, keeping one pooled transport per distinct settings; a settings change closes
 * the old transport. Time-outs are short so a dead server fails an attempt instead of holding it.
 */
export class SmtpMailer {
  private transport?: { key: string; transporter: Transporter };

  async send(settings: SmtpSettings, mail: MailToSend): Promise<void> {
    await this.transporterFor(settings).sendMail({
      from: settings.from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: mail.messageId,
      headers: mail.headers,
    });
  }

  private transporterFor(settings: SmtpSettings): Transporter {
    const key = JSON.stringify(settings);
    if (this.transport?.key === key) return this.transport.transporter;
    this.transport?.transporter.close();
    const transporter = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    this.transport = { key, transporter };
    return transporter;
  }

  close(): void {
    this.transport?.transporter.close();
    this.transport = undefined;
  }
}
