/**
 * `authpay doctor` against a data directory a real server made: one verdict per check (configuration, store,
 * TLS, SMTP, callback domain) and exit 1 exactly when one of them fails. SMTP is a real SMTP server on
 * 127.0.0.1 (or a port nobody listens on); the TLS files are a real self-signed pair.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../bench/lib/server-process.js';
import { openHostStore } from '../../src/cli/host-store.js';
import { writeSelfSignedCertificate } from '../host/api/generic/support/self-signed.js';
import { startSmtpServer, type TestSmtpServer } from '../host/notifications/smtp-test-server.js';
import { startServerProcess } from '../support/server-process.js';
import { runCli } from './run-cli.js';

let dir: string;
let dataDir: string;
let tls: { cert: string; key: string };
let smtp: TestSmtpServer;

/** Stores a settings group the way the settings API does: data[group] is the group's JSON. */
async function storeGroup(configMap: string, group: string, values: Record<string, unknown>): Promise<void> {
  const host = await openHostStore({ AUTHPAY_DATA_DIR: dataDir });
  try {
    const data = { [group]: JSON.stringify(values) };
    if (await host.client.fetch('ConfigMap', configMap)) await host.client.patch('ConfigMap', configMap, { data });
    else await host.client.create({ apiVersion: 'host.authpay.dev/v1alpha1', kind: 'ConfigMap', metadata: { name: configMap }, data });
  } finally {
    await host.close();
  }
}

function verdicts(stdout: string): Record<string, string> {
  const lines = stdout.split('\n').filter((l) => /^(OK|WARN|FAIL) /.test(l));
  return Object.fromEntries(
    lines.map((l) => [
      l
        .slice(6)
        .trim()
        .split(/\s{2,}/)[0],
      l.slice(0, 4).trim(),
    ]),
  );
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-cli-doctor-'));
  dataDir = path.join(dir, 'data');
  // A data directory as a first start leaves it.
  const server = await startServerProcess({ AUTHPAY_DATA_DIR: dataDir });
  await server.stop();
  tls = writeSelfSignedCertificate(dir);
  smtp = await startSmtpServer();
}, 150_000);

afterAll(async () => {
  await smtp?.close();
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

test('a sound configuration passes every check; a certificate about to expire is a warning', async () => {
  await storeGroup('host-settings', 'smtp', { host: '127.0.0.1', port: smtp.port, secure: false, from: 'AuthPay <noreply@example.com>' });
  await storeGroup('payment-configmap', 'general', { callbackDomain: 'https://pay.example.com' });
  const result = await runCli(['doctor'], {
    AUTHPAY_DATA_DIR: dataDir,
    AUTHPAY_BASE_URL: 'https://authpay.example.com',
    AUTHPAY_TLS_CERT: tls.cert,
    AUTHPAY_TLS_KEY: tls.key,
  });
  // The test certificate is valid for one day.
  expect(verdicts(result.stdout)).toEqual({ configuration: 'OK', store: 'OK', TLS: 'WARN', SMTP: 'OK', 'callback domain': 'OK' });
  expect(result.stdout).toMatch(/valid until .*: 0 days left/);
  expect(result.stdout).toContain('all checks passed, 1 warning(s)');
  expect(result.code).toBe(0);
}, 120_000);

test('an unreachable SMTP server, a key of another certificate and a local callback domain are named, and exit 1', async () => {
  const closedPort = await freePort();
  await storeGroup('host-settings', 'smtp', { host: '127.0.0.1', port: closedPort, secure: false, from: 'noreply@example.com' });
  await storeGroup('payment-configmap', 'general', { callbackDomain: 'http://localhost:8090' });
  const other = writeSelfSignedCertificate(fs.mkdtempSync(path.join(dir, 'other-')));
  const result = await runCli(['doctor'], {
    AUTHPAY_DATA_DIR: dataDir,
    AUTHPAY_BASE_URL: 'https://authpay.example.com',
    AUTHPAY_TLS_CERT: tls.cert,
    AUTHPAY_TLS_KEY: other.key,
  });
  expect(verdicts(result.stdout)).toEqual({ configuration: 'OK', store: 'OK', TLS: 'FAIL', SMTP: 'FAIL', 'callback domain': 'WARN' });
  expect(result.stdout).toContain(`127.0.0.1:${closedPort} is not reachable`);
  expect(result.stdout).toContain('2 check(s) failed, 1 warning(s)');
  expect(result.code).toBe(1);
}, 120_000);

test('a store that does not answer fails; a data directory without a database is a warning', async () => {
  const unreachable = await runCli(['doctor'], { AUTHPAY_DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/test` });
  expect(verdicts(unreachable.stdout).store).toBe('FAIL');
  expect(unreachable.code).toBe(1);

  const fresh = await runCli(['doctor'], { AUTHPAY_DATA_DIR: path.join(dir, 'empty'), AUTHPAY_BASE_URL: 'https://authpay.example.com' });
  expect(verdicts(fresh.stdout)).toMatchObject({ configuration: 'OK', store: 'WARN', TLS: 'OK' });
  expect(fresh.code).toBe(0);
}, 120_000);

test('a configuration the server would refuse fails at once', async () => {
  const result = await runCli(['doctor'], { AUTHPAY_TLS_CERT: tls.cert });
  expect(verdicts(result.stdout)).toEqual({ configuration: 'FAIL' });
  expect(result.stdout).toContain('AUTHPAY_TLS_CERT and AUTHPAY_TLS_KEY must be set together');
  expect(result.code).toBe(1);
}, 60_000);
