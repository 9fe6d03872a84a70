import {
  ANNOTATION_DEPENDENCIES,
  ANNOTATION_UI_PERMISSIONS,
  LABEL_AGGREGATE_PREFIX,
  type EffectivePermissions,
  type PolicyRule,
  type Role,
} from './types.js';

/** Read access to the roles known by name, and to the roles that aggregate into a role. */
export interface RoleLookup {
  role(name: string): Role | undefined;
  /** Names of roles labelled `authpay.dev/aggregate-to-<name>: "true"`. */
  aggregatedInto(name: string): string[];
}

/** Parses a JSON-array annotation; a malformed value counts as empty rather than failing every request. */
export function jsonArrayAnnotation(role: Role | undefined, key: string): string[] {
  const raw = role?.metadata.annotations?.[key];
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The roles a role aggregates into, from its `authpay.dev/aggregate-to-<role>: "true"` labels. */
export function aggregationTargets(role: Role): string[] {
  return Object.entries(role.metadata.labels ?? {})
    .filter(([k, v]) => k.startsWith(LABEL_AGGREGATE_PREFIX) && v === 'true')
    .map(([k]) => k.slice(LABEL_AGGREGATE_PREFIX.length));
}

/**
 * Expands root roles the way the host model does: dependencies transitively, plus every role that
 * aggregates into a role already reached (and, in turn, its dependencies). A visited set makes cycles
 * harmless. Unknown role names are kept in the list (a binding may precede its role) but grant nothing.
 */
export function expandRoles(roots: Iterable<string>, lookup: RoleLookup): string[] {
  const visited = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const name = queue.shift()!;
    if (visited.has(name)) continue;
    visited.add(name);
    const role = lookup.role(name);
    for (const dep of jsonArrayAnnotation(role, ANNOTATION_DEPENDENCIES)) if (!visited.has(dep)) queue.push(dep);
    for (const agg of lookup.aggregatedInto(name)) if (!visited.has(agg)) queue.push(agg);
  }
  return [...visited];
}

/** Collects rules and ui-permissions of the expanded roles. */
export function effectivePermissions(roots: Iterable<string>, lookup: RoleLookup): EffectivePermissions {
  const roles = expandRoles(roots, lookup);
  const rules: PolicyRule[] = [];
  const ui = new Set<string>();
  for (const name of roles) {
    const role = lookup.role(name);
    if (!role) continue;
    rules.push(...(role.rules ?? []));
    for (const p of jsonArrayAnnotation(role, ANNOTATION_UI_PERMISSIONS)) ui.add(p);
  }
  return { roles, rules, uiPermissions: [...ui] };
}
