import { and, defineOperation, eq, gt, inValues, listResultSchema, type OperationDef } from '../../host/sdk/index.js';
import { UC_GROUP } from '../api/groups.js';
import { TAGS } from '../api/tags.js';
import { listSitePlugins, type SitePluginFilter } from '../catalog/list-site-plugins.js';
import { LIST_QUERY, pluginSchema } from '../catalog/routes.js';
import { saleAmount } from '../catalog/sale-amount.js';
import type { SitePluginView } from '../catalog/site-plugin-view.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { PermanentAuthUser } from '../permanent-users/types.js';
import { nowStamp } from '../timestamps/whole-second.js';
import { effectiveLimit } from './application-limit.js';
import { SitePluginAuthLog } from './types.js';

/**
 * The plugins of the catalog page a user may download: those they hold a valid authorization for (an authorized
 * record that has not expired) or a permanent entitlement of (bought, redeemed or granted: the download comes
 * before the first domain). Two indexed reads over the page's plugins that have a download address.
 */
export async function downloadableKeys(deps: PluginAuthDeps, user: string, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const records = await deps.client.list(SitePluginAuthLog, {
    where: and(
      eq('spec.authUser', user),
      inValues('spec.pluginKey', keys),
      eq('spec.authStatus', 1),
      gt('spec.expireTime', nowStamp(deps.clock)),
    ),
    countTotal: false,
  });
  const entitled = await deps.client.list(PermanentAuthUser, {
    where: and(eq('spec.authUser', user), inValues('spec.pluginKey', keys)),
    countTotal: false,
  });
  return new Set([...records.items, ...entitled.items].map((item) => item.spec.pluginKey));
}

/**
 * The catalog page as the user sees it: the download `url` only where they may use it (spec: opened after
 * authorization), for paid plugins the amount a checkout charges (`saleAmount`), and the number of domains a
 * user may apply for (`domainLimit`: the plugin's own limit, else the global one; -1 = unlimited).
 */
export async function userCatalog(deps: PluginAuthDeps, user: string, filter: SitePluginFilter) {
  const page = await listSitePlugins(deps.client, filter);
  const { globalAuthCountLimit } = await deps.settings.read();
  const withUrl = page.items.filter((p) => p.spec.url).map((p) => p.spec.key);
  const allowed = await downloadableKeys(deps, user, withUrl);
  const items = page.items.map((p): SitePluginView & { saleAmount?: string; domainLimit: number } => {
    const sale = p.priceType === 'PAID' ? saleAmount(p.spec.price) : undefined;
    const domainLimit = effectiveLimit(p.spec.authCountLimit, globalAuthCountLimit);
    const shown = sale ? { ...p, saleAmount: sale, domainLimit } : { ...p, domainLimit };
    if (!p.spec.url || allowed.has(p.spec.key)) return shown;
    const { url: _url, ...spec } = p.spec;
    return { ...shown, spec };
  });
  return { ...page, items };
}

/** User center: the catalog (plugin:plugin-auth-user:view). */
export function userCatalogOperations(deps: PluginAuthDeps): OperationDef[] {
  return [
    defineOperation<SitePluginFilter>({
      operationId: 'listCatalog',
      group: UC_GROUP,
      method: 'get',
      path: '/catalog',
      tags: TAGS.userCenter,
      summary:
        'The plugins a user can apply for, in display order, with their price type (and sale amount);'
        + ' the download url only for plugins the caller is authorized for',
      query: LIST_QUERY,
      response: listResultSchema(
        pluginSchema({
          saleAmount: { type: 'string', description: 'what a paid plugin sells for (CNY, two decimals): checkoutPlugin charges it' },
          domainLimit: {
            type: 'integer',
            description: "domains per user in effect: the plugin's authCountLimit, else the global limit; -1 = unlimited",
          },
        }),
      ),
      handler: ({ query, principal }) => userCatalog(deps, principal.username, query),
    }),
  ];
}
