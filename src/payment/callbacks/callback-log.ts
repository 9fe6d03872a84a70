import { defineKind } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/api-groups.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import type { CallbackEvent } from '../channels/index.js';

export type CallbackOutcomeCode = 'ACCEPTED' | 'REFUSED' | 'RETRY' | 'IGNORED';

/** What became of one callback. */
export interface CallbackRecord {
  paymentType: string;
  outcome: CallbackOutcomeCode;
  /** TRANSITIONED, NO_CHANGE, BAD_SIGNATURE, CALLBACK_MISMATCH, UNKNOWN_ORDER, … */
  reason: string;
  message?: string;
  event?: CallbackEvent;
  transition?: string;
}

/** Spec of a PaymentCallbackLog: a verified callback as the console shows it with the order. */
export interface CallbackLogSpec {
  paymentType: string;
  paymentId?: string;
  eventId?: string;
  reportedStatus?: string;
  vendorStatus?: string;
  amountMinor?: number;
  currency?: string;
  outcome: CallbackOutcomeCode;
  reason: string;
  message?: string;
  transition?: string;
  /** RFC 3339 with milliseconds. */
  receivedAt: string;
}

/** Verified callbacks (extensions/payment-callback-log.yaml); names are generated (`cb-…`). */
export const PaymentCallbackLog = defineKind<CallbackLogSpec>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'PaymentCallbackLog',
  plural: 'paymentcallbacklogs',
});

/**
 * Logs a callback: always a log line; verified callbacks (an event exists) also as a PaymentCallbackLog
 * resource the console shows with the order. Logging never fails the callback.
 */
export async function logCallback(deps: PaymentDeps, record: CallbackRecord): Promise<void> {
  const e = record.event;
  const { paymentType, outcome, reason, transition, message } = record;
  const ids = { paymentId: e?.orderRef, eventId: e?.eventId };
  deps.logger.info({ paymentType, outcome, reason, ...ids, transition, msg2: message }, 'payment callback');
  if (!e) return;
  const spec = clean({
    paymentType: record.paymentType,
    paymentId: e.orderRef?.slice(0, 128),
    eventId: e.eventId?.slice(0, 256),
    reportedStatus: e.status,
    vendorStatus: e.vendorStatus?.slice(0, 64),
    amountMinor: e.amountMinor,
    currency: e.currency?.slice(0, 3),
    outcome: record.outcome,
    reason: record.reason.slice(0, 64),
    message: record.message?.slice(0, 1024),
    transition: record.transition,
    receivedAt: new Date(deps.clock.now()).toISOString(),
  });
  try {
    await deps.client.create(PaymentCallbackLog, { metadata: { generateName: 'cb-' }, spec });
  } catch (err) {
    deps.logger.error({ err: (err as Error).message }, 'callback log not stored');
  }
}

/** Leaves out absent and empty values (the schema has no nulls, and an empty text says nothing). */
function clean(spec: CallbackLogSpec): CallbackLogSpec {
  const kept = { ...spec };
  for (const key of Object.keys(kept) as (keyof CallbackLogSpec)[]) if (kept[key] === undefined || kept[key] === '') delete kept[key];
  return kept;
}
