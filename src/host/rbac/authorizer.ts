import type { ExtensionClient } from '../client/extension-client.js';
import type { AnyKindDef } from '../resource/kind-def.js';
import type { WatchHandle } from '../store/store.js';
import type { Principal } from '../request/principal.js';
import { effectivePermissions } from './role-expansion.js';
import { RoleIndex } from './role-index.js';
import { rulesAllow } from './policy-rule.js';
import type { RequestInfo } from './request-info.js';
import { ANONYMOUS_ROLE, AUTHENTICATED_ROLE, Role, RoleBinding, type EffectivePermissions } from './types.js';

const MAX_CACHED = 5_000;

/**
 * Decides whether a caller may make a request. Roles and bindings come from a watch-fed index; the
 * expanded permissions are cached per caller and dropped whenever a Role, RoleBinding or User changes.
 */
export class Authorizer {
  readonly index = new RoleIndex();
  private readonly cache = new Map<string, EffectivePermissions>();
  private readonly decisions = new WeakMap<EffectivePermissions, WeakMap<RequestInfo, boolean>>();
  private readonly watches: WatchHandle[] = [];

  /**
   * `userKind` is the host's User kind: a change of a user forgets what was worked out for them. It is handed
   * in because users/ sits above rbac/ (it binds roles), so rbac/ cannot import its definition.
   */
  constructor(
    private readonly client: ExtensionClient,
    private readonly userKind: AnyKindDef,
  ) {}

  /** Loads every role and binding and follows their changes. */
  async start(): Promise<void> {
    this.watches.push(
      await this.client.watch(Role, {}, (e) => {
        this.index.onRoleEvent(e);
        this.cache.clear();
      }),
      await this.client.watch(RoleBinding, {}, (e) => {
        this.index.onBindingEvent(e);
        this.cache.clear();
      }),
      await this.client.watch(this.userKind, { resourceVersion: String(await this.client.store.currentRevision()) }, (e) =>
        this.forget(e.object.metadata.name),
      ),
    );
  }

  stop(): void {
    for (const w of this.watches.splice(0)) w.stop();
  }

  /** Roles a user is bound to (RoleBindings only; the implicit roles are added by rootsOf). */
  boundRoles(username: string): string[] {
    return this.index.boundRoles(username);
  }

  /** Every caller has `anonymous`; every authenticated caller also has `authenticated`. */
  rootsOf(principal: Principal): string[] {
    const implicit = principal.anonymous ? [ANONYMOUS_ROLE] : [AUTHENTICATED_ROLE, ANONYMOUS_ROLE];
    return [...new Set([...principal.roles, ...implicit])];
  }

  permissionsOf(principal: Principal): EffectivePermissions {
    const roots = this.rootsOf(principal);
    const key = `${principal.username}\n${roots.join(',')}`;
    let found = this.cache.get(key);
    if (!found) {
      found = effectivePermissions(roots, this.index);
      if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(key, found);
    }
    return found;
  }

  /**
   * Decisions are kept per permission set and request info: both objects are reused (permissions per caller
   * until a Role, RoleBinding or User changes, infos per method and path by the middleware), so a caller
   * asking the same path again is one lookup, and a change, which replaces the permission sets, forgets them.
   */
  allows(principal: Principal, info: RequestInfo): boolean {
    const permissions = this.permissionsOf(principal);
    let decisions = this.decisions.get(permissions);
    if (!decisions) this.decisions.set(permissions, (decisions = new WeakMap()));
    let allowed = decisions.get(info);
    if (allowed === undefined) decisions.set(info, (allowed = rulesAllow(permissions.rules, info)));
    return allowed;
  }

  private forget(username: string): void {
    for (const key of this.cache.keys()) if (key.startsWith(`${username}\n`)) this.cache.delete(key);
  }
}
