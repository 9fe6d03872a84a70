import { compactVerify, createLocalJWKSet, base64url, type JSONWebKeySet } from 'jose';
import type { Envelope } from '../../host/auth/harness.js';
import type { CheckAuthAnswer } from '../../../src/plugin-auth/public/check-auth.js';
import {
  CONSOLE,
  admin,
  call,
  dataOf,
  documentOf,
  type Answer,
  type AuthLog,
  type AuthLogView,
  type ListResult,
  type Server,
} from '../harness.js';

export const OPEN = '/apis/api.pluginauth.authpay.dev/v1alpha1';
export const PUBLIC = `${OPEN}/public`;

/** Query parameters of a public endpoint. */
export type PublicQuery = Record<string, string>;

/** An anonymous GET of a public endpoint with query parameters (and optional headers). */
export function publicGet<T = unknown>(
  server: Server,
  endpoint: string,
  query: PublicQuery = {},
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  return call<T>(`${server.url}${PUBLIC}/${endpoint}?${new URLSearchParams(query)}`, { headers });
}

/** The raw body text and signature header of a checkAuth answer (the signature covers these exact bytes). */
export async function rawCheckAuth(
  server: Server,
  query: Record<string, string>,
): Promise<{ status: number; text: string; signature: string | null; body: Envelope<CheckAuthAnswer> }> {
  const res = await fetch(`${server.url}${PUBLIC}/checkAuth?${new URLSearchParams(query)}`);
  const text = await res.text();
  return {
    status: res.status,
    text,
    signature: res.headers.get('x-authpay-signature'),
    body: JSON.parse(text) as Envelope<CheckAuthAnswer>,
  };
}

export async function jwksOf(server: Server, headers: Record<string, string> = {}): Promise<JSONWebKeySet> {
  const res = await publicGet(server, 'jwks', {}, headers);
  if (res.status !== 200) throw new Error(`jwks: ${res.status}`);
  return documentOf<JSONWebKeySet>(res);
}

/** docs/license-verification.md, step 2: a checkAuth answer's signature, checked offline. */
export async function verifyAnswer(jwks: JSONWebKeySet, rawBodyText: string, signature: string): Promise<void> {
  const [h, , s] = signature.split('.');
  await compactVerify(`${h}.${base64url.encode(rawBodyText)}.${s}`, createLocalJWKSet(jwks), { algorithms: ['EdDSA'] });
}

/** The record of one triple as the console lists it. */
export async function recordOf(server: Server, pluginKey: string, authUser: string, authDomain: string): Promise<AuthLogView> {
  const { items } = dataOf(
    await admin<ListResult<AuthLogView>>(server, 'GET', `${CONSOLE}/authlogs?pluginKey=${pluginKey}&authUser=${authUser}&size=100`),
  );
  const record = items.find((r) => r.spec.authDomain === authDomain);
  if (!record) throw new Error(`no record of ${pluginKey} for ${authUser} on ${authDomain}`);
  return record;
}

/** Creates a record through the console (authorized with times when authStatus is 1 and none are given). */
export async function createRecord(server: Server, spec: Record<string, unknown>): Promise<AuthLog> {
  return dataOf(await admin<AuthLog>(server, 'POST', `${CONSOLE}/authlogs`, spec));
}
