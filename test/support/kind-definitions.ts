import { ExtensionClient } from '../../src/host/client/extension-client.js';
import type { AnyKindDef } from '../../src/host/resource/kind-def.js';
import type { KindRegistry } from '../../src/host/schema/kind-registry.js';
import { SqliteStore } from '../../src/host/store/sqlite-store.js';

/**
 * The checks every family of kind definitions gets: each definition names its CRD's group, version and plural,
 * and the client accepts it (ExtensionClient checks a definition against its CRD on first use).
 */
export function testDefinitionsAgainstCrds(defs: readonly AnyKindDef[], registry: KindRegistry): void {
  test.each(defs.map((def) => [def.kind, def] as const))('%s has the group, version and plural of its CRD', (_, def) => {
    const crd = registry.get(def.kind);
    expect({ group: def.group, version: def.version, plural: def.plural }).toEqual({
      group: crd.group,
      version: crd.version,
      plural: crd.plural,
    });
  });

  test('the client accepts every definition (it checks each against the CRD on first use)', async () => {
    const store = new SqliteStore(':memory:');
    try {
      const client = new ExtensionClient(registry, store);
      for (const def of defs) expect(client.kind(def).kind).toBe(def.kind);
    } finally {
      await store.close();
    }
  });
}
