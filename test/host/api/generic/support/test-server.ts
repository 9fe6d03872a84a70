import crypto from 'node:crypto';
import { startTempServer } from '../../../../support/temp-server.js';
import type { HostRuntime } from '../../../../../src/host/runtime.js';

export const GROUP = 'pluginauth.authpay.dev';
export const VERSION = 'v1alpha1';
export const PLURAL = 'sitepluginauthlogs';
export const BASE = `/apis/${GROUP}/${VERSION}/${PLURAL}`;

/** A real AuthPay server (startServer, port 0) on a fresh SQLite data directory with a bootstrap token. */
export interface TestServer {
  runtime: HostRuntime;
  url: string;
  port: number;
  token: string;
  dataDir: string;
  /** fetch against the server with the bootstrap token (unless headers say otherwise). */
  request(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

export async function startTestServer(options: { tls?: { cert: string; key: string } } = {}): Promise<TestServer> {
  const token = crypto.randomBytes(24).toString('base64url');
  const server = await startTempServer({
    prefix: 'authpay-generic',
    config: { bootstrapToken: token, adminPassword: crypto.randomBytes(12).toString('hex'), databaseUrl: undefined, tls: options.tls },
  });
  return {
    ...server,
    token,
    request: (pathAndQuery, init = {}) =>
      fetch(`${server.url}${pathAndQuery}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
      }),
  };
}

/** A valid SitePluginAuthLog manifest. */
export function authLog(name: string, spec: Record<string, unknown> = {}, labels?: Record<string, string>): Record<string, unknown> {
  return {
    apiVersion: `${GROUP}/${VERSION}`,
    kind: 'SitePluginAuthLog',
    metadata: labels ? { name, labels } : { name },
    spec: { pluginKey: 'demo-plugin', authUser: 'alice', authDomain: 'a.example.com', authStatus: 1, ...spec },
  };
}

/** Waits until check() holds, polling; fails with the message after the deadline. */
export async function eventually(check: () => boolean, message: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${message}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
