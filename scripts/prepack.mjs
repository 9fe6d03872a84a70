#!/usr/bin/env node
// `npm pack` / `npm publish` run this first (`npm ci` does not, which is why it is not `prepare`): a clean compile
// of the server into dist/ and the browser apps' builds, then a check that everything package.json "files" promises
// is there, so a tarball never ships without the UI (/console/ would answer 503) or with stale compiled files.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureUi } from './ensure-ui.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REQUIRED = ['dist/cli.js', 'dist/main.js', 'console-ui/dist/index.html', 'uc-ui/dist/index.html'];

function compileServer() {
  // A file deleted from src/ must not live on in the package.
  fs.rmSync(path.join(ROOT, 'dist'), { recursive: true, force: true });
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`tsc -p tsconfig.build.json failed (exit ${run.status ?? run.signal})`);
}

try {
  console.log('authpay: compiling the server into dist/ …');
  compileServer();
  // Reuses a build that is newer than its sources (ensure-ui.mjs), else builds; without vite this throws.
  await ensureUi({ strict: true });
  const missing = REQUIRED.filter((file) => !fs.existsSync(path.join(ROOT, file)));
  if (missing.length) throw new Error(`missing after the build: ${missing.join(', ')}`);
} catch (err) {
  console.error(`authpay: prepack failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
