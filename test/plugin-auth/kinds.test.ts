import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { KindRegistry } from '../../src/host/schema/kind-registry.js';
import { SqliteStore } from '../../src/host/store/sqlite-store.js';
import { ExtensionClient } from '../../src/host/client/extension-client.js';
import type { AnyKindDef } from '../../src/host/sdk/index.js';

const SERVICE_DIR = path.resolve('src/plugin-auth');
/** The service's own groups: the resources, and the key that lives in a group of its own. */
const SERVICE_GROUP = /(^|\.)pluginauth\.authpay\.dev$/;

const registry = new KindRegistry();
registry.loadDirectory(path.resolve('extensions'));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function isKindDef(value: unknown): value is AnyKindDef {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return ['group', 'version', 'kind', 'plural'].every((k) => typeof v[k] === 'string');
}

/** Every KindDef any module of the service exports, by where it is exported. */
async function exportedKindDefs(): Promise<Array<{ where: string; def: AnyKindDef }>> {
  const found: Array<{ where: string; def: AnyKindDef }> = [];
  for (const file of sourceFiles(SERVICE_DIR)) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (isKindDef(value)) found.push({ where: `${path.relative(SERVICE_DIR, file)}#${name}`, def: value });
    }
  }
  return found;
}

describe('the kinds plugin-auth defines in code', () => {
  let defs: Array<{ where: string; def: AnyKindDef }>;

  beforeAll(async () => {
    defs = await exportedKindDefs();
  });

  test('each exported KindDef has the group, version and plural of its CRD in extensions/', () => {
    expect(defs.length).toBeGreaterThan(0);
    for (const { where, def } of defs) {
      const crd = registry.find(def.kind);
      expect([where, crd && { group: crd.group, version: crd.version, plural: crd.plural }]).toEqual([
        where,
        { group: def.group, version: def.version, plural: def.plural },
      ]);
    }
  });

  test("every CRD of the service's groups has exactly one KindDef, defined once", () => {
    const served = registry
      .kinds()
      .filter((k) => SERVICE_GROUP.test(k.group))
      .map((k) => k.kind)
      .sort();
    // Kinds of other groups (the payment service's contract, read as data) are checked above, not counted here.
    const defined = [...new Set(defs.map(({ def }) => def))]
      .filter((def) => SERVICE_GROUP.test(def.group))
      .map((def) => def.kind)
      .sort();
    expect(defined).toEqual(served);
  });

  test('the extension client accepts every one (its own check against the CRD on first use)', async () => {
    const store = new SqliteStore(':memory:');
    try {
      const client = new ExtensionClient(registry, store);
      for (const { def } of defs) expect(client.kind(def).apiVersion).toBe(`${def.group}/${def.version}`);
    } finally {
      await store.close();
    }
  });
});
