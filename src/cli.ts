import { backup } from './cli/backup.js';
import { doctor } from './cli/doctor.js';
import { resetPassword } from './cli/reset-password.js';
import { printVersion } from './cli/version.js';
import { startServer } from './main.js';

const HELP = `authpay — self-hosted plugin licensing and payment service

Usage:
  authpay serve                   start the service (default port 8090)
  authpay backup <file>           online backup of the SQLite store into a new file (PostgreSQL: use pg_dump)
  authpay reset-password <user>   set a new password and end the user's sessions: $AUTHPAY_NEW_PASSWORD,
                                  or the first line of standard input with --stdin, else a generated one
  authpay doctor                  check configuration, store, TLS, SMTP and callback domain; exit 1 on a failure
  authpay --version               print the package version
  authpay --help                  show this help

The commands read the same environment as serve (AUTHPAY_DATA_DIR or AUTHPAY_DATABASE_URL, …).

Environment:
  PORT                     HTTP port (default 8090)
  AUTHPAY_HOST             listen address (default 0.0.0.0)
  AUTHPAY_DATA_DIR         data directory of the embedded SQLite store (default ./data)
  AUTHPAY_DATABASE_URL     postgres://… to use PostgreSQL instead (several replicas may share it)
  AUTHPAY_BASE_URL         public base URL used in links and callbacks
  AUTHPAY_ADMIN_PASSWORD   password of the first administrator (else generated and printed once)
  AUTHPAY_BOOTSTRAP_TOKEN  administrator bearer token for automation
  AUTHPAY_LOG_LEVEL        pino level (default info)
  AUTHPAY_TLS_CERT/_KEY    PEM files: serve HTTPS directly
  AUTHPAY_TRUST_PROXY      proxies believed about client address and protocol (default loopback)
  AUTHPAY_SHUTDOWN_TIMEOUT_MS  deadline of a graceful stop (default 10000); past it, exit 1
`;

async function main(argv: string[]): Promise<number> {
  const command = argv[0];
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP);
    return command ? 0 : 1;
  }
  const tools: Record<string, (args: string[]) => Promise<number> | number> = {
    '--version': printVersion,
    '-v': printVersion,
    version: printVersion,
    backup: (args) => backup(args, process.env),
    'reset-password': (args) => resetPassword(args, process.env),
    doctor: () => doctor(process.env),
  };
  if (Object.hasOwn(tools, command)) return tools[command](argv.slice(1));
  if (command !== 'serve') {
    process.stderr.write(`unknown command "${command}"\n\n${HELP}`);
    return 2;
  }
  const { runtime, port } = await startServer();
  runtime.logger.info(
    { port, store: runtime.store.backend, dataDir: runtime.config.databaseUrl ? undefined : runtime.config.dataDir },
    `AuthPay listening on port ${port}`,
  );
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return void runtime.logger.warn({ signal }, 'already shutting down');
    stopping = true;
    const timeoutMs = runtime.config.shutdownTimeoutMs;
    runtime.logger.info({ signal, timeoutMs }, 'shutting down');
    // Should stop() itself never return (a synchronous stall), the process still ends, a moment later.
    setTimeout(() => process.exit(1), timeoutMs + 2000);
    const outcome = await runtime.stop();
    process.exit(outcome.finished && outcome.failed.length === 0 ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  return -1;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: unknown) => {
    process.stderr.write(`authpay: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
