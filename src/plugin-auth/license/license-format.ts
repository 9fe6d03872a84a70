/** Value of the `iss` claim of every license. */
export const LICENSE_ISSUER = 'authpay';
/** JWS algorithm of licenses and response signatures: EdDSA over Ed25519 (RFC 8037). */
export const LICENSE_ALG = 'EdDSA';
/** `typ` header of a license; a response signature carries another, so neither passes for the other. */
export const LICENSE_TYP = 'authpay-license+jwt';
export const RESPONSE_SIGNATURE_TYP = 'authpay-response+jws';
/** Suggested HTTP header carrying a response signature. */
export const RESPONSE_SIGNATURE_HEADER = 'X-AuthPay-Signature';
/** Longest license accepted for checking; the SitePluginAuthLog schema stores at most 8192 characters. */
export const MAX_LICENSE_LENGTH = 8192;

/** The claims of a license (a JWT signed as a compact JWS). */
export interface LicenseClaims {
  iss: string;
  /** the authorized user */
  sub: string;
  /** the plugin key */
  aud: string;
  /** the normalized host */
  domain: string;
  /** issued at, seconds since the epoch */
  iat: number;
  /** expiry, seconds since the epoch (2099-12-31T23:59:59Z for permanent authorization) */
  exp: number;
  /** unique id of this license, so a replaced license differs from its successor */
  jti: string;
}

/** The claims if the payload is a JSON object with every field of the right type, else undefined. */
export function parseLicenseClaims(payload: Uint8Array): LicenseClaims | undefined {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payload));
  } catch {
    return undefined;
  }
  return isLicenseClaims(value) ? value : undefined;
}

function isLicenseClaims(value: unknown): value is LicenseClaims {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  const strings = ['iss', 'sub', 'aud', 'domain', 'jti'].every((k) => typeof c[k] === 'string');
  const numbers = ['iat', 'exp'].every((k) => Number.isInteger(c[k]));
  return strings && numbers;
}
