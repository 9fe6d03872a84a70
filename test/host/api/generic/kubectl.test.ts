import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from './support/test-server.js';
import { writeSelfSignedCertificate } from './support/self-signed.js';

const KUBECTL = process.env.KUBECTL ?? 'kubectl';

let server: TestServer;
let home: string;

beforeAll(async () => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-kubectl-'));
  server = await startTestServer({ tls: writeSelfSignedCertificate(home) });
});

afterAll(async () => {
  await server.stop();
  fs.rmSync(home, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs kubectl against the server with no kubeconfig at all: server and token on the command line. */
function kubectl(...args: string[]): Promise<Run> {
  const common = [
    `--server=https://127.0.0.1:${server.port}`,
    `--token=${server.token}`,
    '--insecure-skip-tls-verify',
    `--cache-dir=${path.join(home, 'cache')}`,
  ];
  const env = { PATH: process.env.PATH ?? '', HOME: home, KUBECONFIG: path.join(home, 'no-such-kubeconfig') };
  return new Promise((resolve) => {
    execFile(KUBECTL, [...common, ...args], { env, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

function manifest(file: string, spec: Record<string, unknown>): string {
  const yaml = [
    'apiVersion: pluginauth.authpay.dev/v1alpha1',
    'kind: SitePluginAuthLog',
    'metadata:',
    '  name: kube-log',
    '  labels: {tier: gold}',
    'spec:',
    ...Object.entries(spec).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`),
  ].join('\n');
  const target = path.join(home, file);
  fs.writeFileSync(target, `${yaml}\n`);
  return target;
}

const SPEC = {
  pluginKey: 'demo-plugin',
  authUser: 'alice',
  authDomain: 'a.example.com',
  authStatus: 1,
  expireTime: '2099-12-31T23:59:59Z',
};

test('kubectl apply creates, get prints the printer columns, apply again updates', async () => {
  const created = await kubectl('apply', '-f', manifest('create.yaml', SPEC));
  expect(created.stderr).toBe('');
  expect(created.stdout.trim()).toBe('sitepluginauthlog.pluginauth.authpay.dev/kube-log created');

  const table = await kubectl('get', 'sitepluginauthlogs');
  expect(table.code).toBe(0);
  const [header, row] = table.stdout.trim().split('\n');
  expect(header.split(/\s+/)).toEqual(['NAME', 'PLUGIN', 'USER', 'DOMAIN', 'STATUS', 'EXPIRES', 'AGE']);
  expect(row.split(/\s+/).slice(0, 6)).toEqual(['kube-log', 'demo-plugin', 'alice', 'a.example.com', '1', '2099-12-31T23:59:59Z']);
  expect(row.split(/\s+/)[6]).toMatch(/^\d+s$/);

  const updated = await kubectl('apply', '-f', manifest('update.yaml', { ...SPEC, authStatus: 0 }));
  expect(updated.stdout.trim()).toBe('sitepluginauthlog.pluginauth.authpay.dev/kube-log configured');
  const byShortName = await kubectl('get', 'authlog', 'kube-log', '-o', 'jsonpath={.spec.authStatus}');
  expect(byShortName.stdout).toBe('0');
});

test('kubectl discovery lists our resources without errors', async () => {
  const resources = await kubectl('api-resources');
  expect(resources.stderr).toBe('');
  expect(resources.stdout).toMatch(/sitepluginauthlogs\s+authlog\s+pluginauth.authpay.dev\/v1alpha1\s+false\s+SitePluginAuthLog/);
  expect((await kubectl('version')).stdout).toMatch(/Server Version: v1\.\d+\.\d+\+authpay\./);
});

test('kubectl get -o json round-trips through apply', async () => {
  const out = await kubectl('get', 'sitepluginauthlog', 'kube-log', '-o', 'json');
  const obj = JSON.parse(out.stdout) as { metadata: { name: string; labels: Record<string, string> }; spec: Record<string, unknown> };
  expect(obj.metadata.labels).toEqual({ tier: 'gold' });
  obj.spec.authDomain = 'round.example.com';
  const file = path.join(home, 'roundtrip.json');
  fs.writeFileSync(file, JSON.stringify(obj));
  const applied = await kubectl('apply', '-f', file);
  expect(applied.stderr).toBe('');
  const again = JSON.parse((await kubectl('get', 'sitepluginauthlog', 'kube-log', '-o', 'json')).stdout) as typeof obj;
  expect(again.spec).toEqual({ ...obj.spec });

  const list = JSON.parse((await kubectl('get', 'sitepluginauthlogs', '-o', 'json')).stdout) as { items: Array<typeof obj> };
  expect(list.items.map((i) => i.metadata.name)).toEqual(['kube-log']);
});

test('kubectl selectors, patch types and validation errors', async () => {
  expect((await kubectl('get', 'sitepluginauthlogs', '--field-selector', 'spec.authUser=alice', '-o', 'name')).stdout.trim()).toBe(
    'sitepluginauthlog.pluginauth.authpay.dev/kube-log',
  );
  expect((await kubectl('get', 'sitepluginauthlogs', '-l', 'tier=silver', '-o', 'name')).stdout.trim()).toBe('');
  const badField = await kubectl('get', 'sitepluginauthlogs', '--field-selector', 'spec.license=x');
  expect(badField.code).not.toBe(0);
  expect(badField.stderr).toContain('Error from server (BadRequest)');

  const merge = await kubectl('patch', 'sitepluginauthlog', 'kube-log', '--type=merge', '-p', '{"spec":{"authUser":"bob"}}');
  expect(merge.stdout.trim()).toBe('sitepluginauthlog.pluginauth.authpay.dev/kube-log patched');
  const strategic = await kubectl('patch', 'sitepluginauthlog', 'kube-log', '-p', '{"spec":{"authUser":"carol"}}');
  expect(strategic.code).not.toBe(0);
  expect(strategic.stderr).toContain('application/merge-patch+json');

  const invalid = await kubectl('apply', '-f', manifest('invalid.yaml', { ...SPEC, authStatus: 7 }));
  expect(invalid.code).not.toBe(0);
  expect(invalid.stderr).toContain('is invalid');
  expect(invalid.stderr).toContain('spec.authStatus');
});

test('kubectl delete removes the object', async () => {
  const deleted = await kubectl('delete', '-f', path.join(home, 'create.yaml'));
  expect(deleted.stdout.trim()).toBe('sitepluginauthlog.pluginauth.authpay.dev "kube-log" deleted');
  const missing = await kubectl('get', 'sitepluginauthlog', 'kube-log');
  expect(missing.code).not.toBe(0);
  expect(missing.stderr).toContain('Error from server (NotFound): sitepluginauthlogs.pluginauth.authpay.dev "kube-log" not found');
});
