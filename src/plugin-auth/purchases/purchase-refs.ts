import { tripleHash } from '../resource-names/dns-safe-name.js';
import { SYSTEM_PLATFORM, type PaymentOrder } from './payment-contract.js';

/**
 * How a payment order says "this is a plugin purchase, of this plugin, by this user": labels to find and follow
 * it by (the kind, and a hash of the plugin and buyer, since keys and user names may be too long or too free
 * for a label value), and annotations with the exact references.
 */
export const PURCHASE_LABEL = 'authpay.dev/purchase';
export const PLUGIN_PURCHASE = 'plugin';
export const PAIR_LABEL = 'pluginauth.authpay.dev/purchase-pair';
export const PLUGIN_KEY_ANNOTATION = 'pluginauth.authpay.dev/plugin-key';
export const BUYER_ANNOTATION = 'pluginauth.authpay.dev/buyer';

export interface PurchaseRefs {
  pluginKey: string;
  user: string;
}

/** The label value of one (plugin, buyer) pair: 16 hex digits of SHA-256. */
export function pairOf(refs: PurchaseRefs): string {
  return tripleHash(refs.pluginKey, 'purchase', refs.user);
}

export function purchaseLabels(refs: PurchaseRefs): Record<string, string> {
  return { [PURCHASE_LABEL]: PLUGIN_PURCHASE, [PAIR_LABEL]: pairOf(refs) };
}

export function purchaseAnnotations(refs: PurchaseRefs): Record<string, string> {
  return { [PLUGIN_KEY_ANNOTATION]: refs.pluginKey, [BUYER_ANNOTATION]: refs.user };
}

/**
 * The references of a plugin-purchase order, or undefined when the order is not one: every part must agree
 * (a system order, the owner is the buyer, the pair label is the hash of the annotations), so an order that
 * merely carries the label grants nothing.
 */
export function purchaseOf(order: PaymentOrder): PurchaseRefs | undefined {
  const labels = order.metadata.labels ?? {};
  const annotations = order.metadata.annotations ?? {};
  const pluginKey = annotations[PLUGIN_KEY_ANNOTATION];
  const user = annotations[BUYER_ANNOTATION];
  if (labels[PURCHASE_LABEL] !== PLUGIN_PURCHASE || !pluginKey || !user) return undefined;
  if (order.spec.platform !== SYSTEM_PLATFORM || order.spec.username !== user) return undefined;
  return labels[PAIR_LABEL] === pairOf({ pluginKey, user }) ? { pluginKey, user } : undefined;
}
