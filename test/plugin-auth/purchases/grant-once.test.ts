/**
 * Exactly once on the embedded store: reconciles of one paid order run concurrently and repeatedly (replays)
 * grant one entitlement and queue one message; a process that stops between payment and grant (its controllers
 * stopped, as a crash or a lost leadership stops them) grants at the next start, once, and later restarts add
 * nothing. The real SIGKILL and two replicas on PostgreSQL: grant-once-processes.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../../src/main.js';
import { reconcilePurchase } from '../../../src/plugin-auth/purchases/reconcile-purchase.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN } from '../../host/auth/harness.js';
import { createPlugin, createUser, dataOf, depsOf, start, type Server } from '../harness.js';
import { checkout, entitlementsOf, eventually, purchaseMessages, purchaseRecord, sandboxPay } from './purchase-harness.js';

test('replays: twenty reconciles at once and a second payment grant one entitlement and one message', async () => {
  const server = await start();
  try {
    await createUser(server, 'hal');
    await createPlugin(server, { key: 'cache', name: 'Cache', price: 12 });
    const order = dataOf(await checkout(server, 'hal', 'cache'));
    await sandboxPay(server, order.paymentId);
    const deps = depsOf(server);
    await Promise.all(Array.from({ length: 20 }, () => reconcilePurchase(deps, order.paymentId)));
    await sandboxPay(server, order.paymentId);
    for (let i = 0; i < 5; i++) await reconcilePurchase(deps, order.paymentId);
    await eventually(async () => (await purchaseRecord(server, order.paymentId))?.spec.phase === 'GRANTED', 'the grant');
    expect(await entitlementsOf(server, 'hal')).toHaveLength(1);
    expect(await purchaseMessages(server, 'hal', 'plugin-purchase-granted')).toHaveLength(1);
  } finally {
    await server.stop();
  }
});

test('stopped between payment and grant: the next start grants once, and restarts after add nothing', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-grant-once-'));
  const env = { AUTHPAY_ADMIN_PASSWORD: ADMIN_PASSWORD, AUTHPAY_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN };
  const config = { port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent' };
  const serverOf = (s: Awaited<ReturnType<typeof startServer>>): Server => ({
    ...s,
    dataDir,
    stop: () => s.runtime.stop().then(() => undefined),
  });
  try {
    const first = serverOf(await startServer(config, env));
    await createUser(first, 'ida');
    await createPlugin(first, { key: 'mailer', name: 'Mailer', price: 30 });
    const order = dataOf(await checkout(first, 'ida', 'mailer'));
    await first.runtime.workloads.controllers.deactivate(); // the process stops reconciling, as a crash would
    expect((await sandboxPay(first, order.paymentId)).status).toBe(200);
    expect(await purchaseRecord(first, order.paymentId)).toBeUndefined();
    expect(await entitlementsOf(first, 'ida')).toHaveLength(0);
    await first.stop();

    for (let restart = 0; restart < 2; restart++) {
      const next = serverOf(await startServer(config, env));
      try {
        await eventually(
          async () => (await purchaseRecord(next, order.paymentId))?.spec.phase === 'GRANTED',
          'the grant after the restart',
        );
        // A purchase made now is granted after the start-up sync looked at every existing order.
        await createUser(next, `marker-${restart}`);
        const marker = dataOf(await checkout(next, `marker-${restart}`, 'mailer'));
        await sandboxPay(next, marker.paymentId);
        await eventually(async () => (await purchaseRecord(next, marker.paymentId))?.spec.phase === 'GRANTED', 'the marker');
        expect(await entitlementsOf(next, 'ida')).toHaveLength(1);
        expect(await purchaseMessages(next, 'ida', 'plugin-purchase-granted')).toHaveLength(1);
      } finally {
        await next.stop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
