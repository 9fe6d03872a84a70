/**
 * What went wrong when an e-mail could not be handed to the SMTP server, as a reason the apps put into words
 * (`the mail server refused the sender address`), with the server's own reply kept beside it only as a detail.
 * Read from nodemailer's error: its `code` (EAUTH, EENVELOPE, …), the SMTP `command` that failed and the
 * server's `responseCode`.
 */
export const SMTP_FAILURE_REASONS = [
  'CONNECTION',
  'TLS',
  'AUTH',
  'SENDER_REFUSED',
  'RECIPIENT_REFUSED',
  'MESSAGE_REFUSED',
  'OTHER',
] as const;
export type SmtpFailureReason = (typeof SMTP_FAILURE_REASONS)[number];

interface SmtpErrorShape {
  message?: string;
  code?: string;
  command?: string;
  responseCode?: number;
}

const BY_CODE: Record<string, SmtpFailureReason> = {
  ECONNECTION: 'CONNECTION',
  ETIMEDOUT: 'CONNECTION',
  ESOCKET: 'CONNECTION',
  EDNS: 'CONNECTION',
  ECONNREFUSED: 'CONNECTION',
  ENOTFOUND: 'CONNECTION',
  ETLS: 'TLS',
  EAUTH: 'AUTH',
  EMESSAGE: 'MESSAGE_REFUSED',
};

/** The reason of a failed hand-over: by the SMTP command the server refused first, else by nodemailer's code. */
export function smtpFailureReason(err: unknown): SmtpFailureReason {
  const e = (err ?? {}) as SmtpErrorShape;
  const command = (e.command ?? '').toUpperCase();
  if (command.startsWith('MAIL')) return 'SENDER_REFUSED';
  if (command.startsWith('RCPT')) return 'RECIPIENT_REFUSED';
  if (command.startsWith('AUTH')) return 'AUTH';
  if (command.startsWith('DATA')) return 'MESSAGE_REFUSED';
  // Checked before sending (command API): "Invalid sender …", "No recipients defined", "Invalid recipient …".
  if (e.code === 'EENVELOPE') return /sender/i.test(e.message ?? '') ? 'SENDER_REFUSED' : 'RECIPIENT_REFUSED';
  return (e.code && BY_CODE[e.code]) || 'OTHER';
}
