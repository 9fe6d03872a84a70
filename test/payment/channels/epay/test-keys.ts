import { generateKeyPairSync, type KeyObject } from 'node:crypto';

export interface TestRsaPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
  privatePkcs8Pem: string;
  publicSpkiPem: string;
  /** Bare base64 bodies, as the epay console shows keys. */
  privatePkcs8Base64: string;
  publicSpkiBase64: string;
}

function rsaPair(): TestRsaPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePkcs8Pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const publicSpkiPem = publicKey.export({ type: 'spki', format: 'pem' }) as string;
  return {
    privateKey,
    publicKey,
    privatePkcs8Pem,
    publicSpkiPem,
    privatePkcs8Base64: (privateKey.export({ type: 'pkcs8', format: 'der' }) as Buffer).toString('base64'),
    publicSpkiBase64: (publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64'),
  };
}

/** epay V2 test keys, generated per run: the merchant's pair and the platform's. */
export const MERCHANT = rsaPair();
export const PLATFORM = rsaPair();
export const PID = '1001';
/** epay V1 test key (32 characters like the keys epay issues). */
export const V1_KEY = 'Tk9pZ3JhbmRtYXJrZXQxMjM0NTY3ODkw';
