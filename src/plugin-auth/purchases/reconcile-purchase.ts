import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { grantPurchase, revokePurchase } from './grant-purchase.js';
import { PaymentOrder } from './payment-contract.js';
import { purchaseOf } from './purchase-refs.js';

/**
 * Level-triggered: looks at one plugin-purchase order as it is now. Paid (SUCCESS, or PARTIALLY_REFUNDED —
 * a partial refund leaves the sale standing) → the grant exists; REFUNDED → it was withdrawn. Any other status,
 * or an order that is gone or not really a purchase, needs nothing.
 */
export async function reconcilePurchase(deps: PluginAuthDeps, paymentId: string): Promise<void> {
  const order = await deps.client.fetch(PaymentOrder, paymentId);
  if (!order) return;
  const refs = purchaseOf(order);
  if (!refs) return void deps.logger.warn({ paymentId }, 'order labelled as a plugin purchase without matching references: ignored');
  if (order.spec.status === 'SUCCESS' || order.spec.status === 'PARTIALLY_REFUNDED') await grantPurchase(deps, order, refs);
  else if (order.spec.status === 'REFUNDED') await revokePurchase(deps, order, refs);
}
