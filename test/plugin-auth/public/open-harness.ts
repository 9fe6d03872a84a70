import { compactVerify, createLocalJWKSet, base64url, type JSONWebKeySet } from 'jose';
import { CONSOLE, admin, call, dataOf, type Answer, type Server } from '../harness.js';

export const OPEN = '/apis/api.pluginauth.authpay.dev/v1alpha1';
export const PUBLIC = `${OPEN}/public`;

/** An anonymous GET of a public endpoint with query parameters (and optional headers). */
export function publicGet(
  server: Server,
  endpoint: string,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Answer> {
  return call(`${server.url}${PUBLIC}/${endpoint}?${new URLSearchParams(query)}`, { headers });
}

/** The raw body text and signature header of a checkAuth answer (the signature covers these exact bytes). */
export async function rawCheckAuth(
  server: Server,
  query: Record<string, string>,
): Promise<{ status: number; text: string; signature: string | null; body: any }> {
  const res = await fetch(`${server.url}${PUBLIC}/checkAuth?${new URLSearchParams(query)}`);
  const text = await res.text();
  return { status: res.status, text, signature: res.headers.get('x-authpay-signature'), body: JSON.parse(text) };
}

export async function jwksOf(server: Server): Promise<JSONWebKeySet> {
  const res = await publicGet(server, 'jwks');
  if (res.status !== 200) throw new Error(`jwks: ${res.status}`);
  return res.body as JSONWebKeySet;
}

/** docs/license-verification.md, step 2: a checkAuth answer's signature, checked offline. */
export async function verifyAnswer(jwks: JSONWebKeySet, rawBodyText: string, signature: string): Promise<void> {
  const [h, , s] = signature.split('.');
  await compactVerify(`${h}.${base64url.encode(rawBodyText)}.${s}`, createLocalJWKSet(jwks), { algorithms: ['EdDSA'] });
}

/** The record of one triple as the console lists it. */
export async function recordOf(server: Server, pluginKey: string, authUser: string, authDomain: string): Promise<any> {
  const items = dataOf(await admin(server, 'GET', `${CONSOLE}/authlogs?pluginKey=${pluginKey}&authUser=${authUser}&size=100`))
    .items as any[];
  return items.find((r) => r.spec.authDomain === authDomain);
}

/** Creates a record through the console (authorized with times when authStatus is 1 and none are given). */
export async function createRecord(server: Server, spec: Record<string, unknown>): Promise<any> {
  return dataOf(await admin(server, 'POST', `${CONSOLE}/authlogs`, spec));
}
