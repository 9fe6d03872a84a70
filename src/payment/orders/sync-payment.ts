import type { QueryResult } from '../channels/index.js';
import type { OrderDeps } from './order-events.js';
import { toChannelOrder } from './order-view.js';
import { canMove, moveOrder, type TransitionRequest, type TransitionSource } from './state-machine.js';
import type { PaymentInfo } from './types.js';

/**
 * What the channel's answer means for the order: SUCCESS only when amount and currency match (else the
 * order becomes UNKNOWN for a person to look at), FAILED with the vendor status as reason, PAYING when the
 * channel has the trade; UNPAID (the channel never saw it) changes nothing.
 */
export function decideFromQuery(order: PaymentInfo, truth: QueryResult, source: TransitionSource): TransitionRequest | undefined {
  const s = order.spec;
  let request: TransitionRequest | undefined;
  if (truth.status === 'SUCCESS') {
    const mismatch =
      (truth.amountMinor !== undefined && truth.amountMinor !== s.paymentAmount)
      || (truth.currency !== undefined && truth.currency !== s.currency);
    request = mismatch
      ? { to: 'UNKNOWN', source, reason: `AMOUNT_MISMATCH: channel reports ${truth.amountMinor} ${truth.currency}` }
      : { to: 'SUCCESS', source, facts: { channelTradeNo: truth.channelTradeNo, paidAt: truth.paidAt } };
  } else if (truth.status === 'FAILED') {
    request = {
      to: 'FAILED',
      source,
      reason: `CHANNEL_${truth.vendorStatus ?? 'FAILED'}`,
      facts: { channelTradeNo: truth.channelTradeNo },
    };
  } else if (truth.status === 'PAYING' || truth.status === 'UNKNOWN') {
    request = { to: truth.status, source, facts: { channelTradeNo: truth.channelTradeNo } };
  }
  return request && canMove(s.status, request.to) ? request : undefined;
}

/** Asks the channel for the truth and moves the order accordingly (compare-and-set, retried on conflict). */
export async function syncWithChannel(
  deps: OrderDeps,
  order: PaymentInfo,
  source: TransitionSource,
  signal?: AbortSignal,
): Promise<PaymentInfo> {
  const channel = await deps.channels.instance(order.spec.paymentType);
  const truth = await channel.query(toChannelOrder(order.spec), signal);
  const outcome = await moveOrder(deps, order.metadata.name, (current) => decideFromQuery(current, truth, source), order);
  return outcome.order;
}
