import { base64url, CompactSign, compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { classifyJoseFailure, DETACHED_JWS, type SignatureFailure } from './jose-failure.js';
import { LICENSE_ALG, RESPONSE_SIGNATURE_TYP } from './license-format.js';
import type { SigningKey } from './signing-key.js';

/** Longest signature value accepted: a header of a few dozen bytes plus an 86-character signature. */
const MAX_SIGNATURE_LENGTH = 1024;

/**
 * Signs the exact bytes of a response body. Returns a compact JWS with detached payload (RFC 7515 appendix
 * F): `<header>..<signature>`. To check it, put base64url(body bytes) between the two dots and verify the
 * result as an ordinary compact JWS with the JWKS key named by `kid` (docs/plugin-auth-rules.md).
 */
export async function signResponseBody(rawBody: string | Uint8Array, key: SigningKey): Promise<string> {
  const jws = await new CompactSign(toBytes(rawBody))
    .setProtectedHeader({ alg: LICENSE_ALG, kid: key.kid, typ: RESPONSE_SIGNATURE_TYP })
    .sign(key.privateKey);
  const [header, , signature] = jws.split('.');
  return `${header}..${signature}`;
}

export type ResponseSignatureCheck = { valid: true; kid: string } | { valid: false; code: SignatureFailure };

export type ResponseVerifier = (rawBody: string | Uint8Array, signature: unknown) => Promise<ResponseSignatureCheck>;

/** A verifier bound to a key set. Never throws: bad input gives MALFORMED or INVALID_SIGNATURE. */
export function createResponseVerifier(jwks: JSONWebKeySet): ResponseVerifier {
  const keySet = createLocalJWKSet(jwks);
  return async (rawBody, signature) => {
    if (typeof signature !== 'string' || signature.length > MAX_SIGNATURE_LENGTH || !DETACHED_JWS.test(signature))
      return { valid: false, code: 'MALFORMED' };
    const [header, , sig] = signature.split('.');
    try {
      const { protectedHeader } = await compactVerify(`${header}.${base64url.encode(toBytes(rawBody))}.${sig}`, keySet, {
        algorithms: [LICENSE_ALG],
      });
      if (protectedHeader.typ !== RESPONSE_SIGNATURE_TYP) return { valid: false, code: 'MALFORMED' };
      return { valid: true, kid: String(protectedHeader.kid) };
    } catch (err) {
      return { valid: false, code: classifyJoseFailure(err) };
    }
  };
}

export function verifyResponseSignature(
  rawBody: string | Uint8Array,
  signature: unknown,
  jwks: JSONWebKeySet,
): Promise<ResponseSignatureCheck> {
  return createResponseVerifier(jwks)(rawBody, signature);
}

function toBytes(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? new TextEncoder().encode(body) : body;
}
