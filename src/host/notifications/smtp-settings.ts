/**
 * SMTP settings (settings group `smtp`). The settings component provides them through its typed accessor;
 * the notification center only depends on this small interface, so tests and other hosts can supply them.
 */
export interface SmtpSettings {
  host: string;
  port: number;
  /** true: TLS from the first byte (port 465); false: plain, upgraded by STARTTLS when offered. */
  secure: boolean;
  user?: string;
  /** Secret: never logged, never written to the outbox. */
  password?: string;
  /** Sender, e.g. `AuthPay <noreply@example.com>`. */
  from: string;
}

/** Supplies the current SMTP settings; undefined (or no host/from) means e-mail is not configured. */
export interface SmtpSettingsProvider {
  get(): Promise<Partial<SmtpSettings> | undefined> | Partial<SmtpSettings> | undefined;
  /** Optional change notification, so waiting e-mails go out as soon as SMTP is configured. */
  onChange?(listener: () => void): void;
}

export const NO_SMTP_SETTINGS: SmtpSettingsProvider = { get: () => undefined };

/** Complete settings, or undefined when the host or sender address is missing. */
export async function readSmtpSettings(provider: SmtpSettingsProvider): Promise<SmtpSettings | undefined> {
  const raw = await provider.get();
  if (!raw || typeof raw.host !== 'string' || !raw.host.trim() || typeof raw.from !== 'string' || !raw.from.trim()) return undefined;
  const secure = raw.secure === true || String(raw.secure) === 'true';
  const port = Number(raw.port) || (secure ? 465 : 587);
  return { host: raw.host.trim(), port, secure, user: raw.user || undefined, password: raw.password || undefined, from: raw.from.trim() };
}

/** A provider holding settings in memory (tests, or a host without the settings component). */
export class StaticSmtpSettings implements SmtpSettingsProvider {
  private listeners: Array<() => void> = [];
  constructor(private value?: Partial<SmtpSettings>) {}
  get(): Partial<SmtpSettings> | undefined {
    return this.value;
  }
  set(value: Partial<SmtpSettings> | undefined): void {
    this.value = value;
    for (const l of this.listeners) l();
  }
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }
}
