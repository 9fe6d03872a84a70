import { defineKind, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/groups.js';

/** Why a paid purchase granted nothing. */
export type NotGrantedReason = 'PLUGIN_GONE' | 'USER_GONE' | 'ALREADY_ENTITLED' | 'REFUNDED';

/** What plugin authorization did about one paid plugin-purchase order (extensions/plugin-purchase.yaml). */
export interface PluginPurchaseSpec {
  pluginKey: string;
  authUser: string;
  paymentId: string;
  orderId?: string;
  amount?: string;
  currency?: string;
  phase: 'GRANTED' | 'NOT_GRANTED' | 'REVOKED';
  reason?: NotGrantedReason;
  grantedAt?: string;
  revokedAt?: string;
  authorizedDomains?: string[];
  revokedDomains?: string[];
}

/** The kind; the resource name is the order's paymentId, so one order has one purchase record. */
export const PluginPurchase = defineKind<PluginPurchaseSpec>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'PluginPurchase',
  plural: 'pluginpurchases',
});
export type PluginPurchase = ObjectOf<typeof PluginPurchase>;
