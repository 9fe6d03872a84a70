import { createDecipheriv } from 'node:crypto';

/** The only resource algorithm of APIv3 notifications. */
export const RESOURCE_ALGORITHM = 'AEAD_AES_256_GCM';

const TAG_BYTES = 16;
const NONCE_BYTES = 12;

/** The `resource` object of a notification. */
export interface EncryptedResource {
  algorithm?: unknown;
  ciphertext?: unknown;
  associated_data?: unknown;
  nonce?: unknown;
  original_type?: unknown;
}

/**
 * Decrypts a notification resource: AES-256-GCM with the APIv3 key, IV = `nonce` (12 characters),
 * AAD = `associated_data` (may be empty), `ciphertext` base64 whose last 16 bytes are the tag.
 * Returns undefined when the resource is malformed or does not authenticate under our key.
 */
export function decryptResource(resource: EncryptedResource, apiV3Key: Buffer): string | undefined {
  const { algorithm, ciphertext, nonce } = resource;
  const aad = resource.associated_data ?? '';
  if (algorithm !== RESOURCE_ALGORITHM || typeof ciphertext !== 'string' || typeof nonce !== 'string' || typeof aad !== 'string') {
    return undefined;
  }
  const iv = Buffer.from(nonce, 'utf8');
  const data = Buffer.from(ciphertext, 'base64');
  if (iv.length !== NONCE_BYTES || data.length <= TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', apiV3Key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
