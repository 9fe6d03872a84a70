import { recordName } from '../../src/plugin-auth/auth-log/record-name.js';
import type { AuthLogSpec } from '../../src/plugin-auth/auth-log/types.js';
import { randomInt, seededRng } from '../lib/random.js';

/**
 * The plugin-auth benchmark's records. Record i is a pure function of i: 100 plugins, USERS users (about
 * N / USERS records each), one domain per record. The first EXPIRED records are authorized with an
 * expireTime in the past (the cleanup's work); the rest are half pending, half authorized until a future
 * date (a tenth of those permanent).
 */
export const PLUGINS = 100;
export const USERS = 10_000;
const API_VERSION = 'pluginauth.authpay.dev/v1alpha1';
const DAY = 86_400_000;

export const pluginKeyOf = (p: number) => `plugin-${String(p).padStart(3, '0')}`;
export const userOf = (u: number) => `user-${u}`;
const stamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function specAt(i: number, expired: number, now: number): AuthLogSpec {
  const rng = seededRng(i + 7);
  const spec: AuthLogSpec = {
    pluginKey: pluginKeyOf(randomInt(rng, PLUGINS)),
    authUser: userOf(randomInt(rng, USERS)),
    authDomain: `d${i.toString(36)}.example.com`,
    authStatus: 0,
  };
  const authTime = now - (30 + randomInt(rng, 700)) * DAY;
  if (i < expired) return { ...spec, authStatus: 1, authTime: stamp(authTime), expireTime: stamp(now - (1 + randomInt(rng, 29)) * DAY) };
  if (rng() < 0.5) return spec;
  const permanent = rng() < 0.1;
  return {
    ...spec,
    authStatus: 1,
    authTime: stamp(authTime),
    expireTime: permanent ? '2099-12-31T23:59:59Z' : stamp(now + (1 + randomInt(rng, 1000)) * DAY),
  };
}

export function recordAt(i: number, expired: number, now: number) {
  const spec = specAt(i, expired, now);
  return {
    apiVersion: API_VERSION,
    kind: 'SitePluginAuthLog',
    metadata: { name: recordName({ pluginKey: spec.pluginKey, domain: spec.authDomain, user: spec.authUser }) },
    spec,
  };
}
