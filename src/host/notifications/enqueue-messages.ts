import crypto from 'node:crypto';
import { AppError } from '../errors/app-error.js';
import type { ExtensionClient } from '../client/extension-client.js';
import { eq } from '../store/query.js';
import { HOST_GROUP_VERSION, type OutboxMessage, type OutboxMessageSpec, type OutboxPhase, type SentMessage } from './types.js';

/** Messages written per transaction: a large bulk send commits in slices instead of one huge write. */
const SLICE = 200;

/**
 * The identity of a deduplicated message: a hash of (dedupeKey, channel, recipient), kept in the indexed
 * field spec.dedupeId. Before insert-ordered names it was also the message's name (`om-<dedupeId>`), so
 * messages queued by older versions are found by that name.
 */
export function dedupeIdOf(dedupeKey: string, channel: string, recipient: string): string {
  return crypto.createHash('sha256').update(`${dedupeKey}\u0000${channel}\u0000${recipient}`).digest('hex').slice(0, 40);
}

/** The name older versions gave a deduplicated message. */
export const legacyDedupedName = (dedupeId: string) => `om-${dedupeId}`;

let lastMs = 0;
let sequence = 0;
const PROCESS_TAG = crypto.randomBytes(4).toString('hex');

/**
 * `om-<time><sequence><process>`: names sort in insert order, so every index that ends in the name (the
 * primary key, and phase, channel and the others for their many equal values) takes new messages at its
 * end instead of on a random page. The process tag keeps replicas that write in the same millisecond apart.
 */
export function orderedMessageName(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else sequence++;
  return `om-${lastMs.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${PROCESS_TAG}`;
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
      // Two replicas chose the same name (same millisecond, sequence and process tag): run again with new names.
      if (attempt >= 3 || !(err instanceof AppError) || err.code !== 'ALREADY_EXISTS') throw err;
    }
  }
}

/**
 * "Queued once" rests on the store's transactions: the lookup and the insert run in one, and the store runs
 * write transactions one at a time (SQLite: one writer; PostgreSQL: the schema's advisory lock, in every
 * process), so no other sender can queue the same message between them.
 */
async function writeOne(client: ExtensionClient, spec: OutboxMessageSpec, phase: OutboxPhase, now: string): Promise<SentMessage> {
  const dedupeId = spec.dedupeKey ? dedupeIdOf(spec.dedupeKey, spec.channel, spec.recipient) : undefined;
  if (dedupeId) {
    const existing = await findQueued(client, dedupeId);
    if (existing) return { name: existing.metadata.name, channel: spec.channel, recipient: spec.recipient, phase: existing.status?.phase ?? 'PENDING', deduplicated: true };
  }
  const created = await client.create<OutboxMessage>({
    apiVersion: HOST_GROUP_VERSION,
    kind: 'OutboxMessage',
    metadata: { name: orderedMessageName() },
    spec: stripUndefined({ ...spec, dedupeId }),
    status: { phase, attempts: 0, nextAttemptAt: now },
  });
  return { name: created.metadata.name, channel: spec.channel, recipient: spec.recipient, phase, deduplicated: false };
}

async function findQueued(client: ExtensionClient, dedupeId: string): Promise<OutboxMessage | undefined> {
  const page = await client.list<OutboxMessage>('OutboxMessage', { where: eq('spec.dedupeId', dedupeId), limit: 1 });
  return page.items[0] ?? (await client.fetch<OutboxMessage>('OutboxMessage', legacyDedupedName(dedupeId)));
}

function stripUndefined<T extends object>(obj: T): T {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as T;
}
