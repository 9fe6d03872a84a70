import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs. Secrets are redacted wherever they appear under these keys. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['*.password', '*.secret', '*.token', '*.apiAccessSecret', '*.dockingAccessSecret', 'req.headers.authorization', 'req.headers.cookie', '*.privateKey'],
      censor: '[redacted]',
    },
  });
}
