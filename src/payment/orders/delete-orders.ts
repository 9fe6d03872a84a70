import type { OrderDeps } from './order-events.js';
import { closeAtChannelQuietly, reachedChannel } from './close-payment.js';
import { recordCreated, recordSuccess } from './daily-stats.js';
import { PaymentInfo } from './types.js';

/**
 * Deletes an order and takes it out of the day totals in one transaction. An order still open at the
 * channel is closed there first (quietly: deleting must not leave a payable trade behind).
 */
export async function deleteOrder(deps: OrderDeps, order: PaymentInfo): Promise<void> {
  if ((order.spec.status === 'UNPAID' || order.spec.status === 'PAYING') && reachedChannel(order)) await closeAtChannelQuietly(deps, order);
  await deps.client.transaction(async () => {
    const current = await deps.client.fetch(PaymentInfo, order.metadata.name);
    if (!current) return;
    await deps.client.delete(PaymentInfo, current.metadata.name);
    await recordCreated(deps, current, -1);
    if (current.spec.status === 'SUCCESS') await recordSuccess(deps, current, -1);
  });
}
