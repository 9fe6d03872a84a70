import { and, eq } from '../../host/sdk/index.js';
import { requirePlugin } from '../catalog/find-plugin.js';
import type { SitePlugin } from '../catalog/types.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { normalizeDomain } from '../domain-name/normalize-domain.js';
import { hasEntitlement } from '../permanent-users/permanent-users-service.js';
import { requireUser } from '../users/user-lookup.js';
import { assertApplicationAllowed, assertUnconfirmedRoom, countTowardLimit, effectiveLimit, UNLIMITED } from './application-limit.js';
import { userDomainsLock } from '../deps/lock-keys.js';
import { grantTimes } from './grant-times.js';
import { recordName } from './record-name.js';
import { notifyStatusChange } from './status-notification.js';
import { SitePluginAuthLog, type AuthLog, type AuthLogSpec } from './types.js';

/** Who applies for what: the caller (user center) or a named user (the public API of issue 5). */
export interface ApplicationInput {
  pluginKey: string;
  /** A host or a full URL; stored as the normalized host. */
  domain: string;
  user: string;
}

/**
 * Who asks: the user themself (user center, activation by code), or a caller of the public API who names
 * the user and may know nothing else about them (issue 21 item 5).
 */
export type ApplicationOrigin = 'USER' | 'PUBLIC_API';

/** How an application is made: `notify: false` when the caller's next step notifies (activation by code). */
export interface ApplicationOptions {
  notify?: boolean;
}

/**
 * What an application did, for the one who asked to be told (docs/plugin-auth.md, "Applying"):
 * - `PENDING_REVIEW`: the record was created (or confirmed) and waits for an administrator;
 * - `AUTHORIZED_PERMANENTLY`: the user holds a permanent entitlement, so it was authorized permanently at once;
 * - `AWAITING_CONFIRMATION`: created through the public API; the user confirms it in the user center;
 * - `ALREADY_APPLIED`: the domain already had its record, which is answered as it is (nothing changed).
 */
export type ApplicationOutcome = 'PENDING_REVIEW' | 'AUTHORIZED_PERMANENTLY' | 'AWAITING_CONFIRMATION' | 'ALREADY_APPLIED';
export const APPLICATION_OUTCOMES: readonly ApplicationOutcome[] = [
  'PENDING_REVIEW',
  'AUTHORIZED_PERMANENTLY',
  'AWAITING_CONFIRMATION',
  'ALREADY_APPLIED',
];

export interface ApplicationResult {
  record: AuthLog;
  /** False when the triple already had its record (an application is idempotent). */
  created: boolean;
  outcome: ApplicationOutcome;
}

/** The outcome of a record this application wrote (created or confirmed). */
function outcomeOf(record: AuthLog): ApplicationOutcome {
  if (record.spec.unconfirmed) return 'AWAITING_CONFIRMATION';
  return record.spec.authStatus === 1 ? 'AUTHORIZED_PERMANENTLY' : 'PENDING_REVIEW';
}

/**
 * An application (spec state table, "(no record) → 0 or 1"). One transaction holds the limit check and the
 * write, under the lock of the user's records of the plugin (userDomainsLock), so concurrent applications, in
 * any process, can never exceed the limit. A triple that already has its record returns it.
 *
 * The user's own application: under the limit; a user holding a permanent entitlement for the plugin gets
 * the record authorized permanently at once. When the triple's record was created through the public API
 * and is still unconfirmed, the user's application confirms it (same rules, the record is kept).
 *
 * A public-API application: the record is created unconfirmed and pending (never authorized, entitlement or
 * not), counts toward no limit, and at most unconfirmedCap(limit) of them wait per user and plugin.
 */
export async function applyForAuthorization(
  deps: PluginAuthDeps,
  input: ApplicationInput,
  origin: ApplicationOrigin = 'USER',
  options: ApplicationOptions = {},
): Promise<ApplicationResult> {
  const notify = options.notify ?? true;
  const domain = normalizeDomain(input.domain);
  const name = recordName({ pluginKey: input.pluginKey, domain, user: input.user });
  const { client } = deps;
  return client.transaction(async () => {
    await client.lock(userDomainsLock(input.pluginKey, input.user));
    const plugin = await requirePlugin(client, input.pluginKey);
    await requireUser(client, input.user);
    const existing = await client.fetch(SitePluginAuthLog, name);
    if (existing && origin === 'USER' && existing.spec.unconfirmed) {
      const confirmed = await confirm(deps, plugin, existing, notify);
      return { record: confirmed, created: false, outcome: outcomeOf(confirmed) };
    }
    if (existing) return { record: existing, created: false, outcome: 'ALREADY_APPLIED' };
    const spec: AuthLogSpec = { pluginKey: input.pluginKey, authUser: input.user, authDomain: domain, authStatus: 0 };
    if (origin === 'PUBLIC_API') await checkUnconfirmedRoom(deps, plugin, input.user);
    const record = await client.create(SitePluginAuthLog, {
      metadata: { name },
      spec: origin === 'PUBLIC_API' ? { ...spec, unconfirmed: true } : await grantedSpec(deps, plugin, spec),
    });
    const reason = origin === 'PUBLIC_API' ? 'PUBLIC_APPLICATION' : 'APPLICATION';
    if (notify) await notifyStatusChange(deps, { after: record, reason, pluginName: plugin.spec.name });
    return { record, created: true, outcome: outcomeOf(record) };
  });
}

/** The user confirms a record created through the public API: the limit applies now, then the entitlement. */
async function confirm(deps: PluginAuthDeps, plugin: SitePlugin, record: AuthLog, notify: boolean): Promise<AuthLog> {
  const { unconfirmed: _unconfirmed, ...spec } = record.spec;
  const written = await deps.client.update({ ...record, spec: await grantedSpec(deps, plugin, spec) });
  if (notify) await notifyStatusChange(deps, { before: record.spec, after: written, reason: 'APPLICATION', pluginName: plugin.spec.name });
  return written;
}

/** The spec of a user's own application once it passed the limit: authorized permanently with an entitlement. */
async function grantedSpec(deps: PluginAuthDeps, plugin: SitePlugin, spec: AuthLogSpec): Promise<AuthLogSpec> {
  await checkLimit(deps, plugin, spec.authUser, spec.authDomain);
  const entitled = await hasEntitlement(deps.client, plugin.spec.key, spec.authUser);
  return entitled ? { ...spec, authStatus: 1, ...grantTimes({ kind: 'PERMANENT' }, deps.clock) } : spec;
}

/** AUTH_LIMIT_EXCEEDED (`授权数量已超限`) when the new triple would pass the plugin's or the global limit. */
async function checkLimit(deps: PluginAuthDeps, plugin: SitePlugin, user: string, domain: string): Promise<void> {
  const settings = await deps.settings.read();
  const limit = effectiveLimit(plugin.spec.authCountLimit, settings.globalAuthCountLimit);
  const exempt = settings.exemptDevelopmentHosts;
  const existingCount = limit === UNLIMITED ? 0 : countTowardLimit((await usage(deps, plugin.spec.key, user)).confirmedDomains, exempt);
  assertApplicationAllowed({ limit, existingCount, domain, exemptDevelopmentHosts: exempt });
}

async function checkUnconfirmedRoom(deps: PluginAuthDeps, plugin: SitePlugin, user: string): Promise<void> {
  const settings = await deps.settings.read();
  const limit = effectiveLimit(plugin.spec.authCountLimit, settings.globalAuthCountLimit);
  assertUnconfirmedRoom(limit, (await usage(deps, plugin.spec.key, user)).unconfirmed);
}

/**
 * The user's records for the plugin (pluginKey + authUser + authDomain is a compound index): the domains of
 * those that count (every one the user confirmed or applied for themself) and how many wait for confirmation.
 */
async function usage(deps: PluginAuthDeps, pluginKey: string, user: string): Promise<{ confirmedDomains: string[]; unconfirmed: number }> {
  const where = and(eq('spec.pluginKey', pluginKey), eq('spec.authUser', user));
  const found = { confirmedDomains: [] as string[], unconfirmed: 0 };
  for await (const { spec } of deps.client.listAll(SitePluginAuthLog, where)) {
    if (spec.unconfirmed) found.unconfirmed++;
    else found.confirmedDomains.push(spec.authDomain);
  }
  return found;
}
