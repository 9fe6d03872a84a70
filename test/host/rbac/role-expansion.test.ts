import { effectivePermissions, expandRoles, type RoleLookup } from '../../../src/host/rbac/role-expansion.js';
import { aggregationTargets } from '../../../src/host/rbac/role-expansion.js';
import type { Role } from '../../../src/host/rbac/types.js';

function role(name: string, opts: { deps?: string[]; aggregateTo?: string[]; ui?: string[]; verbs?: string[] } = {}): Role {
  const annotations: Record<string, string> = {};
  if (opts.deps) annotations['authpay.dev/dependencies'] = JSON.stringify(opts.deps);
  if (opts.ui) annotations['authpay.dev/ui-permissions'] = JSON.stringify(opts.ui);
  const labels = Object.fromEntries((opts.aggregateTo ?? []).map((t) => [`authpay.dev/aggregate-to-${t}`, 'true']));
  return {
    apiVersion: 'host.authpay.dev/v1alpha1',
    kind: 'Role',
    metadata: { name, labels, annotations },
    rules: [{ apiGroups: ['g'], resources: [name], verbs: opts.verbs ?? ['get'] }],
  };
}

function lookup(roles: Role[]): RoleLookup {
  const byName = new Map(roles.map((r) => [r.metadata.name, r]));
  return {
    role: (n) => byName.get(n),
    aggregatedInto: (n) => roles.filter((r) => aggregationTargets(r).includes(n)).map((r) => r.metadata.name),
  };
}

test('dependencies expand transitively', () => {
  const l = lookup([role('a', { deps: ['b'] }), role('b', { deps: ['c'] }), role('c'), role('unrelated')]);
  expect(expandRoles(['a'], l).sort()).toEqual(['a', 'b', 'c']);
});

test('cycles in dependencies terminate', () => {
  const l = lookup([role('a', { deps: ['b'] }), role('b', { deps: ['c'] }), role('c', { deps: ['a'] })]);
  expect(expandRoles(['a'], l).sort()).toEqual(['a', 'b', 'c']);
  expect(expandRoles(['c'], l).sort()).toEqual(['a', 'b', 'c']);
});

test('roles aggregating into a reached role are added, with their own dependencies', () => {
  const l = lookup([
    role('anonymous', { deps: ['public'] }),
    role('public'),
    role('plugin-public', { aggregateTo: ['anonymous'], deps: ['plugin-base'] }),
    role('plugin-base'),
    role('into-public', { aggregateTo: ['public'] }),
    role('into-other', { aggregateTo: ['other'] }),
  ]);
  expect(expandRoles(['anonymous'], l).sort()).toEqual(['anonymous', 'into-public', 'plugin-base', 'plugin-public', 'public']);
});

test('aggregation cycles terminate too', () => {
  const l = lookup([role('x', { aggregateTo: ['y'] }), role('y', { aggregateTo: ['x'] })]);
  expect(expandRoles(['x'], l).sort()).toEqual(['x', 'y']);
});

test('effective permissions collect rules and de-duplicated ui-permissions; unknown roles grant nothing', () => {
  const l = lookup([role('manage', { deps: ['view'], ui: ['p:manage'] }), role('view', { ui: ['p:view', 'p:manage'] })]);
  const perms = effectivePermissions(['manage', 'ghost'], l);
  expect(perms.roles.sort()).toEqual(['ghost', 'manage', 'view']);
  expect(perms.uiPermissions.sort()).toEqual(['p:manage', 'p:view']);
  expect(perms.rules.map((r) => r.resources?.[0]).sort()).toEqual(['manage', 'view']);
});

test('a malformed dependencies annotation counts as empty', () => {
  const broken = role('broken');
  broken.metadata.annotations = { 'authpay.dev/dependencies': 'not json' };
  expect(expandRoles(['broken'], lookup([broken]))).toEqual(['broken']);
});
