/**
 * The release package runs as a package: `npm pack` (its prepack compiles the server and builds the browser
 * apps), `npm install <tarball>` into an empty directory, then `npx authpay serve` from there serves the
 * console, the user center and the log-in page with no TypeScript source, tsx or build step.
 *
 * So that dist/ never lands in the working tree (bin/authpay.js would then prefer it over src/), the package is
 * packed from a copy of the checkout in a temporary directory (node_modules linked). The browser apps are built
 * in the checkout when stale (as the UI tests do) and the copy reuses them. better-sqlite3's install step looks
 * for a prebuilt binary before compiling: it is handed the one the checkout's node_modules holds (the same
 * version, from package-lock.json), else it compiles for minutes. Timings on a quiet 2-core machine: pack
 * ~20 s, install ~20 s, start ~5 s.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../bench/lib/server-process.js';

const ROOT = path.resolve('.');
const PKG = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
/** Not copied to the staging checkout: what git ignores or a build makes. */
const NOT_STAGED = new Set(['.git', 'node_modules', 'dist', 'data', 'coverage']);
const STEP_TIMEOUT_MS = 6 * 60_000;

let work: string;
let tarball: string;
let entries: string[];
let installDir: string;
let server: ChildProcess | undefined;
let output = '';
let base: string;

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  try {
    return execFileSync(cmd, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', stdio: 'pipe', timeout: STEP_TIMEOUT_MS });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}

/** A copy of the checkout to pack from; the UI builds keep their "newer than the sources" standing. */
function stageCheckout(dir: string): void {
  for (const name of fs.readdirSync(ROOT)) {
    if (!NOT_STAGED.has(name)) fs.cpSync(path.join(ROOT, name), path.join(dir, name), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const now = new Date();
  for (const app of ['console-ui', 'uc-ui']) fs.utimesSync(path.join(dir, app, 'dist', 'index.html'), now, now);
}

/** prebuild-install's local-prebuild folder, holding the checkout's better-sqlite3 binary under its release name. */
function localPrebuilds(dir: string): NodeJS.ProcessEnv {
  const driver = path.join(ROOT, 'node_modules', 'better-sqlite3');
  const binary = path.join(driver, 'build', 'Release', 'better_sqlite3.node');
  if (!fs.existsSync(binary)) return {};
  const { version } = JSON.parse(fs.readFileSync(path.join(driver, 'package.json'), 'utf8')) as { version: string };
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  fs.mkdirSync(dir, { recursive: true });
  run('tar', ['-czf', path.join(dir, name), '-C', driver, 'build/Release/better_sqlite3.node'], ROOT);
  return { npm_config_better_sqlite3_local_prebuilds: dir };
}

async function get(pathname: string): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(`${base}${pathname}`, { redirect: 'manual' });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

async function waitForHealthz(child: ChildProcess): Promise<void> {
  const end = Date.now() + 120_000;
  for (;;) {
    const status = await fetch(`${base}/healthz`).then(
      (r) => r.status,
      () => undefined,
    );
    if (status === 200) return;
    if (child.exitCode !== null || Date.now() > end) throw new Error(`authpay serve did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function stopServer(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const hard = setTimeout(() => signal('SIGKILL'), 30_000);
  return exited.finally(() => clearTimeout(hard));
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-release-'));
  // The browser apps, built in the checkout only when older than their sources.
  run(process.execPath, [path.join(ROOT, 'scripts', 'ensure-ui.mjs'), '--quiet'], ROOT);
  const stage = path.join(work, 'stage');
  fs.mkdirSync(stage);
  stageCheckout(stage);
  const packed = path.join(work, 'packed');
  fs.mkdirSync(packed);
  run('npm', ['pack', '--pack-destination', packed, '--loglevel', 'warn'], stage);
  tarball = path.join(packed, `${PKG.name}-${PKG.version}.tgz`);
  entries = run('tar', ['-tzf', tarball], work)
    .split('\n')
    .filter(Boolean)
    .map((e) => e.replace(/^package\//, ''));

  installDir = path.join(work, 'install');
  fs.mkdirSync(installDir);
  fs.writeFileSync(path.join(installDir, 'package.json'), JSON.stringify({ name: 'authpay-release-check', private: true }));
  const prebuilds = localPrebuilds(path.join(work, 'prebuilds'));
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'error', tarball], installDir, prebuilds);

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(work, 'data');
  server = spawn('npx', ['--no', 'authpay', 'serve'], {
    cwd: installDir,
    detached: true, // its own process group: npx and the server stop together
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: String(port),
      AUTHPAY_HOST: '127.0.0.1',
      AUTHPAY_BASE_URL: base,
      AUTHPAY_DATA_DIR: dataDir,
      AUTHPAY_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-16_000));
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);
  await waitForHealthz(server);
}, 15 * 60_000);

afterAll(async () => {
  await stopServer();
  if (work) fs.rmSync(work, { recursive: true, force: true });
}, 60_000);

test('the tarball holds the compiled server, the built apps and the run-time files, and no tests or sources', () => {
  for (const file of [
    'package.json',
    'README.md',
    'LICENSE',
    'bin/authpay.js',
    'dist/cli.js',
    'dist/main.js',
    'console-ui/dist/index.html',
    'uc-ui/dist/index.html',
    'plugin.yaml',
    'templates/login.html',
    'templates/payment/page.html',
    'extensions/role-templates.yaml',
    'src/host/crds/builtin-roles.yaml',
    'src/host/settings/host-settings.yaml',
    'docs/operations.md',
  ]) {
    expect(entries).toContain(file);
  }
  expect(entries.some((e) => e.startsWith('templates/notifications/'))).toBe(true);
  expect(entries.some((e) => e.startsWith('console-ui/dist/assets/'))).toBe(true);
  const forbidden = entries.filter(
    (e) =>
      /^(test|bench|scripts|ui-shared|\.ci)\//.test(e)
      || /^(console-ui|uc-ui)\/(?!dist\/)/.test(e)
      || (e.endsWith('.ts') && !e.endsWith('.d.ts'))
      || /\.test\.|^tsconfig|^eslint|^jest|^\.|^package-lock/.test(e),
  );
  expect(forbidden).toEqual([]);
});

test('the installed package runs from dist/: no TypeScript source was installed', () => {
  const installed = path.join(installDir, 'node_modules', PKG.name);
  expect(fs.existsSync(path.join(installed, 'dist', 'cli.js'))).toBe(true);
  expect(fs.existsSync(path.join(installed, 'src', 'cli.ts'))).toBe(false);
  expect(run('npx', ['--no', '--', 'authpay', '--version'], installDir).trim()).toBe(PKG.version);
});

test('npx authpay serve answers the console, the user center, the log-in page and the probe', async () => {
  const consolePage = await get('/console/');
  expect([consolePage.status, consolePage.type]).toEqual([200, 'text/html; charset=utf-8']);
  expect(consolePage.text).toContain('<div id="app"></div>');
  expect(consolePage.text).toMatch(/<script type="module"[^>]+src="\/console\/assets\//);

  const userCenter = await get('/uc/');
  expect([userCenter.status, userCenter.type]).toEqual([200, 'text/html; charset=utf-8']);
  expect(userCenter.text).toMatch(/<script type="module"[^>]+src="\/uc\/assets\//);
  const script = /src="(\/uc\/assets\/[^"]+\.js)"/.exec(userCenter.text)![1];
  expect((await get(script)).status).toBe(200);

  const login = await get('/login');
  expect([login.status, login.type]).toEqual([200, 'text/html; charset=utf-8']);
  expect(login.text).toContain('AuthPay</title>');

  expect((await get('/healthz')).status).toBe(200);
});
