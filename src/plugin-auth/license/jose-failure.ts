/** Signature checks end in one of these when jose refuses a token. */
export type SignatureFailure = 'MALFORMED' | 'INVALID_SIGNATURE';

const WRONG_KEY_OR_SIGNATURE = new Set([
  'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
  'ERR_JWKS_NO_MATCHING_KEY',
  'ERR_JWKS_MULTIPLE_MATCHING_KEYS',
]);

/**
 * A well-formed JWS that no published key verifies is INVALID_SIGNATURE (tampered, or signed by another
 * key); everything else jose refuses (bad encoding, bad header, algorithm not allowed) is MALFORMED.
 */
export function classifyJoseFailure(err: unknown): SignatureFailure {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && WRONG_KEY_OR_SIGNATURE.has(code) ? 'INVALID_SIGNATURE' : 'MALFORMED';
}

/** Three non-empty base64url segments separated by dots. */
export const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Header and signature with the payload left out (RFC 7515 appendix F). */
export const DETACHED_JWS = /^[A-Za-z0-9_-]+\.\.[A-Za-z0-9_-]+$/;
