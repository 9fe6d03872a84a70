import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { systemClock, type Clock } from '../../host/sdk/index.js';
import { tryParseDomain } from '../domain-name/normalize-domain.js';
import { classifyJoseFailure, COMPACT_JWS } from './jose-failure.js';
import { LICENSE_ALG, LICENSE_ISSUER, LICENSE_TYP, MAX_LICENSE_LENGTH, parseLicenseClaims, type LicenseClaims } from './license-format.js';

/** What the caller expects the license to be for. */
export interface LicenseExpectation {
  pluginKey: string;
  /** Raw or normalized host. */
  domain: string;
  /** When given, the license must also name this user. */
  user?: string;
}

export type LicenseCheckFailure = 'MALFORMED' | 'INVALID_SIGNATURE' | 'LICENSE_MISMATCH' | 'EXPIRED';

/**
 * Outcome of checking a license. MALFORMED: not a compact JWS, or not a license (wrong typ, claims missing);
 * INVALID_SIGNATURE: no published key verifies it (tampered or foreign key); LICENSE_MISMATCH: valid, but for
 * another plugin, domain or user; EXPIRED: valid and matching, but past exp. Mismatch wins over expiry.
 */
export type LicenseCheck =
  { valid: true; code: 'VALID'; claims: LicenseClaims } | { valid: false; code: LicenseCheckFailure; claims?: LicenseClaims };

export type LicenseVerifier = (token: unknown, expected: LicenseExpectation, now: number) => Promise<LicenseCheck>;

/** A verifier bound to a key set (keys imported once and cached by jose). Never throws for any token. */
export function createLicenseVerifier(jwks: JSONWebKeySet): LicenseVerifier {
  const keySet = createLocalJWKSet(jwks);
  return async (token, expected, now) => {
    if (typeof token !== 'string' || token.length > MAX_LICENSE_LENGTH || !COMPACT_JWS.test(token))
      return { valid: false, code: 'MALFORMED' };
    let verified;
    try {
      verified = await compactVerify(token, keySet, { algorithms: [LICENSE_ALG] });
    } catch (err) {
      return { valid: false, code: classifyJoseFailure(err) };
    }
    const claims = parseLicenseClaims(verified.payload);
    if (verified.protectedHeader.typ !== LICENSE_TYP || !claims || claims.iss !== LICENSE_ISSUER)
      return { valid: false, code: 'MALFORMED' };
    if (!matches(claims, expected)) return { valid: false, code: 'LICENSE_MISMATCH', claims };
    if (claims.exp * 1000 <= now) return { valid: false, code: 'EXPIRED', claims };
    return { valid: true, code: 'VALID', claims };
  };
}

/** One-off check; a service checking many licenses keeps one createLicenseVerifier instead. */
export function verifyLicense(
  token: unknown,
  jwks: JSONWebKeySet,
  expected: LicenseExpectation,
  clock: Clock = systemClock,
): Promise<LicenseCheck> {
  return createLicenseVerifier(jwks)(token, expected, clock.now());
}

function matches(claims: LicenseClaims, expected: LicenseExpectation): boolean {
  const domain = tryParseDomain(expected.domain)?.host;
  if (claims.aud !== expected.pluginKey || claims.domain !== domain) return false;
  return expected.user === undefined || claims.sub === expected.user;
}
