import crypto from 'node:crypto';
import type { Resource } from '../../src/host/resource/types.js';
import { randomInt, seededRng } from '../lib/random.js';

/**
 * The benchmark's SitePluginAuthLog data set. Object i is a pure function of i (seeded per index), so the
 * loader streams objects without keeping them and the query phase can regenerate any name.
 *
 * Shape: 100 plugins; N/4 users (about four records each); one distinct domain per record; half the
 * records authorized (of those a tenth permanent), each with a license of realistic length (~330 chars).
 */
export const PLUGIN_COUNT = 100;
const API_VERSION = 'pluginauth.authpay.dev/v1alpha1';
const DAY = 86_400_000;
const EPOCH = Date.UTC(2026, 0, 1);

export interface AuthLogSpec {
  pluginKey: string;
  authUser: string;
  authDomain: string;
  authStatus: 0 | 1;
  authTime?: string;
  expireTime?: string;
  license?: string;
}

export function pluginKeyOf(p: number): string {
  return `plugin-${String(p).padStart(3, '0')}`;
}

/** DESIGN: {pluginKey}-{host}-{user} made DNS-safe plus a short hash of the exact triple. */
export function recordName(spec: Pick<AuthLogSpec, 'pluginKey' | 'authUser' | 'authDomain'>): string {
  const hash = crypto.createHash('sha1').update(`${spec.pluginKey}\n${spec.authDomain}\n${spec.authUser}`).digest('hex').slice(0, 8);
  const safe = `${spec.pluginKey}-${spec.authDomain}-${spec.authUser}`.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  return `${safe.slice(0, 200)}-${hash}`;
}

function licenseOf(i: number): string {
  const part = (seed: string, bytes: number) => crypto.createHash('sha512').update(seed).digest().subarray(0, bytes).toString('base64url');
  return `eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.${part(`p${i}`, 64)}${part(`q${i}`, 64)}${part(`r${i}`, 48)}.${part(`s${i}`, 64)}`;
}

export function specAt(i: number, n: number): AuthLogSpec {
  const rng = seededRng(i + 1);
  const plugin = randomInt(rng, PLUGIN_COUNT);
  const user = randomInt(rng, Math.max(1, Math.floor(n / 4)));
  const spec: AuthLogSpec = {
    pluginKey: pluginKeyOf(plugin),
    authUser: `user-${user}`,
    authDomain: `d${i.toString(36)}.example.com`,
    authStatus: rng() < 0.5 ? 1 : 0,
  };
  if (spec.authStatus === 1) {
    const authTime = EPOCH + randomInt(rng, 365) * DAY;
    spec.authTime = new Date(authTime).toISOString().replace('.000Z', 'Z');
    spec.expireTime =
      rng() < 0.1 ? '2099-12-31T23:59:59Z' : new Date(authTime + (30 + randomInt(rng, 1065)) * DAY).toISOString().replace('.000Z', 'Z');
    spec.license = licenseOf(i);
  }
  return spec;
}

export function objectAt(i: number, n: number): Resource {
  const spec = specAt(i, n);
  return { apiVersion: API_VERSION, kind: 'SitePluginAuthLog', metadata: { name: recordName(spec) }, spec };
}

export function nameAt(i: number, n: number): string {
  return recordName(specAt(i, n));
}
