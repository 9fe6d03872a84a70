import crypto from 'node:crypto';
import { AppError } from '../errors/app-error.js';
import type { ExtensionClient } from '../client/extension-client.js';
import { HOST_GROUP_VERSION, type OutboxMessage, type OutboxMessageSpec, type OutboxPhase, type SentMessage } from './types.js';

/** Messages written per transaction: a large bulk send commits in slices instead of one huge write. */
const SLICE = 200;

/**
 * The name of a deduplicated message is derived from (dedupeKey, channel, recipient). The store's unique
 * name is then what guarantees "queued once", also across concurrent senders and server replicas.
 */
export function dedupedName(dedupeKey: string, channel: string, recipient: string): string {
  const hash = crypto.createHash('sha256').update(`${dedupeKey}\u0000${channel}\u0000${recipient}`).digest('hex');
  return `om-${hash.slice(0, 40)}`;
}

/** Writes the outbox messages (each PENDING or WAITING_CONFIG) and reports what was queued or already there. */
export async function enqueueMessages(client: ExtensionClient, specs: OutboxMessageSpec[], phaseOf: (spec: OutboxMessageSpec) => OutboxPhase, now: string): Promise<SentMessage[]> {
  const out: SentMessage[] = [];
  for (let i = 0; i < specs.length; i += SLICE) out.push(...(await writeSlice(client, specs.slice(i, i + SLICE), phaseOf, now)));
  return out;
}

async function writeSlice(client: ExtensionClient, specs: OutboxMessageSpec[], phaseOf: (spec: OutboxMessageSpec) => OutboxPhase, now: string): Promise<SentMessage[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.transaction(async (tx) => {
        const written: SentMessage[] = [];
        for (const spec of specs) written.push(await writeOne(tx, spec, phaseOf(spec), now));
        return written;
      });
    } catch (err) {
      // A concurrent sender inserted the same deduplicated name first: run again, now it reads as a duplicate.
      if (attempt >= 3 || !(err instanceof AppError) || err.code !== 'ALREADY_EXISTS') throw err;
    }
  }
}

async function writeOne(client: ExtensionClient, spec: OutboxMessageSpec, phase: OutboxPhase, now: string): Promise<SentMessage> {
  const name = spec.dedupeKey ? dedupedName(spec.dedupeKey, spec.channel, spec.recipient) : undefined;
  if (name) {
    const existing = await client.fetch<OutboxMessage>('OutboxMessage', name);
    if (existing) return { name, channel: spec.channel, recipient: spec.recipient, phase: existing.status?.phase ?? 'PENDING', deduplicated: true };
  }
  const created = await client.create<OutboxMessage>({
    apiVersion: HOST_GROUP_VERSION,
    kind: 'OutboxMessage',
    metadata: name ? { name } : { generateName: 'om-' },
    spec: stripUndefined(spec),
    status: { phase, attempts: 0, nextAttemptAt: now },
  });
  return { name: created.metadata.name, channel: spec.channel, recipient: spec.recipient, phase, deduplicated: false };
}

function stripUndefined<T extends object>(obj: T): T {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as T;
}
