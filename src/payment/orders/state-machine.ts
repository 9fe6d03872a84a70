import { ConflictError } from '../../host/sdk/index.js';
import { recordSuccess } from './daily-stats.js';
import type { OrderDeps, OrderEvent } from './order-events.js';
import { PaymentInfo, type OrderStatus, type PaymentInfoSpec, type TransitionRecord } from './types.js';

/**
 * The order state machine (DESIGN "Payment: decisions"): UNPAID → PAYING → SUCCESS | FAILED | UNKNOWN.
 * A verified payment for a FAILED order still becomes SUCCESS (the money arrived) and is flagged
 * PAID_AFTER_FAILED for review. UNKNOWN is resolved by a later query or callback. SUCCESS is final as a
 * payment: only refunds move it on, to PARTIALLY_REFUNDED and REFUNDED (orders/refund-amounts.ts).
 */
export const ALLOWED_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  UNPAID: ['PAYING', 'SUCCESS', 'FAILED', 'UNKNOWN'],
  PAYING: ['SUCCESS', 'FAILED', 'UNKNOWN'],
  UNKNOWN: ['PAYING', 'SUCCESS', 'FAILED'],
  FAILED: ['SUCCESS'],
  SUCCESS: ['PARTIALLY_REFUNDED', 'REFUNDED'],
  PARTIALLY_REFUNDED: ['REFUNDED'],
  REFUNDED: [],
};

/** Statuses reached only through a refund (source REFUND), never by a query, callback or administrator. */
export const REFUND_STATUSES: ReadonlySet<OrderStatus> = new Set(['PARTIALLY_REFUNDED', 'REFUNDED']);

/**
 * Statuses whose arrival is announced to the business system (notifyUrl) and to administrators by a status
 * event. The refund statuses are announced by their refund's `payment.refunded` event instead.
 */
export const ANNOUNCED: ReadonlySet<OrderStatus> = new Set(['SUCCESS', 'FAILED', 'UNKNOWN']);

export type TransitionSource = 'CALLBACK' | 'SYNC' | 'CLOSE' | 'TIMEOUT' | 'ADMIN' | 'INITIATE' | 'PAGE_QUERY' | 'USER' | 'REFUND';

/** What a caller wants to happen to an order, with the facts to record. */
export interface TransitionRequest {
  to: OrderStatus;
  source: TransitionSource;
  actor?: string;
  /** failureReason when moving to FAILED (CLOSED, TIMEOUT, a channel code). */
  reason?: string;
  facts?: Partial<Pick<PaymentInfoSpec, 'channelTradeNo' | 'paidAt' | 'qrCode' | 'payUrl' | 'additionalData'>>;
}

export type TransitionOutcome =
  | { changed: true; order: PaymentInfo; from: OrderStatus; eventId?: string }
  | { changed: false; order: PaymentInfo; why: 'SAME_STATE' | 'ILLEGAL' | 'CONFLICT' };

const MAX_HISTORY = 20;

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ALLOWED_MOVES[from].includes(to);
}

/**
 * Moves an order from the state it was read in. The write is a compare-and-set on the resourceVersion read:
 * when anything changed the order meanwhile, nothing is written and the outcome is CONFLICT with the fresh
 * order (the caller decides again). The event's records (orders/order-events.ts: the notifyUrl delivery) and
 * the day's totals are written in the same transaction; listeners hear about the change only after it committed.
 */
export async function applyTransition(deps: OrderDeps, read: PaymentInfo, request: TransitionRequest): Promise<TransitionOutcome> {
  const from = read.spec.status;
  if (from === request.to) return { changed: false, order: read, why: 'SAME_STATE' };
  // The refund statuses carry amounts this request does not: only the refunds family writes them.
  if (!canMove(from, request.to) || REFUND_STATUSES.has(request.to)) return { changed: false, order: read, why: 'ILLEGAL' };
  const next = nextOrder(deps, read, request);
  let event: OrderEvent | undefined;
  try {
    const written = await deps.client.transaction(async () => {
      // The compare-and-set is the store's, on the version read: no need to read the order again first.
      const saved = await deps.client.update(next, { read });
      if (ANNOUNCED.has(request.to)) {
        event = { eventId: eventIdOf(read, request.to), order: saved, from, to: request.to };
        await deps.orderEvents.record(event);
      }
      if (request.to === 'SUCCESS') await recordSuccess(deps, saved, +1);
      return saved;
    });
    if (event) deps.orderEvents.publish(event);
    return { changed: true, order: written, from, eventId: event?.eventId };
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
    const fresh = await deps.client.get(PaymentInfo, read.metadata.name);
    return { changed: false, order: fresh, why: 'CONFLICT' };
  }
}

function nextOrder(deps: OrderDeps, read: PaymentInfo, request: TransitionRequest): PaymentInfo {
  const at = new Date(deps.clock.now()).toISOString();
  const transitions = withTransition(read, {
    from: read.spec.status,
    to: request.to,
    at,
    source: request.source,
    actor: request.actor,
    reason: request.reason,
  });
  const spec: PaymentInfoSpec = { ...read.spec, ...definedFacts(request.facts), status: request.to };
  if (request.to === 'FAILED') spec.failureReason = (request.reason ?? 'CHANNEL_FAILED').slice(0, 1024);
  if (request.to === 'SUCCESS') {
    spec.paidAt ??= at;
    if (read.spec.status === 'FAILED') spec.reviewFlag = 'PAID_AFTER_FAILED';
    delete spec.failureReason;
  }
  return { ...read, spec, status: { ...(read.status ?? {}), transitions } };
}

/** The order's history with one more entry (the newest 20 are kept). */
export function withTransition(read: PaymentInfo, change: TransitionRecord): TransitionRecord[] {
  const entry: TransitionRecord = { from: change.from, to: change.to, at: change.at, source: change.source };
  if (change.actor) entry.actor = change.actor;
  if (change.reason) entry.reason = change.reason.slice(0, 256);
  return [...(read.status?.transitions ?? []), entry].slice(-MAX_HISTORY);
}

function definedFacts(facts: TransitionRequest['facts']): Partial<PaymentInfoSpec> {
  return Object.fromEntries(Object.entries(facts ?? {}).filter(([, v]) => v !== undefined && v !== '')) as Partial<PaymentInfoSpec>;
}

/** `{paymentId}-{status}-{n}`: n counts earlier arrivals at the same status, so an event id never repeats. */
export function eventIdOf(read: PaymentInfo, to: OrderStatus): string {
  const earlier = (read.status?.transitions ?? []).filter((t) => t.to === to).length;
  return `${read.spec.paymentId}-${to.toLowerCase()}-${earlier + 1}`;
}

/**
 * Reads the order, lets `decide` pick a move from its current state, and applies it; on a CONFLICT it reads
 * again and decides again (a concurrent callback, sync or close got there first).
 */
export async function moveOrder(
  deps: OrderDeps,
  name: string,
  decide: (order: PaymentInfo) => TransitionRequest | undefined,
  initial?: PaymentInfo,
): Promise<TransitionOutcome> {
  let order = initial ?? (await deps.client.get(PaymentInfo, name));
  for (let attempt = 1; ; attempt++) {
    const request = decide(order);
    if (!request) return { changed: false, order, why: 'SAME_STATE' };
    const outcome = await applyTransition(deps, order, request);
    if (outcome.changed || outcome.why !== 'CONFLICT' || attempt >= 8) return outcome;
    order = outcome.order;
  }
}
