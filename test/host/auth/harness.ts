import { startTempServer } from '../../support/temp-server.js';
import type { HostRuntime } from '../../../src/host/runtime.js';
import { StaticAuthSettings, type AuthSettings } from '../../../src/host/auth/auth-settings.js';
import type { Envelope as ApiEnvelope } from '../../../src/host/api/envelope/envelope.js';

export const ADMIN_PASSWORD = 'admin-password-1';
export const BOOTSTRAP_TOKEN = 'bootstrap-token-for-tests-0123456789';

export interface Server {
  runtime: HostRuntime;
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Settings for suites that log in many times from one address within a minute: the per-IP limit is lifted
 * (rate-limit.test.ts checks the defaults).
 */
export const relaxed = (patch: Partial<AuthSettings> = {}) =>
  new StaticAuthSettings({ loginLimits: { perIpPerMinute: 1000, failuresPerUser: 5 }, ...patch });

/** A real server on port 0 with its own SQLite data directory; default log-in limits unless `relax`. */
export async function start(options: { relax?: boolean; env?: Record<string, string> } = {}): Promise<Server> {
  const env = { AUTHPAY_ADMIN_PASSWORD: ADMIN_PASSWORD, AUTHPAY_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN, ...options.env };
  const { runtime, url, dataDir, stop } = await startTempServer({ prefix: 'authpay-auth', env });
  if (options.relax ?? true) runtime.auth.useSettings(relaxed());
  return { runtime, url, dataDir, stop };
}

/**
 * The envelope of the business endpoints as a test reads it: T is the data of a successful answer (a failed
 * one carries data null, and the tests look at its code, message and details).
 */
export type Envelope<T = unknown> = Omit<ApiEnvelope<T>, 'data'> & { data: T };

/** An HTTP answer; T is what the test reads of the envelope's data. */
export interface Answer<T = unknown> {
  status: number;
  /** The parsed JSON body: the envelope on business endpoints (documentOf reads other documents). A body that is not JSON stays text. */
  body: Envelope<T>;
  /** The body as received (HTML, YAML, plain text). */
  text: string;
  headers: Headers;
  setCookies: string[];
}

/** GET uc …/users/-: the caller, as the tests read it. */
export interface Me {
  user: { name: string; disabled?: boolean; passwordHash?: unknown };
  roles: string[];
  effectiveRoles: string[];
  uiPermissions: string[];
}

/** A personal access token as the user center shows it; the token itself only in the answer that created it. */
export interface TokenView {
  name: string;
  token?: string;
  revoked?: boolean;
}

/** The answer that creates a token: the only one carrying it. */
export type CreatedToken = TokenView & { token: string };

/** A JSON answer that is not an envelope (a JWKS, an OpenAPI document), read as the type the caller names. */
export function documentOf<T>(res: Answer): T {
  return res.body as unknown as T;
}

export async function call<T = unknown>(url: string, init: RequestInit & { json?: unknown } = {}): Promise<Answer<T>> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const res = await fetch(url, { ...init, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // HTML or plain text
  }
  return { status: res.status, body: parsed as Envelope<T>, text, headers: res.headers, setCookies: res.headers.getSetCookie() };
}

/** Cookie jar of one browser: session + XSRF cookies from log-in. */
export interface Browser {
  cookie: string;
  csrf: string;
  session: string;
}

export function cookieValue(setCookies: string[], name: string): string | undefined {
  for (const c of setCookies) {
    const [pair] = c.split(';');
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq) === name) return decodeURIComponent(pair.slice(eq + 1));
  }
  return undefined;
}

export async function login(server: Server, username: string, password: string): Promise<Browser> {
  const res = await call(`${server.url}/login`, { method: 'POST', json: { username, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  const session = cookieValue(res.setCookies, 'AUTHPAY_SESSION')!;
  const csrf = cookieValue(res.setCookies, 'XSRF-TOKEN')!;
  return { session, csrf, cookie: `AUTHPAY_SESSION=${session}; XSRF-TOKEN=${csrf}` };
}

/** Headers of a same-site script call with the session and its CSRF token. */
export function asBrowser(b: Browser, origin?: string): Record<string, string> {
  return { cookie: b.cookie, 'x-xsrf-token': b.csrf, ...(origin ? { origin } : {}) };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

export const UC = '/apis/uc.api.host.authpay.dev/v1alpha1';
export const CONSOLE = '/apis/console.api.host.authpay.dev/v1alpha1';

/** Creates a user through the admin API (bootstrap token). */
export async function createUser(server: Server, username: string, password = 'user-password-1', roles?: string[]): Promise<void> {
  const res = await call(`${server.url}${CONSOLE}/users`, {
    method: 'POST',
    headers: bearer(BOOTSTRAP_TOKEN),
    json: { username, email: `${username}@example.com`, password, roles },
  });
  if (res.status !== 201) throw new Error(`createUser failed: ${res.status} ${JSON.stringify(res.body)}`);
}
