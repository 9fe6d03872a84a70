import { createHash } from 'node:crypto';
import { AppError, defineKind, lt, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/api-groups.js';
import type { PaymentDeps } from '../deps/payment-deps.js';

export interface PlatformNonceSpec {
  platform: string;
  expiresAt: string;
}

/** An accepted nonce of an encrypted initiation (extensions/platform-nonce.yaml). */
export const PlatformNonce = defineKind<PlatformNonceSpec>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'PlatformNonce',
  plural: 'platformnonces',
});

export type PlatformNonce = ObjectOf<typeof PlatformNonce>;

/** Nonces are kept a little longer than the timestamp window, so a replay inside the window always meets its nonce. */
const KEEP_MS = 10 * 60_000;
const SWEEP_BATCH = 100;

function nonceName(platform: string, nonce: string): string {
  return `nonce-${createHash('sha256').update(`${platform}\n${nonce}`).digest('hex').slice(0, 48)}`;
}

/**
 * Records a nonce once: the create of its name is the check, atomic in the store, so replicas share what
 * they have seen. A nonce seen before is 409 NONCE_REUSED. Expired nonces are swept on the way.
 */
export async function useNonceOnce(deps: PaymentDeps, platform: string, nonce: string): Promise<void> {
  const now = deps.clock.now();
  await sweepExpired(deps, now);
  try {
    await deps.client.create(PlatformNonce, {
      metadata: { name: nonceName(platform, nonce) },
      spec: { platform, expiresAt: new Date(now + KEEP_MS).toISOString() },
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'ALREADY_EXISTS') {
      throw new AppError('NONCE_REUSED', '请求已使用过（nonce 重复），请重新生成后再提交', {
        status: 409,
        messageEn: 'this nonce was already used; encrypt a new request with a fresh nonce',
        details: [{ field: 'nonce', message: '已使用过', messageEn: 'already used' }],
      });
    }
    throw err;
  }
}

/** Removes a batch of nonces past their keep time (a nonce that old fails the timestamp check anyway). */
async function sweepExpired(deps: PaymentDeps, now: number): Promise<void> {
  const page = await deps.client.list(PlatformNonce, {
    where: lt('spec.expiresAt', new Date(now).toISOString()),
    page: 1,
    size: SWEEP_BATCH,
  });
  for (const item of page.items) await deps.client.delete(PlatformNonce, item.metadata.name).catch(() => undefined);
}
