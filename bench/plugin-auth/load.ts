import type { ExtensionClient } from '../../src/host/client/extension-client.js';
import { nowMs } from '../lib/timing.js';
import { PLUGINS, USERS, pluginKeyOf, recordAt, userOf } from './dataset.js';

const BATCH = 1000;

/** Catalog plugins and users (created as resources: the bench needs their e-mail addresses, not log-ins). */
export async function loadCatalogAndUsers(client: ExtensionClient): Promise<void> {
  await client.transaction(async () => {
    for (let p = 0; p < PLUGINS; p++) {
      const key = pluginKeyOf(p);
      await client.create({
        apiVersion: 'pluginauth.authpay.dev/v1alpha1',
        kind: 'SitePlugin',
        metadata: { name: key, finalizers: ['pluginauth.authpay.dev/delete-auth-logs'] },
        spec: { key, name: `Plugin ${p}`, price: p % 3 === 0 ? 0 : 10, priority: p },
      });
    }
  });
  for (let from = 0; from < USERS; from += BATCH) {
    await client.transaction(async () => {
      for (let u = from; u < Math.min(USERS, from + BATCH); u++) {
        await client.create({
          apiVersion: 'host.authpay.dev/v1alpha1',
          kind: 'User',
          metadata: { name: userOf(u) },
          spec: { displayName: `User ${u}`, email: `${userOf(u)}@example.com`, disabled: false },
        });
      }
    });
  }
}

/** N records through the client (validation, revisions, event log, indexes), 1000 per transaction. */
export async function loadRecords(
  client: ExtensionClient,
  n: number,
  expired: number,
  now: number,
  progress: (done: number, ms: number) => void,
): Promise<{ ms: number; perSecond: number }> {
  const start = nowMs();
  let last = start;
  for (let from = 0; from < n; from += BATCH) {
    const to = Math.min(n, from + BATCH);
    await client.transaction(async () => {
      for (let i = from; i < to; i++) await client.create(recordAt(i, expired, now));
    });
    if (nowMs() - last > 15_000 || to === n) progress(to, (last = nowMs()) - start);
  }
  const ms = nowMs() - start;
  return { ms, perSecond: (n / ms) * 1000 };
}
