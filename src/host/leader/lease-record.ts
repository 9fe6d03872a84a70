import type { ExtensionClient } from '../client/extension-client.js';
import { nowTimestamp } from '../resource/time.js';
import { HOST_GROUP, HOST_VERSION } from '../resource/host-group.js';
import { defineKind } from '../resource/kind-def.js';

export const LEADER_LEASE_NAME = 'authpay-leader';

interface LeaseSpec {
  holderIdentity?: string;
  acquireTime?: string;
  renewTime?: string;
  leaseTransitions?: number;
  backend?: string;
}

export const Lease = defineKind<LeaseSpec>({ group: HOST_GROUP, version: HOST_VERSION, kind: 'Lease', plural: 'leases' });

/**
 * Writes who leads into the Lease resource, for people and the console. Informational only: the lock (or
 * the single process) decides; a stale Lease after a crash is corrected by the next leader.
 */
export async function recordLeadership(client: ExtensionClient, identity: string, backend: string): Promise<void> {
  const now = nowTimestamp();
  const current = await client.fetch(Lease, LEADER_LEASE_NAME);
  if (!current) {
    const spec: LeaseSpec = { holderIdentity: identity, acquireTime: now, renewTime: now, leaseTransitions: 0, backend };
    await client.create(Lease, { metadata: { name: LEADER_LEASE_NAME }, spec });
    return;
  }
  const transitions = (current.spec?.leaseTransitions ?? 0) + (current.spec?.holderIdentity === identity ? 0 : 1);
  const spec: LeaseSpec = { holderIdentity: identity, acquireTime: now, renewTime: now, leaseTransitions: transitions, backend };
  await client.patch(Lease, LEADER_LEASE_NAME, { spec });
}
