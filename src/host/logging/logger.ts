import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs on stdout. Secrets are redacted wherever they appear under these keys. Lines are
 * written asynchronously: under load, lines that arrive while a write is in flight go out together instead
 * of one blocking system call per request. pino flushes on exit; HostRuntime.stop flushes too.
 */
export function createLogger(level: string): Logger {
  const destination = pino.destination({ dest: 1, sync: false });
  return pino(
    {
      level,
      redact: {
        paths: [
          '*.password',
          '*.secret',
          '*.token',
          '*.apiAccessSecret',
          '*.dockingAccessSecret',
          'req.headers.authorization',
          'req.headers.cookie',
          '*.privateKey',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
