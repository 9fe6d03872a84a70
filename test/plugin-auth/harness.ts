import type { Clock, Stored } from '../../src/host/sdk/index.js';
import type { CreatedToken } from '../host/auth/harness.js';
import type { SitePluginView } from '../../src/plugin-auth/catalog/site-plugin-view.js';
import type { OutboxMessageSpec, OutboxMessageStatus } from '../../src/host/notifications/types.js';
import { BOOTSTRAP_TOKEN, basic, bearer, call, createUser, documentOf, start, type Answer, type Server } from '../host/auth/harness.js';
import { pluginAuthDeps } from '../../src/plugin-auth/service.js';
import type { PluginAuthDeps } from '../../src/plugin-auth/deps/plugin-auth-deps.js';

export { call, createUser, documentOf, start, type Answer, type Server };
export type { ListResult } from '../../src/host/api/list-result.js';
export type { AuthLog } from '../../src/plugin-auth/auth-log/types.js';
export type { AuthLogView } from '../../src/plugin-auth/auth-log/list-auth-logs.js';
export type { FreeCode, PermanentCode } from '../../src/plugin-auth/codes/types.js';
export type { PermanentUser } from '../../src/plugin-auth/permanent-users/types.js';
export type { SitePluginView } from '../../src/plugin-auth/catalog/site-plugin-view.js';
export type { SitePlugin } from '../../src/plugin-auth/catalog/types.js';

/** What generating permanent codes answers. */
export interface GeneratedCodes {
  codes: string[];
}

export const CONSOLE = '/apis/console.api.pluginauth.authpay.dev/v1alpha1';
export const UC = '/apis/uc.api.pluginauth.authpay.dev/v1alpha1';
export const RESOURCES = '/apis/pluginauth.authpay.dev/v1alpha1';
export const PASSWORD = 'user-password-1';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The administrator (bootstrap token) calling a console path. */
export function admin<T = unknown>(
  server: Server,
  method: Method,
  path: string,
  json?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  return call<T>(`${server.url}${path}`, { method, headers: { ...bearer(BOOTSTRAP_TOKEN), ...headers }, json });
}

/** A normal user (Basic auth with the test password) calling a path. */
export function as<T = unknown>(server: Server, user: string, method: Method, path: string, json?: unknown): Promise<Answer<T>> {
  return call<T>(`${server.url}${path}`, { method, headers: basic(user, PASSWORD), json });
}

/** Asserts a 2xx envelope and returns its data (T: what the caller reads of it, named at the call that answered). */
export function dataOf<T>(res: Answer<T>): T {
  if (res.status >= 300 || res.body?.success !== true) throw new Error(`expected success, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function createPlugin(server: Server, spec: Record<string, unknown>): Promise<SitePluginView> {
  return dataOf(await admin<SitePluginView>(server, 'POST', `${CONSOLE}/siteplugins`, { name: `Plugin ${spec.key}`, price: 0, ...spec }));
}

export async function setSettings(server: Server, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  return dataOf(await admin<Record<string, unknown>>(server, 'PUT', `${CONSOLE}/settings`, values));
}

/** The service's deps over the running host, for calling jobs directly (they have no HTTP trigger). */
export function depsOf(server: Server, clock?: Clock): PluginAuthDeps {
  const r = server.runtime;
  return pluginAuthDeps(
    { client: r.client, logger: r.logger, settings: r.workloads.settings, notifications: r.notifications, baseUrl: r.config.baseUrl },
    clock,
  );
}

/** An OutboxMessage as read from the store (the kind has no definition object: it is the host's own). */
export type StoredOutboxMessage = Stored<OutboxMessageSpec, OutboxMessageStatus>;

/** Outbox messages of the auth-notification template for one user. */
export async function authNotificationsOf(server: Server, user: string, template = 'auth-notification'): Promise<StoredOutboxMessage[]> {
  const out: StoredOutboxMessage[] = [];
  for await (const m of server.runtime.client.listAll<StoredOutboxMessage>('OutboxMessage'))
    if (m.spec.template === template && m.spec.username === user && (m.spec.channel === 'INBOX' || m.spec.inbox)) out.push(m);
  return out;
}

/** A personal access token of the user (Bearer is cheaper than Basic's scrypt per request). */
export async function tokenFor(server: Server, user: string): Promise<string> {
  const res = await call<CreatedToken>(`${server.url}/apis/uc.api.host.authpay.dev/v1alpha1/personalaccesstokens`, {
    method: 'POST',
    headers: basic(user, PASSWORD),
    json: { name: `t-${user}` },
  });
  return dataOf(res).token;
}

export function withToken<T = unknown>(server: Server, token: string, method: Method, path: string, json?: unknown): Promise<Answer<T>> {
  return call<T>(`${server.url}${path}`, { method, headers: bearer(token), json });
}

/** Creates a FreeAuthCode through the generic API, made `ageMs` ago (the public endpoint comes with issue 5). */
export async function freeCode(server: Server, code: string, ageMs = 0, pluginKey?: string): Promise<void> {
  const createdAt = new Date(Date.now() - ageMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const spec = { code, createdAt, used: false, ...(pluginKey ? { pluginKey } : {}) };
  const res = await admin(server, 'POST', `${RESOURCES}/freeauthcodes`, {
    apiVersion: 'pluginauth.authpay.dev/v1alpha1',
    kind: 'FreeAuthCode',
    metadata: { name: code.toLowerCase() },
    spec,
  });
  if (res.status !== 201) throw new Error(`free code: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Seconds between an RFC 3339 time and now + offsetMs (for "now + 3 years" style checks). */
export function secondsFrom(stamp: string, offsetMs: number): number {
  return Math.abs(Date.parse(stamp) - (Date.now() + offsetMs)) / 1000;
}
