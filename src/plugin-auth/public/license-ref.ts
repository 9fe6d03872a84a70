import { BoundedCache } from '../../host/sdk/index.js';
import { recordName } from '../auth-log/record-name.js';
import { COMPACT_JWS } from '../license/jose-failure.js';
import { MAX_LICENSE_LENGTH, parseLicenseClaims, type LicenseClaims } from '../license/license-format.js';

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
