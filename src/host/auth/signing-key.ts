import crypto from 'node:crypto';
import type { ExtensionClient } from '../client/extension-client.js';
import { AppError } from '../errors/app-error.js';
import type { Resource } from '../resource/types.js';

export const SIGNING_KEY_KIND = 'SigningKey';
export const SESSION_KEY_NAME = 'session-hs256';

type SigningKey = Resource<{ algorithm: 'HS256'; secret: string }> & { spec: { algorithm: 'HS256'; secret: string } };

/**
 * The HS256 key that signs session JWTs and binds CSRF tokens. Generated on first start and kept in the
 * store, so every replica and every restart shares it; the authorization middleware seals the kind from
 * the API. When two replicas start at once, the one that loses the create race reads the winner's key.
 */
export async function loadSessionKey(client: ExtensionClient): Promise<Uint8Array> {
  const existing = await client.fetch<SigningKey>(SIGNING_KEY_KIND, SESSION_KEY_NAME);
  if (existing) return Buffer.from(existing.spec.secret, 'base64url');
  try {
    const created = await client.create<SigningKey>({
      apiVersion: 'host.authpay.dev/v1alpha1',
      kind: SIGNING_KEY_KIND,
      metadata: { name: SESSION_KEY_NAME },
      spec: { algorithm: 'HS256', secret: crypto.randomBytes(32).toString('base64url') },
    });
    return Buffer.from(created.spec.secret, 'base64url');
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'ALREADY_EXISTS') throw err;
    const winner = await client.get<SigningKey>(SIGNING_KEY_KIND, SESSION_KEY_NAME);
    return Buffer.from(winner.spec.secret, 'base64url');
  }
}
