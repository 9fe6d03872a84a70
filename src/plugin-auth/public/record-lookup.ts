import type { ExtensionClient } from '../../host/client/extension-client.js';
import { and, eq } from '../../host/store/query.js';
import { parseTimestamp } from '../../host/resource/time.js';
import { isExpiredForCleanup } from '../domain/auth-log/cleanup-rule.js';
import { recordName } from '../domain/auth-log/record-name.js';
import { COMPACT_JWS } from '../domain/license/jose-failure.js';
import { MAX_LICENSE_LENGTH, parseLicenseClaims, type LicenseClaims } from '../domain/license/license-format.js';
import { wholeSecond } from '../domain/time/clock.js';
import { AUTH_LOG } from '../shared/kinds.js';
import { BoundedCache } from '../../host/cache/bounded-cache.js';
import type { AuthLog } from '../shared/types.js';

/** What a record says about a domain right now, in checkAuth's codes. */
export type RecordState = 'VALID' | 'NOT_FOUND' | 'PENDING' | 'EXPIRED';

/** More records than this for one plugin and host (one per user) are not looked at. */
const MAX_RECORDS_PER_DOMAIN = 50;
/** What a license-shaped token says, unverified, and the name of the record its claims point to. */
export interface LicenseRef {
  claims: LicenseClaims;
  recordName: string;
}

/** Pure functions of their input, memoized for the hot path (bounded: callers choose the input). */
const licenseMemo = new BoundedCache<string, LicenseRef>(50_000);
/** A license of this service is about 450 characters. */
const MAX_MEMO_TOKEN = 1024;

/**
 * VALID: authorized and not past expireTime. EXPIRED: authorized with an empty or past expireTime (the
 * cleanup rule), or already moved to 0 by the cleanup (which keeps the past expireTime). PENDING: 0 otherwise.
 */
export function stateOf(record: AuthLog | undefined, now: number): RecordState {
  if (!record) return 'NOT_FOUND';
  const { spec } = record;
  if (spec.authStatus === 1) return isExpiredForCleanup(spec, now) ? 'EXPIRED' : 'VALID';
  const expires = parseTimestamp(spec.expireTime);
  return expires !== undefined && expires < wholeSecond(now) ? 'EXPIRED' : 'PENDING';
}

/**
 * A license's claims read WITHOUT checking its signature, and the deterministic name of the record they
 * point to: only to find that record. Nothing is trusted from it until the license equals the record's and
 * verifies.
 */
export function licenseRef(token: string): LicenseRef | undefined {
  const known = licenseMemo.get(token);
  if (known) return known;
  if (token.length > MAX_LICENSE_LENGTH || !COMPACT_JWS.test(token)) return undefined;
  const claims = parseLicenseClaims(Buffer.from(token.slice(token.indexOf('.') + 1, token.lastIndexOf('.')), 'base64url'));
  if (!claims || !claims.sub) return undefined;
  const ref = { claims, recordName: recordName({ pluginKey: claims.aud, domain: claims.domain, user: claims.sub }) };
  // Only license-shaped tokens of a license's size are kept, so junk cannot fill the memo with large strings.
  if (token.length <= MAX_MEMO_TOKEN) licenseMemo.set(token, ref);
  return ref;
}

/** The record of (plugin, host, user) by its name: one primary-key read. */
export async function recordOf(client: ExtensionClient, pluginKey: string, host: string, user: string): Promise<AuthLog | undefined> {
  return user ? client.fetch<AuthLog>(AUTH_LOG, recordName({ pluginKey, domain: host, user })) : undefined;
}

/**
 * The record that speaks for a plugin and host when no user is known: of the host's records (one per user,
 * read on the authDomain index), a valid one with the latest expiry, else an expired one, else a pending one.
 */
export async function recordForDomain(client: ExtensionClient, pluginKey: string, host: string, now: number): Promise<AuthLog | undefined> {
  const page = await client.list<AuthLog>(AUTH_LOG, { where: and(eq('spec.authDomain', host), eq('spec.pluginKey', pluginKey)), limit: MAX_RECORDS_PER_DOMAIN });
  const rank: Record<RecordState, number> = { VALID: 3, EXPIRED: 2, PENDING: 1, NOT_FOUND: 0 };
  let best: AuthLog | undefined;
  for (const record of page.items) {
    const diff = rank[stateOf(record, now)] - rank[stateOf(best, now)];
    if (diff > 0 || (diff === 0 && (record.spec.expireTime ?? '') > (best?.spec.expireTime ?? ''))) best = record;
  }
  return best;
}
