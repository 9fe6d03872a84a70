import crypto from 'node:crypto';
import type { ExtensionClient } from '../client/extension-client.js';
import { AppError } from '../errors/app-error.js';
import { HOST_GROUP, HOST_VERSION } from '../resource/host-group.js';
import { defineKind } from '../resource/kind-def.js';

export const SESSION_KEY_NAME = 'session-hs256';

export const SigningKey = defineKind<{ algorithm: 'HS256'; secret: string }>({
  group: HOST_GROUP,
  version: HOST_VERSION,
  kind: 'SigningKey',
  plural: 'signingkeys',
});

/**
 * The HS256 key that signs session JWTs and binds CSRF tokens. Generated on first start and kept in the
 * store, so every replica and every restart shares it; the authorization middleware seals the kind from
 * the API. When two replicas start at once, the one that loses the create race reads the winner's key.
 */
export async function loadSessionKey(client: ExtensionClient): Promise<Uint8Array> {
  const existing = await client.fetch(SigningKey, SESSION_KEY_NAME);
  if (existing) return Buffer.from(existing.spec.secret, 'base64url');
  try {
    const created = await client.create(SigningKey, {
      metadata: { name: SESSION_KEY_NAME },
      spec: { algorithm: 'HS256', secret: crypto.randomBytes(32).toString('base64url') },
    });
    return Buffer.from(created.spec.secret, 'base64url');
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'ALREADY_EXISTS') throw err;
    const winner = await client.get(SigningKey, SESSION_KEY_NAME);
    return Buffer.from(winner.spec.secret, 'base64url');
  }
}
