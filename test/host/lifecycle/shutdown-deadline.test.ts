/**
 * runtime.stop() runs its steps under one deadline: a step that never finishes is named and the stop
 * returns; a step that fails is named and the later steps still run (the store is closed).
 */
import { PACKAGE_ROOT, readManifest } from '../../../src/host/runtime.js';
import { entry } from '../../../src/plugin-entry.js';
import { startTempServer, type TempServer } from '../../support/temp-server.js';

const startServer = () => startTempServer({ prefix: 'authpay-shutdown' });
const contextOf = (server: TempServer) => server.runtime.contextFor({ manifest: readManifest(PACKAGE_ROOT), dir: PACKAGE_ROOT, entry });

test('a stop hook that never finishes is reported by name once the deadline passes, and the stop returns', async () => {
  const server = await startServer();
  contextOf(server).onStop(() => new Promise<void>(() => undefined));
  try {
    const outcome = await server.runtime.stop({ timeoutMs: 500 });
    expect(outcome).toMatchObject({ finished: false, unfinished: 'plugin authpay: stop hook', failed: [] });
    expect(outcome.skipped[outcome.skipped.length - 1]).toBe('store');
    expect(server.runtime.server?.listening).toBe(false); // the HTTP server went first
  } finally {
    await server.runtime.store.close();
    await server.stop();
  }
}, 60_000);

test('a failing step is reported and the steps after it still run', async () => {
  const server = await startServer();
  contextOf(server).onStop(() => {
    throw new Error('ENOSPC: no space left on device');
  });
  const client = server.runtime.client;
  const configMap = (name: string) => ({
    apiVersion: client.kind('ConfigMap').apiVersion,
    kind: 'ConfigMap',
    metadata: { name },
    data: {},
  });
  await client.create(configMap('before'));
  const outcome = await server.runtime.stop({ timeoutMs: 5000 });
  expect(outcome).toMatchObject({ finished: true, failed: ['plugin authpay: stop hook'], skipped: [] });
  // The store was closed by the last step: a write now fails.
  await expect(client.create(configMap('after'))).rejects.toThrow(/closed|not open/i);
  await server.stop();
}, 60_000);
