import type { Resource } from '../../host/sdk/index.js';
import { KINDS } from '../api-groups.js';
import type { PaymentDeps } from '../payment-deps.js';
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

/**
 * Logs a callback: always a log line; verified callbacks (an event exists) also as a PaymentCallbackLog
 * resource the console shows with the order. Logging never fails the callback.
 */
export async function logCallback(deps: PaymentDeps, record: CallbackRecord): Promise<void> {
  const e = record.event;
  deps.logger.info({ paymentType: record.paymentType, outcome: record.outcome, reason: record.reason, paymentId: e?.orderRef, eventId: e?.eventId, transition: record.transition, msg2: record.message }, 'payment callback');
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
    receivedAt: deps.now().toISOString(),
  });
  try {
    await deps.client.create({ apiVersion: '', kind: KINDS.callbackLog, metadata: { generateName: 'cb-' }, spec } as unknown as Resource);
  } catch (err) {
    deps.logger.error({ err: (err as Error).message }, 'callback log not stored');
  }
}

function clean(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ''));
}
