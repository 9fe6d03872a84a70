import type { WatchEvent } from '../resource/types.js';
import type { RoleLookup } from './role-expansion.js';
import { aggregationTargets } from './role-expansion.js';
import type { Role, RoleBinding } from './types.js';

/**
 * In-memory view of every Role and RoleBinding, kept current by watch events: roles by name, which roles
 * aggregate into which, and which roles each user is bound to. Both kinds are small next to users (a
 * binding exists only for an explicit grant), so holding them all is cheap and makes checks allocation-free.
 */
export class RoleIndex implements RoleLookup {
  private readonly roles = new Map<string, Role>();
  private readonly aggregates = new Map<string, Set<string>>();
  private readonly bindings = new Map<string, { users: string[]; role: string }>();
  private readonly byUser = new Map<string, Map<string, string>>();

  role(name: string): Role | undefined {
    return this.roles.get(name);
  }

  allRoles(): Role[] {
    return [...this.roles.values()];
  }

  aggregatedInto(name: string): string[] {
    return [...(this.aggregates.get(name) ?? [])];
  }

  /** Role names bound to a user by RoleBindings, sorted. */
  boundRoles(username: string): string[] {
    return [...new Set(this.byUser.get(username)?.values() ?? [])].sort();
  }

  /** User names bound to a role by RoleBindings, sorted (the console lists a role's holders). */
  usersBoundTo(role: string): string[] {
    const users = new Set<string>();
    for (const binding of this.bindings.values()) if (binding.role === role) for (const user of binding.users) users.add(user);
    return [...users].sort();
  }

  /** Names of the bindings that list the user as a subject. */
  bindingNamesOf(username: string): string[] {
    return [...(this.byUser.get(username)?.keys() ?? [])];
  }

  onRoleEvent(event: WatchEvent<Role>): void {
    const name = event.object.metadata.name;
    const previous = this.roles.get(name);
    if (previous) for (const target of aggregationTargets(previous)) this.aggregates.get(target)?.delete(name);
    if (event.type === 'DELETED') {
      this.roles.delete(name);
      return;
    }
    this.roles.set(name, event.object);
    for (const target of aggregationTargets(event.object)) {
      let set = this.aggregates.get(target);
      if (!set) this.aggregates.set(target, (set = new Set()));
      set.add(name);
    }
  }

  onBindingEvent(event: WatchEvent<RoleBinding>): void {
    const name = event.object.metadata.name;
    const previous = this.bindings.get(name);
    for (const user of previous?.users ?? []) this.byUser.get(user)?.delete(name);
    if (event.type === 'DELETED') {
      this.bindings.delete(name);
      return;
    }
    const users = (event.object.subjects ?? []).filter((s) => s.kind === 'User').map((s) => s.name);
    const role = event.object.roleRef?.kind === 'Role' ? event.object.roleRef.name : '';
    this.bindings.set(name, { users, role });
    if (!role) return;
    for (const user of users) {
      let map = this.byUser.get(user);
      if (!map) this.byUser.set(user, (map = new Map()));
      map.set(name, role);
    }
  }
}
