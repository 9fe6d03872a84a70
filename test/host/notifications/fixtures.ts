import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { KindRegistry } from '../../../src/host/schema/kind-registry.js';
import { SqliteStore } from '../../../src/host/store/sqlite-store.js';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';
import { NotificationCenter, type NotificationCenterOptions } from '../../../src/host/notifications/notification-center.js';

export const silentLogger = pino({ level: 'silent' });

/** A store with the host's kinds, a client, and a notification center tuned for quick retries. */
export async function setupCenter(options: Partial<NotificationCenterOptions> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-notify-'));
  const registry = new KindRegistry();
  registry.loadDirectory(path.resolve('src', 'host', 'crds'));
  const store = new SqliteStore(path.join(dir, 'authpay.db'));
  for (const kind of registry.kinds()) await store.ensureKind(kind);
  const client = new ExtensionClient(registry, store);
  const center = new NotificationCenter({
    client,
    logger: silentLogger,
    baseUrl: 'https://pay.example.com',
    templateDirs: [path.resolve('test', 'host', 'notifications', 'templates')],
    retry: { baseDelayMs: 20, maxDelayMs: 200, maxAttempts: 10, jitter: 0 },
    pollIntervalMs: 50,
    ...options,
  });
  return {
    client,
    store,
    center,
    async close() {
      await center.stop();
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function createUser(client: ExtensionClient, name: string, email: string, displayName = name) {
  await client.create({
    apiVersion: 'host.authpay.dev/v1alpha1',
    kind: 'User',
    metadata: { name },
    spec: { displayName, email, disabled: false },
  });
}
