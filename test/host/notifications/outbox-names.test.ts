/**
 * Outbox messages get insert-ordered names (so the outbox's indexes take new messages at their end) while a
 * deduplicated message stays queued once: found by its dedupeId.
 */
import { dedupeIdOf, orderedMessageName } from '../../../src/host/notifications/enqueue-messages.js';
import type { OutboxMessage } from '../../../src/host/notifications/types.js';
import { createUser, setupCenter } from './fixtures.js';

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
    const input = {
      content: { title: 'Hi', html: '<p>Hi</p>' },
      to: [{ username: 'carol' }, { email: 'ops@example.com' }],
      dedupeKey: 'names:1',
    };
    const first = await env.center.send(input);
    const again = await env.center.send(input);
    expect(again.messages.map((m) => [m.name, m.deduplicated])).toEqual(first.messages.map((m) => [m.name, true]));
    const names = [...new Set(first.messages.map((m) => m.name))];
    const stored = await Promise.all(names.map((name) => env.client.get<OutboxMessage>('OutboxMessage', name)));
    // carol (with an address) gets one inbox e-mail message, deduplicated as her inbox message.
    expect(stored.map((m) => m.spec!.dedupeId)).toEqual([
      dedupeIdOf('names:1', 'INBOX', 'carol'),
      dedupeIdOf('names:1', 'EMAIL', 'ops@example.com'),
    ]);
    expect(names).toEqual([...names].sort());
    expect(await env.client.count('OutboxMessage')).toBe(2);
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
