import { SecretDigest } from '../../host/sdk/index.js';

/** Bearer followed by white space, in any letter case: the form many HTTP clients send a secret in. */
const BEARER = /^bearer\s/i;

/**
 * A configured secret (apiAccessSecret, dockingAccessSecret) as the open endpoints check it on every request:
 * its digest is kept until the settings carry another value, so a check hashes only what the caller
 * presented and compares in constant time (SecretDigest). The settings snapshot is re-read when the settings
 * change (watch), and a new value here makes a new digest on the next check.
 */
export class ConfiguredSecret {
  private secret?: string;
  private digest?: SecretDigest;
  /** Whether the secret itself starts like a Bearer header (then a Bearer header may also match it bare). */
  private bearerLike = false;

  private digestOf(configured: string): SecretDigest {
    if (configured !== this.secret || !this.digest) {
      this.digest = new SecretDigest(configured);
      this.bearerLike = BEARER.test(configured);
      this.secret = configured;
    }
    return this.digest;
  }

  /** A presented value (any query or header value) against the configured secret. */
  matches(presented: unknown, configured: string): boolean {
    return typeof presented === 'string' && this.digestOf(configured).matches(presented);
  }

  /**
   * Spec: header Authorization carries the apiAccessSecret, bare or (as many HTTP clients send it) after
   * `Bearer `. A header in the Bearer form can equal the secret bare only when the secret itself starts with
   * `Bearer` and white space, so only then is it hashed twice.
   */
  carriedBy(header: string | undefined, configured: string): boolean {
    if (header === undefined) return false;
    const digest = this.digestOf(configured);
    if (!BEARER.test(header)) return digest.matches(header.trim());
    const bearer = digest.matches(header.slice(7).trim());
    const bare = this.bearerLike && digest.matches(header.trim());
    return bearer || bare;
  }
}
