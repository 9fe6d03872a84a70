import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { KindRegistry } from '../../../src/host/schema/kind-registry.js';
import { SqliteStore } from '../../../src/host/store/sqlite-store.js';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';

test('creates, lists by index and updates with optimistic concurrency', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-'));
  const registry = new KindRegistry();
  const [kind] = registry.loadDirectory(path.resolve('extensions')).filter((k) => k.kind === 'SitePluginAuthLog');
  const store = new SqliteStore(path.join(dir, 'a.db'));
  await store.ensureKind(kind);
  const client = new ExtensionClient(registry, store);
  const a = await client.create({ apiVersion: 'pluginauth.authpay.dev/v1alpha1', kind: 'SitePluginAuthLog', metadata: { name: 'a' }, spec: { pluginKey: 'p', authUser: 'u', authDomain: 'a.com', authStatus: 0 } });
  expect(a.metadata.resourceVersion).toBe('1');
  const page = await client.list('SitePluginAuthLog', { where: { op: 'eq', field: 'spec.pluginKey', value: 'p' } });
  expect(page.items.map((i) => i.metadata.name)).toEqual(['a']);
  await client.update({ ...a, spec: { ...(a.spec as object), authStatus: 1 } });
  await expect(client.update({ ...a, spec: { ...(a.spec as object), authStatus: 0 } })).rejects.toMatchObject({ code: 'CONFLICT' });
  await expect(client.create({ apiVersion: 'pluginauth.authpay.dev/v1alpha1', kind: 'SitePluginAuthLog', metadata: { name: 'b' }, spec: { pluginKey: 'p' } })).rejects.toMatchObject({ code: 'INVALID' });
  await store.close();
});
