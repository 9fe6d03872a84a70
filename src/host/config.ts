import path from 'node:path';
import { parseTrustProxy, type TrustProxy } from './server/trust-proxy.js';

/** Process configuration, read once from the environment. Everything else lives in settings resources. */
export interface HostConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects the PostgreSQL backend; absent means the embedded SQLite file in dataDir. */
  databaseUrl?: string;
  /** Administrator credential for automation (Authorization: Bearer …). */
  bootstrapToken?: string;
  adminPassword?: string;
  /** Public base URL used in links, callbacks and e-mails. */
  baseUrl: string;
  production: boolean;
  logLevel: string;
  /** PEM certificate and key files; when set the server speaks HTTPS. */
  tls?: { cert: string; key: string };
  /**
   * Which proxies in front of the server are believed about the client address and protocol
   * (X-Forwarded-For, X-Forwarded-Proto): AUTHPAY_TRUST_PROXY in Express syntax; loopback when absent.
   */
  trustProxy?: TrustProxy;
  /** How long a graceful stop may take before the process gives up and exits non-zero (default 10 s). */
  shutdownTimeoutMs: number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): HostConfig {
  const port = env.PORT !== undefined ? Number(env.PORT) : 8090;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const host = env.AUTHPAY_HOST ?? '0.0.0.0';
  return {
    port,
    host,
    dataDir: path.resolve(env.AUTHPAY_DATA_DIR ?? 'data'),
    databaseUrl: env.AUTHPAY_DATABASE_URL || undefined,
    bootstrapToken: env.AUTHPAY_BOOTSTRAP_TOKEN || undefined,
    adminPassword: env.AUTHPAY_ADMIN_PASSWORD || undefined,
    baseUrl: (env.AUTHPAY_BASE_URL ?? `${env.AUTHPAY_TLS_CERT ? 'https' : 'http'}://localhost:${port}`).replace(/\/+$/, ''),
    production: env.NODE_ENV === 'production',
    logLevel: env.AUTHPAY_LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    tls: tlsFromEnv(env),
    trustProxy: parseTrustProxy(env.AUTHPAY_TRUST_PROXY),
    shutdownTimeoutMs: shutdownTimeoutFromEnv(env),
  };
}

function tlsFromEnv(env: NodeJS.ProcessEnv): HostConfig['tls'] {
  const cert = env.AUTHPAY_TLS_CERT;
  const key = env.AUTHPAY_TLS_KEY;
  if (!cert && !key) return undefined;
  if (!cert || !key) throw new Error('AUTHPAY_TLS_CERT and AUTHPAY_TLS_KEY must be set together');
  return { cert: path.resolve(cert), key: path.resolve(key) };
}

const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

function shutdownTimeoutFromEnv(env: NodeJS.ProcessEnv): number {
  const text = env.AUTHPAY_SHUTDOWN_TIMEOUT_MS;
  if (text === undefined || text === '') return DEFAULT_SHUTDOWN_TIMEOUT_MS;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`AUTHPAY_SHUTDOWN_TIMEOUT_MS must be a positive whole number, got "${text}"`);
  return ms;
}
