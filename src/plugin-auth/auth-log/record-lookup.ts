import { and, eq, type ExtensionClient } from '../../host/sdk/index.js';
import { recordName } from './record-name.js';
import { stateOf, type RecordState } from './record-state.js';
import { SitePluginAuthLog, type AuthLog } from './types.js';

/** More records than this for one plugin and host (one per user) are not looked at. */
const MAX_RECORDS_PER_DOMAIN = 50;

/** The record of (plugin, host, user) by its name: one primary-key read; a malformed record counts as none. */
export async function recordOf(client: ExtensionClient, pluginKey: string, host: string, user: string): Promise<AuthLog | undefined> {
  const record = user ? await client.fetch(SitePluginAuthLog, recordName({ pluginKey, domain: host, user })) : undefined;
  return record && client.wellFormed(SitePluginAuthLog, record) ? record : undefined;
}

/**
 * The record that speaks for a plugin and host when no user is known: of the host's records (one per user,
 * read on the authDomain index), a valid one with the latest expiry, else an expired one, else a pending one.
 */
export async function recordForDomain(client: ExtensionClient, pluginKey: string, host: string, now: number): Promise<AuthLog | undefined> {
  const where = and(eq('spec.authDomain', host), eq('spec.pluginKey', pluginKey));
  const page = await client.list(SitePluginAuthLog, { where, limit: MAX_RECORDS_PER_DOMAIN });
  const rank: Record<RecordState, number> = { VALID: 3, EXPIRED: 2, PENDING: 1, NOT_FOUND: 0 };
  let best: AuthLog | undefined;
  for (const record of client.viewItems(SitePluginAuthLog, page.items, (r) => r)) {
    const diff = rank[stateOf(record, now)] - rank[stateOf(best, now)];
    if (diff > 0 || (diff === 0 && (record.spec.expireTime ?? '') > (best?.spec.expireTime ?? ''))) best = record;
  }
  return best;
}
