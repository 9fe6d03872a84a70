import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { AppError } from '../../host/sdk/index.js';

const generate = promisify(generateKeyPair);

/** RSA 2048: signs notifyUrl deliveries (RSA-SHA256) and serves the encrypted initiation (RSA-OAEP-256). */
export const INTERFACE_KEY_BITS = 2048;

export interface InterfaceKeyPair {
  /** PKCS#8 PEM. */
  privateKeyPem: string;
  /** SPKI PEM, handed to business systems. */
  publicKeyPem: string;
}

/** A fresh key pair (node:crypto, generated off the event loop). */
export async function generateInterfaceKeys(): Promise<InterfaceKeyPair> {
  const { privateKey, publicKey } = await generate('rsa', { modulusLength: INTERFACE_KEY_BITS });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }) as string,
  };
}

const parsed = new Map<string, KeyObject>();

/** The configured private key, parsed once per distinct value; INTERFACE_KEY_MISSING when none is set. */
export function interfacePrivateKey(pem: string | undefined): KeyObject {
  if (!pem)
    throw new AppError('INTERFACE_KEY_MISSING', '接口密钥未配置', {
      status: 409,
      messageEn: 'the interface RSA key pair is not configured; generate it in the console',
    });
  let key = parsed.get(pem);
  if (!key) {
    key = createPrivateKey(pem);
    parsed.clear(); // one installation has one key; keep no stale copies
    parsed.set(pem, key);
  }
  return key;
}

/** The public key of a private key, as SPKI PEM (used when only the private key was pasted). */
export function publicKeyOf(privateKeyPem: string): string {
  return createPublicKey(interfacePrivateKey(privateKeyPem)).export({ type: 'spki', format: 'pem' }) as string;
}
