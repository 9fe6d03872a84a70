import type { KeyObject } from 'node:crypto';
import type { ErrorDetail } from '../../../host/sdk/index.js';
import { misconfigured, rawObject, requiredText, validateEpayCommon, type EpayCommonOptions } from '../epay/index.js';
import { loadRsaPrivateKey, loadRsaPublicKey } from '../crypto/rsa-keys.js';

/** Validated AGGREGATOR_3 (epay V2) options with the keys loaded once. */
export interface EpayV2Options extends EpayCommonOptions {
  /** Signs our requests. */
  merchantPrivateKey: KeyObject;
  /** Verifies the platform's answers and notifications. */
  platformPublicKey: KeyObject;
}

/**
 * Checks raw settings: gateway, pid, merchantPrivateKey (PKCS#8/PKCS#1 PEM or the bare base64 the epay
 * console shows; RSA ≥ 2048 bits), platformPublicKey (SPKI/PKCS#1 PEM or bare base64), and the shared
 * flags. Throws CHANNEL_MISCONFIGURED naming every bad field; key material is never echoed.
 */
export function validateAggregator3Options(input: unknown): EpayV2Options {
  const raw = rawObject(input);
  const problems: ErrorDetail[] = [];
  const common = validateEpayCommon(raw, problems);
  const merchantPrivateKey = loadKey(raw, 'merchantPrivateKey', loadRsaPrivateKey, problems);
  const platformPublicKey = loadKey(raw, 'platformPublicKey', loadPublicOnly, problems);
  if (problems.length > 0) throw misconfigured('AGGREGATOR_3', problems);
  return { ...common, merchantPrivateKey: merchantPrivateKey!, platformPublicKey: platformPublicKey! };
}

/** The platform key field is not secret: a private key pasted into it (which would yield its public half) is refused. */
function loadPublicOnly(text: string): KeyObject {
  if (/PRIVATE KEY/.test(text)) throw new Error('this is a private key; paste the platform public key');
  return loadRsaPublicKey(text);
}

function loadKey(
  raw: Record<string, unknown>,
  field: string,
  load: (text: string) => KeyObject,
  problems: ErrorDetail[],
): KeyObject | undefined {
  const text = requiredText(raw, field, problems);
  if (!text) return undefined;
  try {
    return load(text);
  } catch (err) {
    // The loaders' messages describe the key's shape (PEM, base64, bits), never its content.
    problems.push({ field, message: `${field} is not a usable RSA key: ${(err as Error).message}`, reason: 'KEY' });
    return undefined;
  }
}
