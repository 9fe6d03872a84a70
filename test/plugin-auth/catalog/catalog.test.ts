import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../../src/main.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN } from '../../host/auth/harness.js';
import {
  CONSOLE,
  UC,
  admin,
  as,
  createPlugin,
  createUser,
  dataOf,
  start,
  type ListResult,
  type SitePlugin,
  type SitePluginView,
  type Server,
} from '../harness.js';

let server: Server;
beforeAll(async () => {
  server = await start();
  await createUser(server, 'frank');
});
afterAll(() => server.stop());

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 25))) if (await check()) return;
  throw new Error('condition not reached');
};

test('create, edit, list with price types, and a unique key that never changes', async () => {
  const created = await createPlugin(server, {
    key: 'My_Plugin',
    name: 'Mine',
    price: 9999,
    authCountLimit: 5,
    docs: 'https://docs.example.com',
  });
  expect(created).toMatchObject({ priceType: 'LIMITED_FREE', spec: { key: 'My_Plugin', priority: 0 } });
  expect(created.metadata.name).toMatch(/^my-plugin-[0-9a-f]{16}$/);
  const dup = await admin(server, 'POST', `${CONSOLE}/siteplugins`, { key: 'My_Plugin', name: 'Again', price: 0 });
  expect([dup.status, dup.body.code]).toEqual([409, 'ALREADY_EXISTS']);
  const edited = dataOf(
    await admin<SitePluginView>(server, 'PUT', `${CONSOLE}/siteplugins/${created.metadata.name}`, {
      price: 12.5,
      authCountLimit: null,
      docs: null,
    }),
  );
  expect(edited.priceType).toBe('PAID');
  expect(edited.spec.authCountLimit).toBeUndefined();
  expect(edited.spec.docs).toBeUndefined();
  const rekey = await admin(server, 'PUT', `${CONSOLE}/siteplugins/${created.metadata.name}`, { key: 'other' });
  expect([rekey.status, rekey.body.code]).toEqual([400, 'KEY_IMMUTABLE']);
  const badUrl = await admin(server, 'POST', `${CONSOLE}/siteplugins`, { key: 'x', name: 'X', price: 0, url: 'javascript:alert(1)' });
  expect(badUrl.status).toBe(400);
  await createPlugin(server, { key: 'gratis', price: 0 });
  const free = dataOf(await admin<ListResult<SitePluginView>>(server, 'GET', `${CONSOLE}/siteplugins?priceType=FREE`));
  expect(free.items.map((p) => p.spec.key)).toEqual(['gratis']);
  const catalog = dataOf(await as(server, 'frank', 'GET', `${UC}/catalog`));
  expect(catalog).toMatchObject({ page: 1, total: 2, first: true, last: true, hasNext: false, hasPrevious: false, totalPages: 1 });
});

test('reorder rewrites priorities in one call; unknown names change nothing', async () => {
  for (const key of ['r-a', 'r-b', 'r-c']) await createPlugin(server, { key });
  const order = () =>
    admin<ListResult<SitePluginView>>(server, 'GET', `${CONSOLE}/siteplugins?keyword=r-&size=10`).then((r) =>
      dataOf(r).items.map((p) => p.spec.key),
    );
  expect(await order()).toEqual(['r-a', 'r-b', 'r-c']);
  const res = dataOf(await admin<SitePlugin[]>(server, 'PUT', `${CONSOLE}/siteplugins-order`, { names: ['r-c', 'r-a'] }));
  expect(res.slice(0, 3).map((p) => [p.spec.key, p.spec.priority])).toEqual([
    ['r-c', 0],
    ['r-a', 1],
    ['My_Plugin', 2],
  ]);
  expect(await order()).toEqual(['r-c', 'r-a', 'r-b']);
  const bad = await admin(server, 'PUT', `${CONSOLE}/siteplugins-order`, { names: ['r-b', 'nope'] });
  expect(bad.status).toBe(404);
  expect(await order()).toEqual(['r-c', 'r-a', 'r-b']);
});

test('deleting a plugin deletes all its records (in batches) and no other plugin’s', async () => {
  await createPlugin(server, { key: 'doomed' });
  await createPlugin(server, { key: 'kept' });
  const docs = Array.from({ length: 1203 }, (_, i) => ({
    kind: 'SitePluginAuthLog',
    spec: { pluginKey: 'doomed', authUser: 'frank', authDomain: `d${i}.example.com`, authStatus: 0 },
  }));
  dataOf(await admin(server, 'POST', `${CONSOLE}/authlogs-import`, { yaml: docs.map((d) => JSON.stringify(d)).join('\n---\n') }));
  dataOf(await as(server, 'frank', 'POST', `${UC}/authorizations`, { pluginKey: 'kept', domain: 'k.example.com' }));
  expect(dataOf(await admin(server, 'DELETE', `${CONSOLE}/siteplugins/doomed`))).toEqual({ name: 'doomed', removed: false });
  const c = server.runtime.client;
  await until(async () => (await c.fetch('SitePlugin', 'doomed')) === undefined);
  expect(await c.count('SitePluginAuthLog', { op: 'eq', field: 'spec.pluginKey', value: 'doomed' })).toBe(0);
  expect(await c.count('SitePluginAuthLog', { op: 'eq', field: 'spec.pluginKey', value: 'kept' })).toBe(1);
});

test('a deletion that the process did not finish completes after a restart', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-catalog-'));
  const env = { AUTHPAY_ADMIN_PASSWORD: ADMIN_PASSWORD, AUTHPAY_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN };
  const config = { port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent' };
  try {
    const first = await startServer(config, env);
    const s1 = { runtime: first.runtime, url: first.url, dataDir, stop: async () => undefined };
    await createPlugin(s1, { key: 'half' });
    const docs = Array.from({ length: 20 }, (_, i) =>
      JSON.stringify({
        kind: 'SitePluginAuthLog',
        spec: { pluginKey: 'half', authUser: 'admin', authDomain: `h${i}.example.com`, authStatus: 0 },
      }),
    );
    dataOf(await admin(s1, 'POST', `${CONSOLE}/authlogs-import`, { yaml: docs.join('\n---\n') }));
    await first.runtime.workloads.controllers.deactivate(); // the process stops reconciling (crash, lost leadership)
    dataOf(await admin(s1, 'DELETE', `${CONSOLE}/siteplugins/half`));
    await first.runtime.stop();
    const second = await startServer(config, env);
    try {
      const c = second.runtime.client;
      await until(async () => (await c.fetch('SitePlugin', 'half')) === undefined);
      expect(await c.count('SitePluginAuthLog')).toBe(0);
    } finally {
      await second.runtime.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
