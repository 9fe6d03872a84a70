import { inValues, listResult, type ExtensionClient, type ListResult } from '../../host/sdk/index.js';
import { SitePlugin } from '../catalog/types.js';
import { listPermanentUsers } from './permanent-users-service.js';

/** One entitlement as the user center shows it. */
export interface EntitlementView {
  name: string;
  pluginKey: string;
  pluginName: string;
  authTime: string;
  source: string;
  paymentId?: string;
}

/** The user's entitlements, newest first, each with its plugin's catalog name (one indexed read per page). */
export async function listMyEntitlements(
  client: ExtensionClient,
  user: string,
  page: { page: number; size: number },
): Promise<ListResult<EntitlementView>> {
  const found = await listPermanentUsers(client, { authUser: user, ...page });
  const keys = [...new Set(found.items.map((e) => e.spec.pluginKey))];
  const plugins = keys.length ? (await client.list(SitePlugin, { where: inValues('spec.key', keys), size: keys.length })).items : [];
  const names = new Map(plugins.map((p) => [p.spec.key, p.spec.name]));
  const items = found.items.map((e) => ({
    name: e.metadata.name,
    pluginKey: e.spec.pluginKey,
    pluginName: names.get(e.spec.pluginKey) ?? e.spec.pluginKey,
    authTime: e.spec.authTime,
    source: e.spec.source,
    ...(e.spec.paymentId ? { paymentId: e.spec.paymentId } : {}),
  }));
  return listResult(items, found.total, page.page, page.size);
}
