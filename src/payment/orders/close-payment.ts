import { AppError } from '../../host/sdk/index.js';
import { isChannelError } from '../channels/index.js';
import type { OrderDeps } from './order-events.js';
import { toChannelOrder } from './order-view.js';
import { moveOrder, type TransitionSource } from './state-machine.js';
import { syncWithChannel } from './sync-payment.js';
import { isPaid, type PaymentInfo } from './types.js';

/** Whether the channel may know the order (it handed the payer a QR code or link). */
export function reachedChannel(order: PaymentInfo): boolean {
  return order.spec.status !== 'UNPAID' || Boolean(order.spec.qrCode || order.spec.payUrl || order.spec.channelTradeNo);
}

/**
 * Closes an unpaid order: first at the channel (so it can no longer be paid there), then FAILED with the
 * reason CLOSED or TIMEOUT. Closing a FAILED order again changes nothing. When the channel says the trade
 * is already paid, the order is synchronised instead and the close is refused (409 ORDER_ALREADY_PAID).
 */
export async function closePayment(deps: OrderDeps, order: PaymentInfo, source: TransitionSource, actor?: string): Promise<PaymentInfo> {
  if (order.spec.status === 'FAILED') return order;
  if (isPaid(order.spec.status)) throw alreadyPaid();
  if (reachedChannel(order)) {
    try {
      const channel = await deps.channels.instance(order.spec.paymentType);
      await channel.close(toChannelOrder(order.spec));
    } catch (err) {
      if (!isChannelError(err, 'CHANNEL_REJECTED')) throw err;
      const synced = await syncWithChannel(deps, order, 'SYNC');
      if (isPaid(synced.spec.status)) throw alreadyPaid();
      if (synced.spec.status === 'FAILED') return synced;
      throw err;
    }
  }
  const reason = source === 'TIMEOUT' ? 'TIMEOUT' : 'CLOSED';
  const outcome = await moveOrder(
    deps,
    order.metadata.name,
    (current) =>
      current.spec.status === 'UNPAID' || current.spec.status === 'PAYING' || current.spec.status === 'UNKNOWN'
        ? { to: 'FAILED', source, actor, reason }
        : undefined,
    order,
  );
  if (isPaid(outcome.order.spec.status)) throw alreadyPaid();
  return outcome.order;
}

/** Compensation after a failed local write: the channel must not keep a payable trade. Never throws. */
export async function closeAtChannelQuietly(deps: OrderDeps, order: PaymentInfo): Promise<void> {
  try {
    const channel = await deps.channels.instance(order.spec.paymentType);
    await channel.close(toChannelOrder(order.spec));
  } catch (err) {
    deps.logger.warn({ paymentId: order.spec.paymentId, err: (err as Error).message }, 'closing the trade at the channel failed');
  }
}

function alreadyPaid(): AppError {
  return new AppError('ORDER_ALREADY_PAID', '订单已支付，无法关闭', {
    status: 409,
    messageEn: 'the order is already paid and cannot be closed',
  });
}
