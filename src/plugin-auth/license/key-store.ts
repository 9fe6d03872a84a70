import { AppError, type ExtensionClient } from '../../host/sdk/index.js';
import { generateSigningKeyJwk, importSigningKey, type SigningKey } from './signing-key.js';
import { LicenseSigningKey } from './types.js';

/** The one active key; a rotation would add a second resource and publish both in the JWKS. */
export const LICENSE_KEY_NAME = 'license-ed25519';

/**
 * The service's Ed25519 license key: read from the store, or made and stored on the first start. When two
 * replicas start at once, the one that loses the create race reads the winner's key, so every replica signs
 * with the same key. The private JWK is only ever held in this process's memory and in the store.
 */
export async function loadLicenseSigningKey(client: ExtensionClient): Promise<SigningKey> {
  const existing = await client.fetch(LicenseSigningKey, LICENSE_KEY_NAME);
  if (existing) return importSigningKey(existing.spec.privateJwk);
  const jwk = await generateSigningKeyJwk();
  try {
    const spec = { kid: jwk.kid as string, privateJwk: jwk };
    const created = await client.create(LicenseSigningKey, { metadata: { name: LICENSE_KEY_NAME }, spec });
    return importSigningKey(created.spec.privateJwk);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'ALREADY_EXISTS') throw err;
    const winner = await client.get(LicenseSigningKey, LICENSE_KEY_NAME);
    return importSigningKey(winner.spec.privateJwk);
  }
}
