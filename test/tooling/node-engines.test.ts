import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The README's Node paragraph, held against package-lock.json: every package the server runs with admits
 * the Node versions package.json's `engines` names, and the development packages that want a newer Node than
 * CI's are the ones the README lists. A dependency update that changes either fails here, with the names.
 */
// npm's own range rules; semver is installed with the toolchain (jest, eslint, typescript-eslint need it), untyped here.
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; dev?: boolean; devOptional?: boolean; engines?: { node?: string } }>;
};
const declared = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
/** The Node version .ci/run runs on. */
const CI_NODE = '20.20.0';
/** Named in the README (by package family): they declare Node ≥ 22 (chokidar 22.22, the @babel 8 set 22.18 or 24.11). */
const DEV_PACKAGES_WANTING_NODE_22 = /^(vue-i18n|@intlify\/.*|@vueuse\/.*|chokidar|@babel\/.*|ast-kit|ast-walker-scope)$/;

const lockedPackages = Object.entries(lock.packages)
  .filter(([where, entry]) => where !== '' && entry.engines?.node)
  .map(([where, entry]) => ({
    name: where.replace(/^.*node_modules\//, ''),
    version: entry.version,
    engines: entry.engines!.node!,
    dev: entry.dev === true || entry.devOptional === true,
  }));
const refusing = (node: string, packages = lockedPackages) =>
  packages.filter((pkg) => !semver.satisfies(node, pkg.engines)).map((pkg) => `${pkg.name}@${pkg.version} (${pkg.engines})`);

describe('Node versions (README, package.json engines)', () => {
  test.each(['20.12.0', '20.20.0', '22.0.0', '24.0.0', '26.0.0'])(
    'package.json admits Node %s and every package the server runs with does',
    (node) => {
      expect(semver.satisfies(node, declared)).toBe(true);
      expect(
        refusing(
          node,
          lockedPackages.filter((pkg) => !pkg.dev),
        ),
      ).toEqual([]);
    },
  );

  test('package.json does not admit a Node the server cannot run on (crypto.hash is 20.12; better-sqlite3 skips 21)', () => {
    for (const node of ['20.11.1', '21.7.0', '27.0.0']) expect(semver.satisfies(node, declared)).toBe(false);
  });

  test("the development packages that refuse CI's Node are the ones the README names", () => {
    const unnamed = refusing(CI_NODE).filter((line) => !DEV_PACKAGES_WANTING_NODE_22.test(line.replace(/@[^@]*$/, '')));
    expect(unnamed).toEqual([]);
  });

  test('every locked package admits Node 22.22, the README says', () => {
    expect(refusing('22.22.0')).toEqual([]);
  });
});
