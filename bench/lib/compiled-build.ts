import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/**
 * A compiled copy of the package in a temporary directory (tsc into <root>/dist, with links to the
 * package's data files), so a bench can start the server as `node dist/...` runs it without writing dist/
 * into the working tree that bin/authpay.js would then prefer.
 */
export interface CompiledBuild {
  root: string;
  /** Absolute URL of dist/main.js for a dynamic import. */
  mainUrl: string;
  dispose(): void;
}

const LINKED = ['package.json', 'plugin.yaml', 'extensions', 'templates', 'node_modules', 'src'];

export function buildCompiled(packageRoot = path.resolve('.')): CompiledBuild {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-bench-build-'));
  const tsc = path.join(packageRoot, 'node_modules', '.bin', 'tsc');
  try {
    execFileSync(tsc, ['-p', path.join(packageRoot, 'tsconfig.build.json'), '--outDir', path.join(root, 'dist')], { stdio: 'pipe' });
  } catch (err) {
    // Type errors still emit JavaScript; only a missing dist/main.js is fatal.
    if (!fs.existsSync(path.join(root, 'dist', 'main.js'))) throw err;
  }
  for (const name of LINKED) {
    const target = path.join(packageRoot, name);
    if (fs.existsSync(target)) fs.symlinkSync(target, path.join(root, name));
  }
  return {
    root,
    mainUrl: new URL(`file://${path.join(root, 'dist', 'main.js')}`).href,
    dispose: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}
