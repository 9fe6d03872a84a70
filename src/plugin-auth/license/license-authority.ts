import type { JSONWebKeySet } from 'jose';
import { issueLicense, type LicenseSubject } from '../domain/license/issue-license.js';
import { signResponseBody } from '../domain/license/response-signature.js';
import { publicJwks, type LicenseSigningKey } from '../domain/license/signing-key.js';
import { createLicenseVerifier, type LicenseCheck, type LicenseExpectation, type LicenseVerifier } from '../domain/license/verify-license.js';
import type { Clock } from '../domain/time/clock.js';
import { BoundedCache } from './bounded-cache.js';

/** Licenses whose signature was checked, and bodies whose signature was made, kept per process. */
const VERIFIED_CAPACITY = 50_000;
const SIGNED_CAPACITY = 10_000;
/** Bodies longer than this are signed afresh rather than memoized. */
const MAX_MEMO_BODY = 4096;

type ValidCheck = Extract<LicenseCheck, { valid: true }>;

/**
 * The service's license key at work: issues licenses, checks presented ones and signs checkAuth answers.
 * Two memos keep the hot path cheap without changing any answer: a license that verified once for a plugin
 * and host verifies again (only its expiry is re-checked), and Ed25519 signatures are deterministic, so
 * identical body bytes get the signature computed the first time.
 */
export class LicenseAuthority {
  readonly jwks: JSONWebKeySet;
  private readonly verifier: LicenseVerifier;
  private readonly verified = new BoundedCache<string, ValidCheck>(VERIFIED_CAPACITY);
  private readonly signed = new BoundedCache<string, string>(SIGNED_CAPACITY);

  constructor(
    private readonly key: LicenseSigningKey,
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
    const now = this.clock();
    const memoKey = `${expected.pluginKey}\n${expected.domain}\n${expected.user ?? ''}\n${token}`;
    const hit = this.verified.get(memoKey);
    if (hit) return hit.claims.exp * 1000 > now ? hit : { valid: false, code: 'EXPIRED', claims: hit.claims };
    const result = await this.verifier(token, expected, now);
    if (result.valid) this.verified.set(memoKey, result);
    return result;
  }

  /** Detached JWS over the exact body bytes (domain/license/response-signature.ts). */
  async sign(body: Buffer, memoize: boolean): Promise<string> {
    if (!memoize || body.length > MAX_MEMO_BODY) return signResponseBody(body, this.key);
    const memoKey = body.toString('latin1');
    const hit = this.signed.get(memoKey);
    if (hit) return hit;
    const signature = await signResponseBody(body, this.key);
    this.signed.set(memoKey, signature);
    return signature;
  }
}
