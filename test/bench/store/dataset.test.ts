import path from 'node:path';
import { KindRegistry } from '../../../src/host/schema/kind-registry.js';
import { isDns1123Subdomain } from '../../../src/host/resource/metadata-rules.js';
import { nameAt, objectAt } from '../../../bench/store/dataset.js';

const registry = new KindRegistry();
registry.loadDirectory(path.resolve('extensions'));

test('benchmark objects are valid SitePluginAuthLogs with DNS names, regenerated identically from their index', () => {
  const kind = registry.get('SitePluginAuthLog');
  const names = new Set<string>();
  for (let i = 0; i < 2000; i++) {
    const obj = objectAt(i, 1_000_000);
    expect(() => registry.validate(kind, obj)).not.toThrow();
    expect(isDns1123Subdomain(obj.metadata.name)).toBe(true);
    expect(nameAt(i, 1_000_000)).toBe(obj.metadata.name);
    names.add(obj.metadata.name);
  }
  expect(names.size).toBe(2000);
  expect(objectAt(7, 100)).toEqual(objectAt(7, 100));
});
