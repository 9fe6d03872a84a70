/**
 * Two notification centers on one PostgreSQL schema behave like two server replicas: a deduplicated send
 * from both queues one message, and every message is delivered exactly once although both workers run.
 * Skipped locally when PostgreSQL is unreachable; CI runs it.
 */
import path from 'node:path';
import { KindRegistry } from '../../../src/host/schema/kind-registry.js';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';
import { NotificationCenter } from '../../../src/host/notifications/notification-center.js';
import { StaticSmtpSettings } from '../../../src/host/notifications/smtp-settings.js';
import { PostgresStore } from '../../../src/host/store/postgres-store.js';
import { eq } from '../../../src/host/store/query.js';
import { PG_URL, postgresBackend, postgresReachable } from '../store/harness.js';
import { silentLogger } from './fixtures.js';
import { startSmtpServer, waitFor } from './smtp-test-server.js';

const inCi = process.env.CI === 'true';
const pgUp = await postgresReachable();
if (!pgUp && !inCi) console.warn(`PostgreSQL is unreachable at ${PG_URL}: skipping the notification replica test (it runs in CI).`);

(pgUp || inCi ? describe : describe.skip)('notification center on PostgreSQL with two replicas', () => {
  test('dedupes across replicas and delivers each message exactly once', async () => {
    const backend = postgresBackend();
    const smtp = await startSmtpServer();
    const settings = new StaticSmtpSettings({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      from: 'AuthPay <noreply@pay.example.com>',
    });
    const registry = new KindRegistry();
    registry.loadDirectory(path.resolve('src', 'host', 'crds'));
    const stores: PostgresStore[] = [];
    const centers: NotificationCenter[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const store = (await backend.open('notify')) as PostgresStore;
        stores.push(store);
        for (const kind of registry.kinds()) await store.ensureKind(kind);
        const client = new ExtensionClient(registry, store);
        centers.push(
          new NotificationCenter({
            client,
            logger: silentLogger,
            baseUrl: 'https://pay.example.com',
            smtp: settings,
            pollIntervalMs: 50,
            retry: { baseDelayMs: 20, jitter: 0 },
          }),
        );
      }
      const client = new ExtensionClient(registry, stores[0]);
      const same = { content: { title: 'Once', html: '<p>once</p>' }, to: [{ email: 'one@example.com' }], dedupeKey: 'replica-test' };
      const results = await Promise.all(centers.map((c) => c.send(same)));
      expect(results.flatMap((r) => r.messages.map((m) => m.name)).filter((n, i, all) => all.indexOf(n) === i)).toHaveLength(1);
      expect(await client.count('OutboxMessage')).toBe(1);

      for (let i = 0; i < 12; i++)
        await centers[i % 2].send({ content: { title: `Bulk ${i}`, html: '<p>b</p>' }, to: [{ email: `user${i}@example.com` }] });
      for (const c of centers) c.start();
      await waitFor(async () => (await client.count('OutboxMessage', eq('status.phase', 'SENT'))) === 13, 'all 13 SENT');
      // Give a duplicate delivery (if any) time to arrive before counting.
      await new Promise((r) => setTimeout(r, 300));
      const subjects = smtp.received.map((m) => m.subject).sort();
      expect(subjects).toHaveLength(13);
      expect(new Set(subjects).size).toBe(13);
    } finally {
      for (const c of centers) await c.stop();
      for (const s of stores) await s.close();
      await backend.cleanup();
      await smtp.close();
    }
  });
});
