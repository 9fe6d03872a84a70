import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JSONWebKeySet, type JWK } from 'jose';
import { AppError } from '../../host/sdk/index.js';
import { LICENSE_ALG } from './license-format.js';

/** The service's Ed25519 key, ready to sign licenses and responses. */
export interface SigningKey {
  /** RFC 7638 thumbprint of the public key; the `kid` of every signature and of the JWKS entry. */
  kid: string;
  privateKey: CryptoKey;
  /** Public part only (kty, crv, x) with kid, alg and use. */
  publicJwk: JWK;
}

/** A new key pair as a private JWK (with kid, alg and use), the form the service stores as a resource. */
export async function generateSigningKeyJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(LICENSE_ALG, { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await thumbprint(jwk), alg: LICENSE_ALG, use: 'sig' };
}

/**
 * Loads a stored private JWK. Refuses (AppError INVALID_SIGNING_KEY) anything that is not an Ed25519 private
 * key, a kid that is not the key's thumbprint, and a d that does not belong to x (WebCrypto checks that on import).
 */
export async function importSigningKey(privateJwk: JWK): Promise<SigningKey> {
  const { kty, crv, x, d } = privateJwk;
  if (kty !== 'OKP' || crv !== 'Ed25519' || typeof x !== 'string' || typeof d !== 'string') {
    throw invalidKey('not an Ed25519 private JWK');
  }
  const kid = await thumbprint(privateJwk);
  if (privateJwk.kid !== undefined && privateJwk.kid !== kid) throw invalidKey('kid is not the key thumbprint');
  const publicJwk: JWK = { kty, crv, x, kid, alg: LICENSE_ALG, use: 'sig' };
  const privateKey = await importPrivate({ kty, crv, x, d });
  return { kid, privateKey, publicJwk };
}

/** WebCrypto refuses some bad keys itself (a d that does not match x); report those like the others. */
async function importPrivate(jwk: JWK): Promise<CryptoKey> {
  try {
    return (await importJWK(jwk, LICENSE_ALG)) as CryptoKey;
  } catch {
    throw invalidKey('the key material cannot be imported (does the private part match the public part?)');
  }
}

/** The public key set published for plugins (several keys while one is being rotated out). */
export function publicJwks(keys: ReadonlyArray<Pick<SigningKey, 'publicJwk'>>): JSONWebKeySet {
  return { keys: keys.map((key) => ({ ...key.publicJwk })) };
}

function thumbprint(jwk: JWK): Promise<string> {
  return calculateJwkThumbprint({ kty: jwk.kty, crv: jwk.crv, x: jwk.x }, 'sha256');
}

function invalidKey(reason: string): AppError {
  return new AppError('INVALID_SIGNING_KEY', `许可证签名密钥无效：${reason}`, {
    status: 500,
    messageEn: `invalid license signing key: ${reason}`,
  });
}
