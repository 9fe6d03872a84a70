/**
 * `authpay reset-password <user>` beside the running server: the new password logs in through the HTTP API,
 * the old one no longer does, and the user's open sessions end. The password comes from
 * AUTHPAY_NEW_PASSWORD, from standard input (--stdin), or is generated and printed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { runCli } from './run-cli.js';

const FIRST_PASSWORD = 'first-admin-password-1';
let dir: string;
let env: Record<string, string>;
let server: ServerProcess;

async function logIn(password: string): Promise<{ status: number; cookie: string }> {
  const res = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  await res.text();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c.startsWith('AUTHPAY_SESSION='))
    .join('; ');
  return { status: res.status, cookie };
}

async function currentUserStatus(cookie: string): Promise<number> {
  const res = await fetch(`${server.url}/apis/uc.api.host.authpay.dev/v1alpha1/users/-`, { headers: { cookie } });
  await res.text();
  return res.status;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-cli-reset-'));
  env = { AUTHPAY_DATA_DIR: dir };
  server = await startServerProcess({ ...env, AUTHPAY_ADMIN_PASSWORD: FIRST_PASSWORD });
}, 150_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

test('a password from the environment logs in; the old one does not, and the old session has ended', async () => {
  const before = await logIn(FIRST_PASSWORD);
  expect(before.status).toBe(200);
  expect(await currentUserStatus(before.cookie)).toBe(200);

  const result = await runCli(['reset-password', 'admin'], { ...env, AUTHPAY_NEW_PASSWORD: 'second-admin-password-2' });
  expect(result).toMatchObject({ code: 0, stderr: '' });
  expect(result.stdout).toContain('1 session(s) ended');
  expect(result.stdout).not.toContain('second-admin-password-2');

  expect(await currentUserStatus(before.cookie)).toBe(401);
  expect((await logIn(FIRST_PASSWORD)).status).toBe(401);
  const after = await logIn('second-admin-password-2');
  expect(after.status).toBe(200);
  expect(await currentUserStatus(after.cookie)).toBe(200);
}, 120_000);

test('with --stdin the first line of standard input is the password', async () => {
  const result = await runCli(['reset-password', 'admin', '--stdin'], env, 'third-admin-password-3\n');
  expect(result).toMatchObject({ code: 0, stderr: '' });
  expect((await logIn('third-admin-password-3')).status).toBe(200);
}, 120_000);

test('without one, a generated password is printed once and logs in', async () => {
  const result = await runCli(['reset-password', 'admin'], env);
  expect(result.code).toBe(0);
  const password = /new password: (\S+)/.exec(result.stdout)?.[1];
  expect(password).toHaveLength(24);
  expect((await logIn(password!)).status).toBe(200);
}, 120_000);

test('an unknown user or a too short password changes nothing and exits 1', async () => {
  const unknown = await runCli(['reset-password', 'nobody'], { ...env, AUTHPAY_NEW_PASSWORD: 'whatever-password-4' });
  expect([unknown.code, unknown.stderr]).toEqual([1, 'no user named "nobody"\n']);
  const short = await runCli(['reset-password', 'admin'], { ...env, AUTHPAY_NEW_PASSWORD: 'short' });
  expect(short.code).toBe(1);
  expect(short.stderr).toMatch(/at least \d+ characters/);
  expect((await logIn('short')).status).toBe(401);
}, 120_000);
