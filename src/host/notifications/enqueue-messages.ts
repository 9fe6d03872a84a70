import crypto from 'node:crypto';
import { AppError } from '../errors/app-error.js';
import type { ExtensionClient } from '../client/extension-client.js';
import { outboxDedupeLock } from '../locks/lock-keys.js';
import { inValues } from '../store/query.js';
import { withoutUndefined } from './without-undefined.js';
import { OutboxMessage, type OutboxMessageSpec, type OutboxPhase, type SentMessage } from './types.js';

/** Messages written per transaction: a large bulk send commits in slices instead of one huge write. */
const SLICE = 200;

/**
 * The identity of a deduplicated message, kept in the indexed field spec.dedupeId: a hash of the dedupeKey
 * followed by a hash of (channel, recipient). The messages of one send share the first part, so their index
 * entries sit side by side and a send dirties one page of that index, not one per message.
 */
export function dedupeIdOf(dedupeKey: string, channel: string, recipient: string): string {
  return `${sha256(dedupeKey).slice(0, 30)}${sha256(`${channel}\u0000${recipient}`).slice(0, 10)}`;
}

/**
 * The (channel, recipient) a message is deduplicated by. A user's inbox e-mail message counts as that user's
 * inbox message: it stays the same message when the user's address changes between two sends.
 */
function identityParts(spec: OutboxMessageSpec): [string, string] {
  return spec.inbox && spec.username ? ['INBOX', spec.username] : [spec.channel, spec.recipient];
}

const sha256 = (text: string) => crypto.hash('sha256', text, 'hex');

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
  return `${messageNamePrefixAt(lastMs)}${sequence.toString(36).padStart(4, '0')}${PROCESS_TAG}`;
}

/** `om-<time>`: every message queued at `ms` has a name that starts so; earlier ones sort before it. */
export function messageNamePrefixAt(ms: number): string {
  return `om-${ms.toString(36).padStart(9, '0')}`;
}

/** Writes the outbox messages (each PENDING or WAITING_CONFIG) and reports what was queued or already there. */
export async function enqueueMessages(
  client: ExtensionClient,
  specs: OutboxMessageSpec[],
  phaseOf: (spec: OutboxMessageSpec) => OutboxPhase,
  now: string,
): Promise<SentMessage[]> {
  const out: SentMessage[] = [];
  for (let i = 0; i < specs.length; i += SLICE) out.push(...(await writeSlice(client, specs.slice(i, i + SLICE), phaseOf, now)));
  return out;
}

async function writeSlice(
  client: ExtensionClient,
  specs: OutboxMessageSpec[],
  phaseOf: (spec: OutboxMessageSpec) => OutboxPhase,
  now: string,
): Promise<SentMessage[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.transaction(async (tx) => {
        const ids = specs.map((spec) => (spec.dedupeKey ? dedupeIdOf(spec.dedupeKey, ...identityParts(spec)) : undefined));
        await tx.lock(...ids.filter((id): id is string => id !== undefined).map(outboxDedupeLock));
        const queued = await findQueued(
          tx,
          ids.filter((id): id is string => id !== undefined),
        );
        const written: SentMessage[] = [];
        for (const [i, spec] of specs.entries()) written.push(...(await writeOne(tx, spec, ids[i], queued, phaseOf(spec), now)));
        return written;
      });
    } catch (err) {
      // Two replicas chose the same name (same millisecond, sequence and process tag): run again with new names.
      if (attempt >= 3 || !(err instanceof AppError) || err.code !== 'ALREADY_EXISTS') throw err;
    }
  }
}

/**
 * "Queued once" rests on the store's transactions: the lookup and the inserts run in one, holding the lock
 * of every dedupeId of the slice (outboxDedupeLock, taken together in sorted order), so no other sender, in
 * any process, can queue the same message between them. A message written here is added to
 * `queued`, so a slice that names the same message twice writes it once.
 */
async function writeOne(
  client: ExtensionClient,
  spec: OutboxMessageSpec,
  dedupeId: string | undefined,
  queued: Map<string, OutboxMessage>,
  phase: OutboxPhase,
  now: string,
): Promise<SentMessage[]> {
  const existing = dedupeId ? queued.get(dedupeId) : undefined;
  if (existing) return sentEntries(existing, true);
  const created = await client.create(OutboxMessage, {
    metadata: { name: orderedMessageName() },
    spec: withoutUndefined({ ...spec, dedupeId }),
    status: { phase, attempts: 0, nextAttemptAt: now },
  });
  if (dedupeId) queued.set(dedupeId, created);
  return sentEntries(created, false);
}

/** What a send reports of a message: one entry per channel it reaches (an inbox e-mail message has two). */
function sentEntries(message: OutboxMessage, deduplicated: boolean): SentMessage[] {
  const { spec, status, metadata } = message;
  const sent: SentMessage = {
    name: metadata.name,
    channel: spec!.channel,
    recipient: spec!.recipient,
    phase: status?.phase ?? 'PENDING',
    deduplicated,
  };
  if (!spec!.inbox || !spec!.username) return [sent];
  return [{ ...sent, channel: 'INBOX', recipient: spec!.username, phase: status?.inboxAt ? 'SENT' : 'PENDING' }, sent];
}

/** The messages already queued under these dedupeIds (one read for a whole slice, not one per message). */
async function findQueued(client: ExtensionClient, ids: string[]): Promise<Map<string, OutboxMessage>> {
  const found = new Map<string, OutboxMessage>();
  if (!ids.length) return found;
  for (const m of (await client.list(OutboxMessage, { where: inValues('spec.dedupeId', [...new Set(ids)]) })).items)
    found.set(m.spec!.dedupeId!, m);
  return found;
}
