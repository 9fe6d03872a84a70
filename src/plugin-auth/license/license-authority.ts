import type { JSONWebKeySet } from 'jose';
import { BoundedCache, type Clock } from '../../host/sdk/index.js';
import { issueLicense, type LicenseSubject } from './issue-license.js';
import { signResponseBody } from './response-signature.js';
import { publicJwks, type SigningKey } from './signing-key.js';
import { createLicenseVerifier, type LicenseCheck, type LicenseExpectation, type LicenseVerifier } from './verify-license.js';

/** Licenses whose signature was checked, kept per process. */
const VERIFIED_CAPACITY = 50_000;

/**
 * The service's license key at work: issues licenses, checks presented ones and signs checkAuth answers.
 * A license that verified once for a plugin and host verifies again without the signature check (only its
 * expiry is re-checked). Signed answers are memoized where they are made (public/signed-response.ts).
 */
export class LicenseAuthority {
  readonly jwks: JSONWebKeySet;
  private readonly verifier: LicenseVerifier;
  /** By token: what it was checked against and the check (a token is a long string; built keys would be longer). */
  private readonly verified = new BoundedCache<string, { expected: LicenseExpectation; check: Promise<LicenseCheck> }>(VERIFIED_CAPACITY);

  constructor(
    private readonly key: SigningKey,
    private readonly clock: Clock,
  ) {
    this.jwks = publicJwks([key]);
    this.verifier = createLicenseVerifier(this.jwks);
  }

  get kid(): string {
    return this.key.kid;
  }

  issue(subject: LicenseSubject): Promise<string> {
    return issueLicense(subject, this.key, this.clock);
  }

  /** verifyLicense with the service's key set; never throws. `expected.domain` must be the normalized host. */
  async check(token: string, expected: LicenseExpectation): Promise<LicenseCheck> {
    const now = this.clock.now();
    const known = this.verified.get(token);
    let pending = known && sameExpectation(known.expected, expected) ? known.check : undefined;
    if (!pending) {
      // Concurrent checks of one license share one verification (single flight); only a pass is kept.
      const check = this.verifier(token, expected, now);
      const entry = { expected: { pluginKey: expected.pluginKey, domain: expected.domain, user: expected.user }, check };
      this.verified.set(token, entry);
      const forget = () => this.verified.get(token) === entry && this.verified.delete(token);
      check.then((result) => result.valid || forget(), forget);
      pending = check;
    }
    const result = await pending;
    if (!result.valid || result.claims.exp * 1000 > now) return result;
    return { valid: false, code: 'EXPIRED', claims: result.claims };
  }

  /** Detached JWS over the body's UTF-8 bytes (domain/license/response-signature.ts). */
  sign(body: string): Promise<string> {
    return signResponseBody(body, this.key);
  }
}

function sameExpectation(a: LicenseExpectation, b: LicenseExpectation): boolean {
  return a.pluginKey === b.pluginKey && a.domain === b.domain && (a.user ?? '') === (b.user ?? '');
}
