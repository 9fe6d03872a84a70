/**
 * Outbox retention: finished (SENT, FAILED) messages queued more than retentionDays ago are deleted, in
 * batches; messages still to deliver are never deleted, whatever their age; 0 keeps everything. The job is
 * registered by the host runtime and follows the host setting `outbox.retentionDays`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messageNamePrefixAt } from '../../../src/host/notifications/enqueue-messages.js';
import { deleteExpiredOutboxMessages, OUTBOX_RETENTION_JOB } from '../../../src/host/notifications/outbox-retention.job.js';
import type { OutboxMessage, OutboxPhase } from '../../../src/host/notifications/types.js';
import { HostRuntime } from '../../../src/host/runtime.js';
import { setupCenter } from './fixtures.js';
import { waitFor } from './smtp-test-server.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('outbox retention', () => {
  let env: Awaited<ReturnType<typeof setupCenter>>;
  beforeEach(async () => {
    env = await setupCenter();
  });
  afterEach(() => env.close());

  let sequence = 0;
  /** A message queued `daysAgo` days before NOW, in the given phase (as the worker leaves it). */
  const queue = async (daysAgo: number, phase: OutboxPhase) => {
    // The name orderedMessageName would have given it then (it never goes back in time within a process).
    const name = `${messageNamePrefixAt(NOW - daysAgo * DAY)}${(sequence++).toString(36).padStart(4, '0')}test`;
    const status =
      phase === 'PENDING' || phase === 'WAITING_CONFIG'
        ? { phase, attempts: 0, nextAttemptAt: new Date(NOW).toISOString() }
        : { phase, attempts: 1 };
    const m = await env.client.create<OutboxMessage>({
      apiVersion: 'host.authpay.dev/v1alpha1',
      kind: 'OutboxMessage',
      metadata: { name },
      spec: { channel: 'EMAIL', recipient: 'ops@example.com', title: `${phase} ${daysAgo}`, html: '<p>x</p>', text: 'x' },
      status,
    });
    return m.metadata.name;
  };
  const left = async () => (await env.client.list<OutboxMessage>('OutboxMessage')).items.map((m) => m.spec!.title).sort();

  test('finished messages older than the retention go, in batches; messages still to deliver stay whatever their age', async () => {
    for (let i = 0; i < 1_100; i++) await queue(40, 'SENT');
    for (const [days, phase] of [
      [40, 'FAILED'],
      [40, 'PENDING'],
      [40, 'WAITING_CONFIG'],
      [29, 'SENT'],
      [29, 'FAILED'],
      [1, 'SENT'],
    ] as const)
      await queue(days, phase);
    // A name that does not carry its creation time (made through the generic API) is not judged by it.
    await env.client.create<OutboxMessage>({
      apiVersion: 'host.authpay.dev/v1alpha1',
      kind: 'OutboxMessage',
      metadata: { name: 'manual-1' },
      spec: { channel: 'EMAIL', recipient: 'ops@example.com', title: 'SENT manual', html: '<p>x</p>', text: 'x' },
      status: { phase: 'SENT', attempts: 1 },
    });
    const deleted = await deleteExpiredOutboxMessages({ client: env.client, retentionDays: async () => 30, clock: () => NOW });
    expect(deleted).toBe(1_101);
    expect(await left()).toEqual(['FAILED 29', 'PENDING 40', 'SENT 1', 'SENT 29', 'SENT manual', 'WAITING_CONFIG 40']);
    expect(await deleteExpiredOutboxMessages({ client: env.client, retentionDays: async () => 30, clock: () => NOW })).toBe(0);
  });

  test('retentionDays 0 keeps every message', async () => {
    await queue(400, 'SENT');
    expect(await deleteExpiredOutboxMessages({ client: env.client, retentionDays: async () => 0, clock: () => NOW })).toBe(0);
    expect(await left()).toEqual(['SENT 400']);
  });

  test('an aborted run stops between batches and leaves the rest for the next one', async () => {
    for (let i = 0; i < 600; i++) await queue(40, 'SENT');
    const abort = new AbortController();
    const run = deleteExpiredOutboxMessages(
      {
        client: env.client,
        retentionDays: async () => {
          setImmediate(() => abort.abort());
          return 30;
        },
        clock: () => NOW,
      },
      abort.signal,
    );
    const first = await run;
    expect(first % 500).toBe(0);
    expect(first).toBeLessThan(600);
    expect(first + (await deleteExpiredOutboxMessages({ client: env.client, retentionDays: async () => 30, clock: () => NOW }))).toBe(600);
  });
});

test('the host runtime schedules the retention job daily with the outbox.retentionDays setting', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-retention-'));
  const runtime = new HostRuntime({ dataDir, logLevel: 'silent', port: 0 }, {});
  try {
    await runtime.init();
    const job = await waitFor(
      () => runtime.workloads.scheduler.status().find((j) => j.name === OUTBOX_RETENTION_JOB && j.enabled),
      'the job scheduled',
    );
    expect(job.nextSlot).toBeDefined();
    expect(await runtime.workloads.settings.get('host-settings', 'outbox')).toEqual({ retentionDays: 30 });
  } finally {
    await runtime.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
