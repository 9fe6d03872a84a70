#!/usr/bin/env node
// Builds the browser apps (console-ui, uc-ui) when their dist/ is missing or older than their sources, so
// `npm start` and the UI tests never serve a stale or absent build. `--force` always rebuilds.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['console-ui', 'uc-ui'];
// Both apps are built on ui-shared; a change there rebuilds both.
const SOURCES = (app) => [
  path.join(ROOT, app, 'src'),
  path.join(ROOT, app, 'index.html'),
  path.join(ROOT, app, 'vite.config.ts'),
  path.join(ROOT, 'ui-shared'),
];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

function needsBuild(app) {
  const index = path.join(ROOT, app, 'dist', 'index.html');
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  return SOURCES(app).some((src) => newestMtime(src) > built);
}

const LOCK = path.join(ROOT, 'console-ui', '.build-lock');
const LOCK_STALE_MS = 120_000;

/** One build at a time across processes (parallel test workers): mkdir is atomic; a dead holder's lock expires. */
async function withLock(fn) {
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const age = Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) fs.rmSync(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

/** `strict` (the package build): a missing vite is an error, not a warning, so no tarball ships without the UI. */
export async function ensureUi({ force = false, quiet = false, strict = false } = {}) {
  if (!force && !APPS.some(needsBuild)) return [];
  return withLock(() => build(force, quiet, strict));
}

async function build(force, quiet, strict) {
  // Checked again under the lock: another process may have just built it.
  const stale = APPS.filter((app) => force || needsBuild(app));
  if (!stale.length) return [];
  let vite;
  try {
    vite = await import('vite');
  } catch (err) {
    if (strict) throw new Error(`vite is not installed, so the browser apps cannot be built (${err?.message ?? err})`);
    console.warn('authpay: vite is not installed (npm install without --omit=dev builds the UI); /console/ and /uc/ stay unbuilt');
    return [];
  }
  // What ships is a production build, also when a test runner (NODE_ENV=test) asks for it: Vite builds Vue's
  // development variant (larger, with dev-only warnings) when NODE_ENV says anything but production.
  process.env.NODE_ENV = 'production';
  for (const app of stale) {
    if (!quiet) console.log(`authpay: building ${app} …`);
    await vite.build({ configFile: path.join(ROOT, app, 'vite.config.ts'), logLevel: quiet ? 'error' : 'warn' });
  }
  return stale;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureUi({ force: process.argv.includes('--force'), quiet: process.argv.includes('--quiet') }).catch((err) => {
    console.error(`authpay: UI build failed: ${err?.message ?? err}`);
    process.exit(1);
  });
}
