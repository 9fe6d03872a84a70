import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Kubernetes minor version whose API conventions this server follows (kubectl checks version skew). */
const KUBE_MAJOR = '1';
const KUBE_MINOR = '32';

/** The package version, read from the nearest package.json above this file (src/ or dist/ layouts). */
export function packageVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'authpay' && pkg.version) return pkg.version;
    }
    dir = path.dirname(dir);
  }
  return '0.0.0';
}

/** version.Info as served at /version. gitVersion carries our own version as semver build metadata. */
export function versionInfo(serverVersion: string): Record<string, string> {
  return {
    major: KUBE_MAJOR,
    minor: KUBE_MINOR,
    gitVersion: `v${KUBE_MAJOR}.${KUBE_MINOR}.0+authpay.${serverVersion}`,
    gitCommit: '',
    gitTreeState: 'clean',
    buildDate: '',
    goVersion: '',
    compiler: 'authpay',
    platform: `${process.platform}/${process.arch}`,
  };
}
