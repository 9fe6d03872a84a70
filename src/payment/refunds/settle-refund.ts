import type { OrderEvent } from '../orders/order-events.js';
import { withRefundSettled } from '../orders/refund-amounts.js';
import { PaymentInfo } from '../orders/types.js';
import { orderRefundsLock } from '../deps/lock-keys.js';
import type { RefundDeps } from './refund-deps.js';
import { PaymentRefund, type PaymentRefundSpec, type PaymentRefundStatus, type RefundStatus, type RefundTransition } from './types.js';

/** What is now known about a refund, from the provider's answer, a query, a notification or a person. */
export interface RefundOutcome {
  status: RefundStatus;
  channelRefundNo?: string;
  vendorStatus?: string;
  refundedAt?: string;
  /** FAILED: why (the provider's code, NOT_FOUND, an administrator's reason). */
  failureReason?: string;
  /** Set when a person should look at a refund that stays PENDING (REFUND_ABNORMAL, AMOUNT_MISMATCH, …). */
  reviewFlag?: string;
  /** A call that got no usable answer (kept on the refund's status while it waits). */
  lastError?: string;
  /** When the provider was asked (refund sync). */
  queriedAt?: string;
}

/** Who brought the outcome, for the refund's history: PROVIDER_ANSWER, SYNC, CALLBACK, ADMIN. */
export interface SettleSource {
  source: string;
  actor?: string;
  /** For the history entry (an administrator's reason); a FAILED outcome's own reason otherwise. */
  reason?: string;
}

export interface SettleResult {
  refund: PaymentRefund;
  /** Whether the refund moved PENDING → SUCCESS | FAILED now. */
  changed: boolean;
}

const MAX_HISTORY = 20;

/**
 * Applies an outcome to a PENDING refund in ONE store transaction. SUCCESS and FAILED end it: the order's
 * reservation is released (and on SUCCESS added to its refunded amount, moving it to PARTIALLY_REFUNDED or
 * REFUNDED), the ledger port settles, and a SUCCESS records the `payment.refunded` order event (notify writes
 * its delivery record in this transaction; listeners hear of it after the commit). A PENDING outcome only
 * records what was learnt. A refund that already ended is left as it is: repeats change nothing.
 */
export async function settleRefund(deps: RefundDeps, refundNo: string, outcome: RefundOutcome, by: SettleSource): Promise<SettleResult> {
  let event: OrderEvent | undefined;
  const result = await deps.client.transaction(async (): Promise<SettleResult> => {
    // Settled under the order's refunds lock: a concurrent reservation or settlement of the order waits.
    await deps.client.lock(orderRefundsLock((await deps.client.get(PaymentRefund, refundNo)).spec.paymentId));
    const refund = await deps.client.get(PaymentRefund, refundNo);
    if (refund.spec.status !== 'PENDING') return { refund, changed: false };
    if (outcome.status === 'PENDING') return { refund: await recordFacts(deps, refund, outcome), changed: false };
    const order = await deps.client.fetch(PaymentInfo, refund.spec.paymentId);
    const ended = await deps.client.update(endedRefund(deps, refund, outcome, by));
    if (order) {
      const at = ended.spec.refundedAt ?? nowIso(deps);
      const settlement = {
        amountMinor: refund.spec.amount,
        outcome: outcome.status,
        at,
        actor: by.actor,
        reason: `refund ${refund.spec.refundId}`,
      };
      const saved = await deps.client.update(withRefundSettled(order, settlement));
      await deps.refundLedger?.settle(ended, saved);
      if (outcome.status === 'SUCCESS') {
        event = refundEvent(ended, order, saved);
        await deps.orderEvents.record(event);
      }
    }
    return { refund: ended, changed: true };
  });
  if (event) deps.orderEvents.publish(event);
  return result;
}

/** `{refundNo}-refunded`: one event per refund, and refund numbers never repeat. */
export const refundEventId = (refundNo: string) => `${refundNo}-refunded`;

function refundEvent(refund: PaymentRefund, before: PaymentInfo, after: PaymentInfo): OrderEvent {
  return {
    eventId: refundEventId(refund.spec.refundNo),
    order: after,
    from: before.spec.status,
    to: after.spec.status,
    refund: { refundNo: refund.spec.refundNo, refundId: refund.spec.refundId, amountMinor: refund.spec.amount },
  };
}

function endedRefund(deps: RefundDeps, refund: PaymentRefund, outcome: RefundOutcome, by: SettleSource): PaymentRefund {
  const at = nowIso(deps);
  const spec: PaymentRefundSpec = { ...refund.spec, ...facts(outcome), status: outcome.status };
  if (outcome.status === 'SUCCESS') spec.refundedAt ??= at;
  if (outcome.status === 'FAILED') spec.failureReason = (outcome.failureReason ?? outcome.vendorStatus ?? 'FAILED').slice(0, 1024);
  const entry: RefundTransition = { from: 'PENDING', to: outcome.status, at, source: by.source };
  if (by.actor) entry.actor = by.actor;
  const reason = by.reason ?? outcome.failureReason;
  if (reason) entry.reason = reason.slice(0, 256);
  const status: PaymentRefundStatus = {
    ...(refund.status ?? {}),
    transitions: [...(refund.status?.transitions ?? []), entry].slice(-MAX_HISTORY),
  };
  if (outcome.queriedAt) status.lastQueriedAt = outcome.queriedAt;
  delete status.lastError;
  return { ...refund, spec, status };
}

/** A PENDING refund with what the provider said (its refund number, its status word, a flag for review). */
async function recordFacts(deps: RefundDeps, refund: PaymentRefund, outcome: RefundOutcome): Promise<PaymentRefund> {
  const spec: PaymentRefundSpec = { ...refund.spec, ...facts(outcome) };
  const status: PaymentRefundStatus = { ...(refund.status ?? {}) };
  if (outcome.queriedAt) status.lastQueriedAt = outcome.queriedAt;
  if (outcome.lastError) status.lastError = outcome.lastError.slice(0, 1024);
  return deps.client.update({ ...refund, spec, status });
}

function facts(outcome: RefundOutcome): Partial<PaymentRefundSpec> {
  const picked: Partial<PaymentRefundSpec> = {
    channelRefundNo: outcome.channelRefundNo?.slice(0, 128),
    vendorStatus: outcome.vendorStatus?.slice(0, 64),
    refundedAt: outcome.status === 'SUCCESS' ? outcome.refundedAt : undefined,
    reviewFlag: outcome.reviewFlag,
  };
  return Object.fromEntries(Object.entries(picked).filter(([, v]) => v !== undefined && v !== '')) as Partial<PaymentRefundSpec>;
}

const nowIso = (deps: RefundDeps) => new Date(deps.clock.now()).toISOString();
