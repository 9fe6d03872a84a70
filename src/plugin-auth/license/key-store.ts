import type { JWK } from 'jose';
import type { ExtensionClient } from '../../host/client/extension-client.js';
import { AppError } from '../../host/errors/app-error.js';
import type { Resource } from '../../host/resource/types.js';
import { generateSigningKeyJwk, importSigningKey, type LicenseSigningKey } from '../domain/license/signing-key.js';

export const LICENSE_KEY_KIND = 'LicenseSigningKey';
export const LICENSE_KEY_API_VERSION = 'keys.pluginauth.authpay.dev/v1alpha1';
/** The one active key; a rotation would add a second resource and publish both in the JWKS. */
export const LICENSE_KEY_NAME = 'license-ed25519';

interface KeySpec {
  kid: string;
  privateJwk: JWK;
}
type KeyResource = Resource<KeySpec> & { spec: KeySpec };

/**
 * The service's Ed25519 license key: read from the store, or made and stored on the first start. When two
 * replicas start at once, the one that loses the create race reads the winner's key, so every replica signs
 * with the same key. The private JWK is only ever held in this process's memory and in the store.
 */
export async function loadLicenseSigningKey(client: ExtensionClient): Promise<LicenseSigningKey> {
  const existing = await client.fetch<KeyResource>(LICENSE_KEY_KIND, LICENSE_KEY_NAME);
  if (existing) return importSigningKey(existing.spec.privateJwk);
  const jwk = await generateSigningKeyJwk();
  try {
    const created = await client.create<KeyResource>({
      apiVersion: LICENSE_KEY_API_VERSION,
      kind: LICENSE_KEY_KIND,
      metadata: { name: LICENSE_KEY_NAME },
      spec: { kid: jwk.kid as string, privateJwk: jwk },
    });
    return importSigningKey(created.spec.privateJwk);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'ALREADY_EXISTS') throw err;
    const winner = await client.get<KeyResource>(LICENSE_KEY_KIND, LICENSE_KEY_NAME);
    return importSigningKey(winner.spec.privateJwk);
  }
}
