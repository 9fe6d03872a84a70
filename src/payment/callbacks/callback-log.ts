import { createHash } from 'node:crypto';
import { defineKind, type Stored } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/api-groups.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import type { CallbackEvent } from '../channels/index.js';
import { callbackLogLock } from '../deps/lock-keys.js';

export type CallbackOutcomeCode = 'ACCEPTED' | 'REFUSED' | 'RETRY' | 'IGNORED';

/** What became of one callback. */
export interface CallbackRecord {
  paymentType: string;
  /** The adapter that verified it (the notification id is unique per provider, not per endpoint). */
  channelId?: string;
  outcome: CallbackOutcomeCode;
  /** TRANSITIONED, NO_CHANGE, REPLAY, STALE_CALLBACK, BAD_SIGNATURE, CALLBACK_MISMATCH, UNKNOWN_ORDER, UNKNOWN_REFUND, … */
  reason: string;
  message?: string;
  event?: CallbackEvent;
  transition?: string;
  /** A refund notification: the refund it settled (our refund number). */
  refundNo?: string;
}

/** Spec of a PaymentCallbackLog: a verified notification as the console shows it with the order. */
export interface CallbackLogSpec {
  paymentType: string;
  paymentId?: string;
  eventId?: string;
  /** A refund notification: our refund number (the refund it named, or settled). */
  refundNo?: string;
  reportedStatus?: string;
  vendorStatus?: string;
  amountMinor?: number;
  currency?: string;
  outcome: CallbackOutcomeCode;
  reason: string;
  message?: string;
  transition?: string;
  /** RFC 3339 with milliseconds: the first arrival. */
  receivedAt: string;
  /** Arrivals of this notification: 1, plus one per resend or replay. */
  receivedCount?: number;
  /** RFC 3339 with milliseconds: the latest arrival. */
  lastReceivedAt?: string;
}

/**
 * Verified callbacks (extensions/payment-callback-log.yaml). A notification with a provider id has one
 * log, named from the adapter, its order and that id (`notificationLogName`); one without is named `cb-…`
 * at random.
 */
export const PaymentCallbackLog = defineKind<CallbackLogSpec>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'PaymentCallbackLog',
  plural: 'paymentcallbacklogs',
});

export type PaymentCallbackLogObject = Stored<CallbackLogSpec>;

/**
 * The log's name for a provider notification: deterministic, so every copy of one notification meets at one
 * object (the store's unique name keeps it one) instead of each adding a row. Keyed on the adapter, the
 * order it names and the provider's id: a provider id is only trusted to be unique within one order (an
 * epay site reuses a trade_no across orders), so a verified notification for another order is never taken
 * for a repeat — it is checked and applied like any first arrival.
 */
export function notificationLogName(channelId: string, orderRef: string, eventId: string): string {
  const key = `${channelId}\n${orderRef}\n${eventId}`;
  return `cbn-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}

/** The log of an earlier arrival of this notification, if any. */
export async function findNotificationLog(
  deps: PaymentDeps,
  channelId: string,
  event: CallbackEvent,
): Promise<PaymentCallbackLogObject | undefined> {
  if (!event.eventId) return undefined;
  return deps.client.fetch(PaymentCallbackLog, notificationLogName(channelId, event.orderRef, event.eventId));
}

/**
 * Logs a callback: always a log line; verified callbacks (an event exists) also as a PaymentCallbackLog
 * the console shows with the order, one per notification (a repeat counts an arrival on it). Logging
 * never fails the callback.
 */
export async function logCallback(deps: PaymentDeps, record: CallbackRecord): Promise<void> {
  const e = record.event;
  const { paymentType, outcome, reason, transition, message } = record;
  const ids = { paymentId: e?.orderRef, eventId: e?.eventId, refundNo: record.refundNo ?? e?.refund?.refundId };
  deps.logger.info({ paymentType, outcome, reason, ...ids, transition, msg2: message }, 'payment callback');
  if (!e) return;
  try {
    await storeLog(deps, record, e);
  } catch (err) {
    deps.logger.error({ err: (err as Error).message }, 'callback log not stored');
  }
}

async function storeLog(deps: PaymentDeps, record: CallbackRecord, e: CallbackEvent): Promise<void> {
  const now = new Date(deps.clock.now()).toISOString();
  const spec = logSpecOf(record, e, now);
  if (!e.eventId) {
    await deps.client.create(PaymentCallbackLog, { metadata: { generateName: 'cb-' }, spec });
    return;
  }
  const name = notificationLogName(record.channelId ?? record.paymentType, e.orderRef, e.eventId);
  // Read and write under the log's lock: concurrent copies on any replica each count exactly once.
  await deps.client.transaction(async (tx) => {
    await tx.lock(callbackLogLock(name));
    const current = await tx.fetch(PaymentCallbackLog, name);
    if (!current) {
      await tx.create(PaymentCallbackLog, { metadata: { name }, spec: { ...spec, receivedCount: 1, lastReceivedAt: now } });
      return;
    }
    await tx.update({ ...current, spec: withArrival(current.spec, spec) });
  });
}

/**
 * The log after one more arrival. An ACCEPTED outcome stays: what a later copy came to (a replay, a stale
 * refusal) does not hide that the notification was applied; an earlier RETRY or refusal gives way to the
 * latest outcome, and so does an ACCEPTED one without a transition when this copy made it (concurrent first
 * copies: the one that moved the order is shown).
 */
function withArrival(was: CallbackLogSpec, latest: CallbackLogSpec): CallbackLogSpec {
  const keep = was.outcome === 'ACCEPTED' && (was.transition || !latest.transition);
  return clean({
    ...(keep ? was : { ...was, ...outcomeOf(latest) }),
    transition: was.transition ?? latest.transition,
    receivedCount: (was.receivedCount ?? 1) + 1,
    lastReceivedAt: latest.receivedAt,
  });
}

function outcomeOf(spec: CallbackLogSpec): Pick<CallbackLogSpec, 'outcome' | 'reason' | 'message' | 'reportedStatus' | 'vendorStatus'> {
  const { outcome, reason, message, reportedStatus, vendorStatus } = spec;
  return { outcome, reason, message, reportedStatus, vendorStatus };
}

function logSpecOf(record: CallbackRecord, e: CallbackEvent, now: string): CallbackLogSpec {
  return clean({
    paymentType: record.paymentType,
    paymentId: e.orderRef?.slice(0, 128),
    eventId: e.eventId?.slice(0, 256),
    refundNo: (record.refundNo ?? e.refund?.refundId)?.slice(0, 64),
    reportedStatus: e.refund ? `REFUND_${e.refund.status}` : e.status,
    vendorStatus: (e.refund?.vendorStatus ?? e.vendorStatus)?.slice(0, 64),
    amountMinor: e.amountMinor,
    currency: e.currency?.slice(0, 3),
    outcome: record.outcome,
    reason: record.reason.slice(0, 64),
    message: record.message?.slice(0, 1024),
    transition: record.transition,
    receivedAt: now,
  });
}

/** Leaves out absent and empty values (the schema has no nulls, and an empty text says nothing). */
function clean(spec: CallbackLogSpec): CallbackLogSpec {
  const kept = { ...spec };
  for (const key of Object.keys(kept) as (keyof CallbackLogSpec)[]) if (kept[key] === undefined || kept[key] === '') delete kept[key];
  return kept;
}
