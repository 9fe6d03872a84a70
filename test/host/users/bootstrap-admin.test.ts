import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { KindRegistry } from '../../../src/host/schema/kind-registry.js';
import { SqliteStore } from '../../../src/host/store/sqlite-store.js';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';
import { UserService } from '../../../src/host/users/user-service.js';
import { ensureAdmin } from '../../../src/host/users/bootstrap-admin.js';
import { verifyPassword } from '../../../src/host/users/password-hash.js';

let dir: string;
let store: SqliteStore;
let client: ExtensionClient;
let logText = '';
const logger = pino({ level: 'debug' }, new Writable({ write: (chunk, _enc, cb) => ((logText += String(chunk)), cb()) }));

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-admin-'));
  const registry = new KindRegistry();
  registry.loadDirectory(path.resolve('src/host/crds'));
  store = new SqliteStore(path.join(dir, 'a.db'));
  for (const kind of registry.kinds()) await store.ensureKind(kind);
  client = new ExtensionClient(registry, store);
  logText = '';
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('without a configured password one is generated, printed once to the given output and never logged', async () => {
  const printed: string[] = [];
  const users = new UserService(client);
  expect(await ensureAdmin(client, users, logger, undefined, (l) => printed.push(l))).toBe(true);
  expect(printed).toHaveLength(1);
  const password = /password: (\S+)/.exec(printed[0])![1];
  expect(password.length).toBeGreaterThanOrEqual(16);
  expect(await verifyPassword(password, (await users.get('admin')).spec.passwordHash)).toBe(true);
  expect(logText).toContain('administrator created');
  expect(logText).not.toContain(password);
  const binding = await client.get('RoleBinding', 'admin-super-role-binding');
  expect(binding).toMatchObject({ subjects: [{ kind: 'User', name: 'admin' }], roleRef: { kind: 'Role', name: 'super-role' } });

  // A second start leaves the administrator alone and prints nothing.
  expect(await ensureAdmin(client, users, logger, 'another-password', (l) => printed.push(l))).toBe(false);
  expect(printed).toHaveLength(1);
  expect(await verifyPassword('another-password', (await users.get('admin')).spec.passwordHash)).toBe(false);
});

test('a configured password is used and not printed; a too-short one fails the start', async () => {
  const printed: string[] = [];
  const users = new UserService(client);
  await expect(ensureAdmin(client, users, logger, 'short', (l) => printed.push(l))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  expect(await users.fetch('admin')).toBeUndefined();
  await ensureAdmin(client, users, logger, 'configured-password', (l) => printed.push(l));
  expect(printed).toEqual([]);
  expect(await verifyPassword('configured-password', (await users.get('admin')).spec.passwordHash)).toBe(true);
});
