import fs from 'node:fs';
import path from 'node:path';
import { KindRegistry } from '../../../../src/host/schema/kind-registry.js';
import { WatchFilter } from '../../../../src/host/api/generic/watch-filter.js';
import type { Resource, WatchEvent, WatchEventType } from '../../../../src/host/resource/types.js';

const registry = new KindRegistry();
registry.loadYaml(fs.readFileSync(path.resolve('extensions/site-plugin-auth-log.yaml'), 'utf8'));
const kind = registry.get('SitePluginAuthLog');
const gold = { op: 'label_eq', key: 'tier', value: 'gold' } as const;

function event(type: WatchEventType, name: string, revision: number, tier = 'gold'): WatchEvent {
  const object: Resource = {
    apiVersion: kind.apiVersion,
    kind: kind.kind,
    metadata: { name, labels: { tier }, resourceVersion: String(revision) },
    spec: {},
  };
  return { type, object, revision };
}

const types = (filter: WatchFilter, events: WatchEvent[]) => events.map((e) => filter.translate(e)?.type ?? '-');

test('after a listing, stale events are dropped and selector moves become ADDED/DELETED', () => {
  const filter = new WatchFilter(kind, gold, true);
  filter.remember(event('ADDED', 'a', 5).object);
  expect(
    types(filter, [
      event('MODIFIED', 'a', 4), // older than what the listing sent
      event('MODIFIED', 'a', 6),
      event('MODIFIED', 'a', 7, 'silver'), // leaves the selector
      event('MODIFIED', 'a', 8, 'silver'),
      event('MODIFIED', 'a', 9), // enters it again
      event('DELETED', 'b', 10), // never sent: the client does not know it
      event('ADDED', 'c', 11),
      event('DELETED', 'c', 12),
    ]),
  ).toEqual(['-', 'MODIFIED', 'DELETED', '-', 'ADDED', '-', 'ADDED', 'DELETED']);
});

test('when resuming, events keep their type and only matching ones pass', () => {
  const filter = new WatchFilter(kind, gold, false);
  expect(
    types(filter, [
      event('MODIFIED', 'a', 3),
      event('MODIFIED', 'b', 4, 'silver'),
      event('MODIFIED', 'a', 5, 'silver'),
      event('DELETED', 'c', 6),
    ]),
  ).toEqual(['MODIFIED', '-', 'DELETED', 'DELETED']);
  const all = new WatchFilter(kind, undefined, false);
  expect(types(all, [event('MODIFIED', 'a', 3, 'silver'), event('DELETED', 'a', 4)])).toEqual(['MODIFIED', 'DELETED']);
});
