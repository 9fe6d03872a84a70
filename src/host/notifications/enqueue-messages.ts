import crypto from 'node:crypto';
import { AppError } from '../errors/app-error.js';
import type { ExtensionClient } from '../client/extension-client.js';
import { inValues, lt } from '../store/query.js';
import { HOST_GROUP_VERSION, type OutboxMessage, type OutboxMessageSpec, type OutboxPhase, type SentMessage } from './types.js';

/** Messages written per transaction: a large bulk send commits in slices instead of one huge write. */
const SLICE = 200;

/**
 * The identity of a deduplicated message, kept in the indexed field spec.dedupeId: a hash of the dedupeKey
 * followed by a hash of (channel, recipient). The messages of one send (a user's inbox and e-mail) share the
 * first part, so their index entries sit side by side and a send dirties one page of that index, not two.
 */
export function dedupeIdOf(dedupeKey: string, channel: string, recipient: string): string {
  return `${sha256(dedupeKey).slice(0, 30)}${sha256(`${channel}\u0000${recipient}`).slice(0, 10)}`;
}

/**
 * The identity older versions used: one hash of (dedupeKey, channel, recipient). Messages they queued carry
 * it as dedupeId, or (before insert-ordered names) as their name `om-<id>`; both are still found.
 */
export function previousDedupeIdOf(dedupeKey: string, channel: string, recipient: string): string {
  return sha256(`${dedupeKey}\u0000${channel}\u0000${recipient}`).slice(0, 40);
}

/** The name older versions gave a deduplicated message. */
export const legacyDedupedName = (previousDedupeId: string) => `om-${previousDedupeId}`;

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
        const ids = specs.map(identityOf);
        const specOf = new Map(ids.flatMap((id, i) => (id ? [[id, specs[i]] as const] : [])));
        const queued = await findQueued(tx, [...specOf.keys()], specOf);
        const written: SentMessage[] = [];
        for (const [i, spec] of specs.entries()) written.push(await writeOne(tx, spec, ids[i], queued, phaseOf(spec), now));
        return written;
      });
    } catch (err) {
      // Two replicas chose the same name (same millisecond, sequence and process tag): run again with new names.
      if (attempt >= 3 || !(err instanceof AppError) || err.code !== 'ALREADY_EXISTS') throw err;
    }
  }
}

/** A deduplicated message's dedupeId, and (only while older messages may exist) the one older versions gave it. */
interface Identity {
  id: string;
  previous?: string;
}

function identityOf(spec: OutboxMessageSpec): Identity | undefined {
  if (!spec.dedupeKey) return undefined;
  return { id: dedupeIdOf(spec.dedupeKey, spec.channel, spec.recipient) };
}

/**
 * Messages with the older identities (hash names, then one-hash dedupeIds) were all created before this
 * instant; a later message always has the current dedupeId. (A fleet running older and newer versions side
 * by side never deduplicated across them: the older ones do not look for the newer ids.)
 */
export const OLDER_FORMATS_BEFORE = '2026-11-22T05:00:00Z';
const olderFormats = new WeakMap<ExtensionClient, Promise<boolean>>();

/**
 * Whether any message from before OLDER_FORMATS_BEFORE exists (one index read, then remembered): without
 * one, the reads for older identities (two more index probes per message) can find nothing.
 */
function olderFormatsMayExist(client: ExtensionClient): Promise<boolean> {
  let known = olderFormats.get(client);
  if (!known) {
    known = client.list('OutboxMessage', { where: lt('metadata.creationTimestamp', OLDER_FORMATS_BEFORE), limit: 1 }).then((page) => page.items.length > 0);
    known.catch(() => olderFormats.delete(client));
    olderFormats.set(client, known);
  }
  return known;
}

/**
 * "Queued once" rests on the store's transactions: the lookup and the inserts run in one, and the store runs
 * write transactions one at a time (SQLite: one writer; PostgreSQL: the schema's advisory lock, in every
 * process), so no other sender can queue the same message between them. A message written here is added to
 * `queued`, so a slice that names the same message twice writes it once.
 */
async function writeOne(client: ExtensionClient, spec: OutboxMessageSpec, identity: Identity | undefined, queued: Map<string, OutboxMessage>, phase: OutboxPhase, now: string): Promise<SentMessage> {
  const existing = identity ? (queued.get(identity.id) ?? (identity.previous ? queued.get(identity.previous) : undefined)) : undefined;
  if (existing) return { name: existing.metadata.name, channel: spec.channel, recipient: spec.recipient, phase: existing.status?.phase ?? 'PENDING', deduplicated: true };
  const created = await client.create<OutboxMessage>({
    apiVersion: HOST_GROUP_VERSION,
    kind: 'OutboxMessage',
    metadata: { name: orderedMessageName() },
    spec: stripUndefined({ ...spec, dedupeId: identity?.id }),
    status: { phase, attempts: 0, nextAttemptAt: now },
  });
  if (identity) queued.set(identity.id, created);
  return { name: created.metadata.name, channel: spec.channel, recipient: spec.recipient, phase, deduplicated: false };
}

/**
 * The messages already queued under these identities, keyed by the id they were found under: two reads for
 * a whole slice (by the indexed dedupeId, current or previous, and by the names older versions gave them),
 * not two per message.
 */
async function findQueued(client: ExtensionClient, identities: Identity[], specs: Map<Identity, OutboxMessageSpec>): Promise<Map<string, OutboxMessage>> {
  const found = new Map<string, OutboxMessage>();
  if (!identities.length) return found;
  const older = await olderFormatsMayExist(client);
  if (older) for (const i of identities) i.previous = previousDedupeIdOf(specs.get(i)!.dedupeKey!, specs.get(i)!.channel, specs.get(i)!.recipient);
  const ids = [...new Set(identities.flatMap((i) => (i.previous ? [i.id, i.previous] : [i.id])))];
  for (const m of (await client.list<OutboxMessage>('OutboxMessage', { where: inValues('spec.dedupeId', ids) })).items) found.set(m.spec!.dedupeId!, m);
  if (!older) return found;
  const legacy = identities.filter((i) => !found.has(i.id) && !found.has(i.previous!)).map((i) => legacyDedupedName(i.previous!));
  if (legacy.length) for (const m of (await client.list<OutboxMessage>('OutboxMessage', { where: inValues('metadata.name', legacy) })).items) found.set(m.metadata.name.slice(3), m);
  return found;
}

function stripUndefined<T extends object>(obj: T): T {
  const out: Record<string, unknown> = {};
  for (const key in obj) if (obj[key] !== undefined) out[key] = obj[key];
  return out as T;
}
