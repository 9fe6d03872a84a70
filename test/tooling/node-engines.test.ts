import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The README's Node paragraph, held against package-lock.json and .ci/run: package.json's `engines` names
 * exactly the Node versions every locked package admits, and CI runs one of them. A dependency update that
 * narrows the range fails here, with the names.
 */
// npm's own range rules; semver is installed with the toolchain (jest, eslint, typescript-eslint need it), untyped here.
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } }>;
};
const declared = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
/** The Node version .ci/run installs when the machine's is outside `engines`. */
const CI_NODE = /^CI_NODE_VERSION=(\S+)$/m.exec(readFileSync(path.join(root, '.ci', 'run'), 'utf8'))?.[1] ?? 'missing';

const lockedPackages = Object.entries(lock.packages)
  .filter(([where, entry]) => where !== '' && entry.engines?.node)
  .map(([where, entry]) => ({ name: where.replace(/^.*node_modules\//, ''), version: entry.version, engines: entry.engines!.node! }));
const refusing = (node: string) =>
  lockedPackages.filter((pkg) => !semver.satisfies(node, pkg.engines)).map((pkg) => `${pkg.name}@${pkg.version} (${pkg.engines})`);

describe('Node versions (README, package.json engines, .ci/run)', () => {
  test.each(['22.22.0', '22.99.0', '24.11.0', '25.0.0', '26.99.0'])('package.json admits Node %s and every locked package does', (node) => {
    expect(semver.satisfies(node, declared)).toBe(true);
    expect(refusing(node)).toEqual([]);
  });

  test.each(['20.20.0', '22.21.0', '23.11.0', '24.10.0', '27.0.0'])('package.json does not admit Node %s', (node) => {
    expect(semver.satisfies(node, declared)).toBe(false);
  });

  test('the Node below each admitted line is refused by a locked package, so the range is not narrower than it must be', () => {
    for (const node of ['22.21.0', '23.11.0', '24.10.0', '27.0.0']) expect(refusing(node)).not.toEqual([]);
  });

  test('CI runs a Node that package.json admits', () => {
    expect(CI_NODE).toMatch(/^\d+\.\d+\.\d+$/);
    expect(semver.satisfies(CI_NODE, declared)).toBe(true);
    expect(refusing(CI_NODE)).toEqual([]);
  });
});
