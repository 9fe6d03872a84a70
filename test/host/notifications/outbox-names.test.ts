/**
 * Outbox messages get insert-ordered names (so the outbox's indexes take new messages at their end) while a
 * deduplicated message stays queued once: found by its dedupeId, and also under the name older versions
 * gave it (`om-<dedupeId>`), so messages queued before the upgrade are not queued again.
 */
import { dedupeIdOf, legacyDedupedName, orderedMessageName, previousDedupeIdOf } from '../../../src/host/notifications/enqueue-messages.js';
import type { OutboxMessage } from '../../../src/host/notifications/types.js';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';
import { createUser, setupCenter } from './fixtures.js';

/** Writes as an older version did: before OLDER_FORMATS_BEFORE, the last instant older identities were written. */
const olderClient = (client: ExtensionClient) => new ExtensionClient(client.registry, client.store, { clock: () => Date.parse('2026-11-20T10:00:00Z') });

describe('outbox message names and dedupe', () => {
  let env: Awaited<ReturnType<typeof setupCenter>>;

  beforeEach(async () => {
    env = await setupCenter();
    await createUser(env.client, 'carol', 'carol@example.com');
  });

  afterEach(() => env.close());

  test('names sort in the order the messages were queued, also within one millisecond', () => {
    const names = [orderedMessageName(1_000), orderedMessageName(1_000), orderedMessageName(999), orderedMessageName(2_000)];
    expect([...names].sort()).toEqual(names);
    expect(new Set(names).size).toBe(4);
    for (const n of names) expect(n).toMatch(/^om-[0-9a-z]+$/);
  });

  test('queued messages have ordered names and their dedupeId; a repeated send finds them', async () => {
    const input = { content: { title: 'Hi', html: '<p>Hi</p>' }, to: [{ username: 'carol' }], dedupeKey: 'names:1' };
    const first = await env.center.send(input);
    const again = await env.center.send(input);
    expect(again.messages.map((m) => [m.name, m.deduplicated])).toEqual(first.messages.map((m) => [m.name, true]));
    const stored = await Promise.all(first.messages.map((m) => env.client.get<OutboxMessage>('OutboxMessage', m.name)));
    expect(stored.map((m) => m.spec!.dedupeId)).toEqual([dedupeIdOf('names:1', 'INBOX', 'carol'), dedupeIdOf('names:1', 'EMAIL', 'carol@example.com')]);
    expect(first.messages.map((m) => m.name)).toEqual([...first.messages.map((m) => m.name)].sort());
    expect(await env.client.count('OutboxMessage')).toBe(2);
  });

  test('a message queued by an older version (hash name, no dedupeId) is not queued again', async () => {
    const id = previousDedupeIdOf('names:legacy', 'INBOX', 'carol');
    await olderClient(env.client).create({
      apiVersion: 'host.authpay.dev/v1alpha1',
      kind: 'OutboxMessage',
      metadata: { name: legacyDedupedName(id) },
      spec: { channel: 'INBOX', recipient: 'carol', title: 'Old', html: '<p>Old</p>', text: 'Old', dedupeKey: 'names:legacy' },
      status: { phase: 'SENT', attempts: 1 },
    });
    const result = await env.center.send({ content: { title: 'Old', html: '<p>Old</p>' }, to: [{ username: 'carol' }], channels: ['INBOX'], dedupeKey: 'names:legacy' });
    expect(result.messages).toEqual([{ name: legacyDedupedName(id), channel: 'INBOX', recipient: 'carol', phase: 'SENT', deduplicated: true }]);
    expect(await env.client.count('OutboxMessage')).toBe(1);
  });

  test('a message queued with the previous dedupeId (one hash of key, channel and recipient) is not queued again', async () => {
    const previous = previousDedupeIdOf('names:previous', 'INBOX', 'carol');
    const old = await olderClient(env.client).create<OutboxMessage>({
      apiVersion: 'host.authpay.dev/v1alpha1',
      kind: 'OutboxMessage',
      metadata: { name: orderedMessageName() },
      spec: { channel: 'INBOX', recipient: 'carol', title: 'Old', html: '<p>Old</p>', text: 'Old', dedupeKey: 'names:previous', dedupeId: previous },
      status: { phase: 'PENDING', attempts: 0 },
    });
    const result = await env.center.send({ content: { title: 'Old', html: '<p>Old</p>' }, to: [{ username: 'carol' }], dedupeKey: 'names:previous' });
    expect(result.messages.map((m) => [m.channel, m.name === old.metadata.name, m.deduplicated])).toEqual([['INBOX', true, true], ['EMAIL', false, false]]);
    expect(await env.client.count('OutboxMessage')).toBe(2);
  });

  test('without any message from before the older formats ended, a previous-format id is not looked for', async () => {
    await env.center.send({ content: { title: 'New', html: '<p>New</p>' }, to: [{ username: 'carol' }], channels: ['INBOX'], dedupeKey: 'names:first' });
    const previous = previousDedupeIdOf('names:later', 'INBOX', 'carol');
    // Written now with an older id: only an older version running next to this one could do that, and such
    // a fleet never deduplicated across versions.
    await env.client.create({
      apiVersion: 'host.authpay.dev/v1alpha1',
      kind: 'OutboxMessage',
      metadata: { name: orderedMessageName() },
      spec: { channel: 'INBOX', recipient: 'carol', title: 'Old', html: '<p>Old</p>', text: 'Old', dedupeKey: 'names:later', dedupeId: previous },
      status: { phase: 'PENDING', attempts: 0 },
    });
    const result = await env.center.send({ content: { title: 'Old', html: '<p>Old</p>' }, to: [{ username: 'carol' }], channels: ['INBOX'], dedupeKey: 'names:later' });
    expect(result.messages.map((m) => m.deduplicated)).toEqual([false]);
  });

  test('the messages of one send share the first part of their dedupeId, so they sit together in its index', () => {
    const inbox = dedupeIdOf('names:2', 'INBOX', 'carol');
    const email = dedupeIdOf('names:2', 'EMAIL', 'carol@example.com');
    expect(inbox).toMatch(/^[0-9a-f]{40}$/);
    expect(email.slice(0, 30)).toBe(inbox.slice(0, 30));
    expect(email).not.toBe(inbox);
    expect(dedupeIdOf('names:3', 'INBOX', 'carol').slice(0, 30)).not.toBe(inbox.slice(0, 30));
  });
});
