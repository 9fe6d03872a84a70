import { and, eq } from '../../host/sdk/index.js';
import { requirePlugin } from '../catalog/find-plugin.js';
import type { SitePlugin } from '../catalog/types.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { normalizeDomain } from '../domain-name/normalize-domain.js';
import { hasEntitlement } from '../permanent-users/permanent-users-service.js';
import { requireUser } from '../users/user-lookup.js';
import { assertApplicationAllowed, countTowardLimit, effectiveLimit, UNLIMITED } from './application-limit.js';
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

export interface ApplicationResult {
  record: AuthLog;
  /** False when the triple already had its record (an application is idempotent). */
  created: boolean;
}

/**
 * A user's application (spec state table, "(no record) → 0 or 1"). One transaction holds the limit check
 * and the create: SQLite runs one writer at a time and PostgreSQL takes the store's advisory lock at BEGIN,
 * so concurrent applications can never exceed the limit. A triple that already has its record returns it.
 * A user holding a permanent entitlement for the plugin gets the record authorized permanently at once.
 */
export async function applyForAuthorization(deps: PluginAuthDeps, input: ApplicationInput): Promise<ApplicationResult> {
  const domain = normalizeDomain(input.domain);
  const name = recordName({ pluginKey: input.pluginKey, domain, user: input.user });
  const { client } = deps;
  return client.transaction(async () => {
    const plugin = await requirePlugin(client, input.pluginKey);
    await requireUser(client, input.user);
    const existing = await client.fetch(SitePluginAuthLog, name);
    if (existing) return { record: existing, created: false };
    await checkLimit(deps, plugin, input.user, domain);
    const entitled = await hasEntitlement(client, input.pluginKey, input.user);
    const spec: AuthLogSpec = { pluginKey: input.pluginKey, authUser: input.user, authDomain: domain, authStatus: 0 };
    const record = await client.create(SitePluginAuthLog, {
      metadata: { name },
      spec: entitled ? { ...spec, authStatus: 1, ...grantTimes({ kind: 'PERMANENT' }, deps.clock) } : spec,
    });
    await notifyStatusChange(deps, { after: record, reason: 'APPLICATION', pluginName: plugin.spec.name });
    return { record, created: true };
  });
}

/** AUTH_LIMIT_EXCEEDED (`授权数量已超限`) when the new triple would pass the plugin's or the global limit. */
async function checkLimit(deps: PluginAuthDeps, plugin: SitePlugin, user: string, domain: string): Promise<void> {
  const settings = await deps.settings.read();
  const limit = effectiveLimit(plugin.spec.authCountLimit, settings.globalAuthCountLimit);
  const exempt = settings.exemptDevelopmentHosts;
  const existingCount = limit === UNLIMITED ? 0 : await usedSlots(deps, plugin.spec.key, user, exempt);
  assertApplicationAllowed({ limit, existingCount, domain, exemptDevelopmentHosts: exempt });
}

/** The user's records for the plugin that count (pluginKey + authUser is a compound index). */
async function usedSlots(deps: PluginAuthDeps, pluginKey: string, user: string, exempt: boolean): Promise<number> {
  const where = and(eq('spec.pluginKey', pluginKey), eq('spec.authUser', user));
  if (!exempt) return deps.client.count(SitePluginAuthLog, where);
  const domains: string[] = [];
  for await (const record of deps.client.listAll(SitePluginAuthLog, where)) domains.push(record.spec.authDomain);
  return countTowardLimit(domains, exempt);
}
