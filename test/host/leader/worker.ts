/**
 * One "server process" for the two-process leader test: a store on the shared PostgreSQL schema, the host
 * workloads (settings, scheduler, controllers, leader election), a per-second job and a ConfigMap reconciler.
 * It reports what it does as JSON lines on stdout; the test reads them.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { KindRegistry } from '../../../src/host/schema/kind-registry.js';
import { PostgresStore } from '../../../src/host/store/postgres-store.js';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';
import { startWorkloads } from '../../../src/host/leader/workloads.js';
import type { ConfigMap } from '../../../src/host/settings/types.js';

const url = process.env.LEADER_TEST_URL!;
const schema = process.env.LEADER_TEST_SCHEMA!;
const crds = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'src', 'host', 'crds');
const report = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ pid: process.pid, ...event })}\n`);

const registry = new KindRegistry();
registry.loadDirectory(crds);
const store = await PostgresStore.connect(url, { schema, poolSize: 4 });
for (const kind of registry.kinds()) await store.ensureKind(kind);
const client = new ExtensionClient(registry, store);
const logger = pino({ level: 'warn' }, pino.destination(2));
const workloads = await startWorkloads({ client, store, logger, databaseUrl: url, heartbeatMs: 250, retryMs: 250 });
const identity = workloads.leader.identity;
workloads.leader.onChange((leader) => report({ event: 'leader', leader }));

workloads.scheduler.register({
  name: 'Leader:tick',
  cron: '* * * * * *',
  missedRunPolicy: 'FIRE_ONCE',
  concurrency: 'FORBID',
  timeoutMs: 5000,
  handler: (ctx) => {
    report({ event: 'run', runId: ctx.runId, slot: ctx.scheduledAt.toISOString(), catchUp: ctx.catchUp });
  },
});

workloads.controllers.register({
  name: 'mark-config-maps',
  kind: 'ConfigMap',
  reconcile: async (name) => {
    const cm = await client.fetch<ConfigMap>('ConfigMap', name);
    if (!cm || cm.data?.processedBy) return; // level-triggered: already done is done
    await client.update({ ...cm, data: { ...cm.data, processedBy: identity } });
    report({ event: 'processed', name });
  },
});

report({ event: 'started', leader: workloads.leader.isLeader, identity });

process.on('SIGTERM', () => {
  void (async () => {
    await workloads.stop();
    await store.close();
    report({ event: 'stopped' });
    process.exit(0);
  })();
});
