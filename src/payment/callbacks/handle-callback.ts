import { isAppError } from '../../host/sdk/index.js';
import {
  assertCallbackMatchesOrder,
  isChannelError,
  type CallbackAnswer,
  type CallbackEvent,
  type CallbackRequest,
  type PaymentChannel,
} from '../channels/index.js';
import { toChannelOrder } from '../orders/order-view.js';
import { looksLikePaymentId } from '../orders/payment-id.js';
import { moveOrder } from '../orders/state-machine.js';
import { decideFromQuery } from '../orders/sync-payment.js';
import { PaymentInfo } from '../orders/types.js';
import type { RefundDeps } from '../refunds/refund-deps.js';
import { applyRefundNotification } from '../refunds/refund-notification.js';
import { assertFreshCallback } from './callback-freshness.js';
import { findNotificationLog, logCallback, type CallbackRecord } from './callback-log.js';
import { resolveCallbackChannel } from './resolve-channel.js';

/** Refusal for a callback that names no order of ours (it was verified, so it is not noise). */
class UnknownOrderError extends Error {}

/**
 * One inbound callback: verify (adapter, raw body) → normalise → refuse it when stale → acknowledge a
 * notification already applied (replay) → match amount and currency with the order → ask the channel for
 * the truth → move the order from the state it was read in → log (one log per notification id, counting
 * arrivals) → answer in the provider's format. Replays and concurrent copies change nothing twice
 * (compare-and-set). A notification about a refund (`event.refund`) settles that refund instead.
 */
export async function handleCallback(deps: RefundDeps, typeParam: string, request: CallbackRequest): Promise<CallbackAnswer> {
  const resolved = await resolveCallbackChannel(deps, typeParam, request);
  if ('answer' in resolved) return resolved.answer;
  const { channel, paymentType } = resolved;
  const channelId = channel.id;
  let event: CallbackEvent | undefined;
  try {
    event = await channel.verifyCallback(request);
    assertFreshCallback(event, deps.clock.now());
    const record = (await replayOf(deps, channel, paymentType, event)) ?? (await applyEvent(deps, channel, paymentType, event));
    await logCallback(deps, { ...record, channelId });
    return channel.answerCallback({ outcome: 'accepted' });
  } catch (err) {
    const outcome = failureOutcome(err);
    const message = (err as Error).message;
    await logCallback(deps, { paymentType, channelId, outcome: outcome.code, reason: outcome.reason, message, event });
    return channel.answerCallback({ outcome: outcome.answer, error: err });
  }
}

/**
 * A notification already applied (its log says ACCEPTED) is acknowledged again without touching the order
 * or asking the channel: a captured notification played back costs one counter update, whatever the count.
 * One that was refused or answered retry is processed again (the provider's resend after our outage).
 */
async function replayOf(
  deps: RefundDeps,
  channel: PaymentChannel,
  paymentType: string,
  event: CallbackEvent,
): Promise<CallbackRecord | undefined> {
  const earlier = await findNotificationLog(deps, channel.id, event);
  if (earlier?.spec.outcome !== 'ACCEPTED') return undefined;
  return { paymentType, outcome: 'ACCEPTED', reason: 'REPLAY', event };
}

async function applyEvent(deps: RefundDeps, channel: PaymentChannel, paymentType: string, event: CallbackEvent): Promise<CallbackRecord> {
  if (event.refund) return { paymentType, event, ...(await applyRefundNotification(deps, channel, event)) };
  const order = looksLikePaymentId(event.orderRef) ? await deps.client.fetch(PaymentInfo, event.orderRef) : undefined;
  if (!order || order.spec.paymentType !== channel.id) throw new UnknownOrderError(`no ${channel.id} payment order ${event.orderRef}`);
  assertCallbackMatchesOrder(event, {
    paymentId: order.spec.paymentId,
    amountMinor: order.spec.paymentAmount,
    currency: order.spec.currency,
  });
  if (event.status === order.spec.status) return { paymentType, outcome: 'ACCEPTED', reason: 'NO_CHANGE', event };
  // The payload is a hint: the channel's answer to a query decides.
  const truth = await channel.query(toChannelOrder(order.spec));
  const outcome = await moveOrder(deps, order.metadata.name, (current) => decideFromQuery(current, truth, 'CALLBACK'), order);
  if (!outcome.changed)
    return { paymentType, outcome: 'ACCEPTED', reason: truth.status === event.status ? 'NO_CHANGE' : 'QUERY_DISAGREES', event };
  return { paymentType, outcome: 'ACCEPTED', reason: 'TRANSITIONED', event, transition: `${outcome.from}->${outcome.order.spec.status}` };
}

/** Refused (do not resend) for bad or foreign callbacks; retry (5xx) for our own or the channel's outage. */
function failureOutcome(err: unknown): { code: CallbackRecord['outcome']; reason: string; answer: 'refused' | 'retry' } {
  if (err instanceof UnknownOrderError) return { code: 'REFUSED', reason: 'UNKNOWN_ORDER', answer: 'refused' };
  if (isChannelError(err, 'UNSUPPORTED_EVENT')) return { code: 'IGNORED', reason: 'UNSUPPORTED_EVENT', answer: 'refused' };
  if (isAppError(err) && err.status < 500) return { code: 'REFUSED', reason: String(err.code), answer: 'refused' };
  return { code: 'RETRY', reason: isAppError(err) ? String(err.code) : 'INTERNAL', answer: 'retry' };
}
