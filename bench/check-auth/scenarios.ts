import type { LoadRequest } from './load-generator.js';
import { targetAt } from './dataset.js';

export const PUBLIC = '/apis/api.pluginauth.authpay.dev/v1alpha1/public';

export interface LicensedTarget {
  pluginKey: string;
  authDomain: string;
  license: string;
}

const checkPath = (t: { pluginKey: string; authDomain: string }, license?: string) =>
  `${PUBLIC}/checkAuth?pluginKey=${encodeURIComponent(t.pluginKey)}&authDomain=${encodeURIComponent(t.authDomain)}`
  + (license ? `&license=${license}` : '');

/**
 * Valid records with a license the server issued: checkAuth without a license on records from the top of the
 * data set (the expired ones are at the bottom) until `count` answered VALID; each answer's license was
 * written back to its record.
 */
export async function licensedTargets(
  baseUrl: string,
  n: number,
  count: number,
  headers: Record<string, string> = {},
): Promise<LicensedTarget[]> {
  const out: LicensedTarget[] = [];
  for (let i = n - 1; i >= 0 && out.length < count; i--) {
    const target = targetAt(i);
    const res = await fetch(`${baseUrl}${checkPath(target)}`, { headers });
    const body = (await res.json()) as { data?: { code: string; license?: string } };
    if (res.status !== 200) throw new Error(`checkAuth answered ${res.status}: ${JSON.stringify(body)}`);
    if (body.data?.code === 'VALID' && body.data.license) out.push({ ...target, license: body.data.license });
  }
  return out;
}

/** Each connection walks the list in turn, so every record is asked about evenly. */
export function withLicense(targets: LicensedTarget[]): LoadRequest[] {
  return targets.map((t) => ({ path: checkPath(t, t.license) }));
}

/** The same requests with a fresh nonce each: every answer is unique and signed afresh. */
export function withLicenseAndNonce(targets: LicensedTarget[]): LoadRequest[] {
  return targets.map((t) => ({ path: checkPath(t, t.license), freshNonce: true }));
}

/** Without a license: a new license is issued and written to the record on every call (spec rule 2). */
export function withoutLicense(targets: LicensedTarget[]): LoadRequest[] {
  return targets.map((t) => ({ path: checkPath(t) }));
}

/** The first target without any Authorization header: the status tells whether the service demands a secret now. */
export async function statusWithoutSecret(baseUrl: string, targets: LicensedTarget[]): Promise<number> {
  const res = await fetch(`${baseUrl}${checkPath(targets[0], targets[0].license)}`);
  await res.arrayBuffer();
  return res.status;
}

/** Asks a few targets with their license and returns the codes (to confirm the load measured VALID answers). */
export async function spotCheck(baseUrl: string, targets: LicensedTarget[], headers: Record<string, string> = {}): Promise<string[]> {
  const codes: string[] = [];
  for (const t of targets.slice(0, 5)) {
    const body = (await (await fetch(`${baseUrl}${checkPath(t, t.license)}`, { headers })).json()) as { data: { code: string } };
    codes.push(body.data.code);
  }
  return codes;
}

/** The bare server's checkAuth-sized route, asked with the same query strings as checkAuth (a payload reference). */
export function bareSized(targets: LicensedTarget[]): LoadRequest[] {
  return targets.map((t) => ({ path: checkPath(t, t.license).replace(`${PUBLIC}/checkAuth`, '/bare-sized') }));
}
