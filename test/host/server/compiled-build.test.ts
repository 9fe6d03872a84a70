/**
 * The compiled build (`npm run build`, run by bin/authpay.js) starts from a fresh data directory and serves
 * what the TypeScript source serves. Files the code finds next to itself (roles, templates, settings) live
 * in src/ and templates/, not in dist/: a path that only works from src/ shows up here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCompiled, type CompiledBuild } from '../../../bench/lib/compiled-build.js';
import { spawnServer, type ChildServer } from '../../../bench/lib/server-process.js';

const TOKEN = 'compiled-build-test-token-0123456789';
let build: CompiledBuild;
let server: ChildServer;
let base: string;
let dataDir: string;

beforeAll(async () => {
  build = buildCompiled();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-compiled-'));
  server = await spawnServer(
    [path.join(build.root, 'dist', 'cli.js'), 'serve'],
    { AUTHPAY_DATA_DIR: dataDir, AUTHPAY_BOOTSTRAP_TOKEN: TOKEN, AUTHPAY_LOG_LEVEL: 'warn' },
    '/healthz',
    60_000,
  );
  base = server.url;
}, 90_000);

afterAll(async () => {
  await server?.stop();
  build?.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a fresh start serves the probes to anyone and the API to the administrator', async () => {
  expect((await fetch(`${base}/healthz`)).status).toBe(200);
  const users = await fetch(`${base}/apis/host.authpay.dev/v1alpha1/users`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(users.status).toBe(200);
  expect(((await users.json()) as { items: Array<{ metadata: { name: string } }> }).items.map((u) => u.metadata.name)).toContain('admin');
});

test('the public check API and the log-in page answer', async () => {
  const check = await fetch(`${base}/apis/api.pluginauth.authpay.dev/v1alpha1/public/checkAuth?pluginKey=none&authDomain=a.example.com`);
  expect([check.status, ((await check.json()) as { data: { code: string } }).data.code]).toEqual([200, 'PLUGIN_NOT_FOUND']);
  const login = await fetch(`${base}/login`);
  expect([login.status, login.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
});
