/**
 * `authpay backup <file>` copies the SQLite store while the server runs: the copy opens as a store and holds
 * what the server had written. With PostgreSQL configured it points to pg_dump and exits non-zero.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openHostStore } from '../../src/cli/host-store.js';
import type { User } from '../../src/host/users/types.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { runCli } from './run-cli.js';

const TOKEN = 'cli-backup-test-token-0123456789abcdef';
let dir: string;
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-cli-backup-'));
  dataDir = path.join(dir, 'data');
  server = await startServerProcess({ AUTHPAY_DATA_DIR: dataDir, AUTHPAY_BOOTSTRAP_TOKEN: TOKEN });
}, 150_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

test('an online backup of the running server opens as a store and holds the data written before it', async () => {
  const created = await fetch(`${server.url}/apis/console.api.host.authpay.dev/v1alpha1/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'backup-probe', email: 'backup-probe@example.com', password: 'probe-password-1' }),
  });
  expect(created.status).toBe(201);

  const file = path.join(dir, 'authpay-backup.db');
  const result = await runCli(['backup', file], { AUTHPAY_DATA_DIR: dataDir });
  expect(result).toMatchObject({ code: 0, stderr: '' });
  expect(result.stdout).toContain('integrity ok');

  const restored = path.join(dir, 'restored');
  fs.mkdirSync(restored);
  fs.copyFileSync(file, path.join(restored, 'authpay.db'));
  const host = await openHostStore({ AUTHPAY_DATA_DIR: restored });
  try {
    const user = await host.client.fetch<User>('User', 'backup-probe');
    expect(user?.spec.email).toBe('backup-probe@example.com');
  } finally {
    await host.close();
  }
  // The server went on serving meanwhile.
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
}, 120_000);

test('an existing file is not overwritten', async () => {
  const file = path.join(dir, 'taken.db');
  fs.writeFileSync(file, 'keep me');
  const result = await runCli(['backup', file], { AUTHPAY_DATA_DIR: dataDir });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('exists already');
  expect(fs.readFileSync(file, 'utf8')).toBe('keep me');
}, 60_000);

test('with PostgreSQL configured it says to use pg_dump and exits non-zero', async () => {
  const file = path.join(dir, 'pg.db');
  const result = await runCli(['backup', file], { AUTHPAY_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('pg_dump');
  expect(fs.existsSync(file)).toBe(false);
}, 60_000);
