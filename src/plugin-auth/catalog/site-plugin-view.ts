import { priceTypeOf, type PriceType } from './price-type.js';
import type { SitePlugin } from './types.js';

/** A catalog plugin as the operations answer it: the resource plus its derived price type. */
export type SitePluginView = SitePlugin & { priceType: PriceType };

export function sitePluginView(plugin: SitePlugin): SitePluginView {
  return { ...plugin, priceType: priceTypeOf(plugin.spec.price) };
}
