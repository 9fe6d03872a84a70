import { AppError } from '../../host/sdk/index.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import { PaymentInfo } from '../orders/types.js';
import { PaymentRefund } from '../refunds/types.js';
import { interfacePrivateKey } from '../settings/interface-keys.js';
import { buildNotifyPayload } from './notify-payload.js';
import { signNotify } from './notify-signature.js';
import { postNotify } from './post-notify.js';
import { BlockedTargetError } from '../ssrf/ssrf-guard.js';
import { NOTIFY_HEADERS, type NotifyDelivery } from './types.js';

/** What one attempt came to. */
export type AttemptResult =
  | { kind: 'delivered'; status: number }
  | { kind: 'failed'; status?: number; error: string }
  /** Retrying cannot help (target blocked, order gone): the chain ends. */
  | { kind: 'fatal'; error: string };

/**
 * One attempt: reads the order (and a refund event's refund) fresh (the payload shows its status now, not when the event was queued),
 * signs `timestamp.body` with the interface key and POSTs it. Any 2xx counts as delivered.
 */
export async function deliverOnce(deps: PaymentDeps, delivery: NotifyDelivery): Promise<AttemptResult> {
  const order = await deps.client.fetch(PaymentInfo, delivery.spec.paymentId);
  if (!order) return { kind: 'fatal', error: 'the payment order no longer exists' };
  const settings = await deps.settings.read();
  let key;
  try {
    key = interfacePrivateKey(settings.interfacePrivateKey);
  } catch (err) {
    return { kind: 'failed', error: err instanceof AppError ? (err.messageEn ?? err.message) : 'interface key unusable' };
  }
  const eventType = delivery.spec.eventType ?? 'payment.status_changed';
  const refund = delivery.spec.refundNo ? await deps.client.fetch(PaymentRefund, delivery.spec.refundNo) : undefined;
  if (delivery.spec.refundNo && !refund) return { kind: 'fatal', error: 'the refund no longer exists' };
  const body = JSON.stringify(buildNotifyPayload(delivery.spec.eventId, order.spec, eventType, refund?.spec));
  const timestamp = String(Math.floor(deps.clock.now() / 1000));
  const headers = {
    [NOTIFY_HEADERS.eventId]: delivery.spec.eventId,
    [NOTIFY_HEADERS.timestamp]: timestamp,
    [NOTIFY_HEADERS.signature]: signNotify(timestamp, body, key),
    [NOTIFY_HEADERS.algorithm]: 'RSA-SHA256',
  };
  try {
    const answer = await postNotify(order.spec.notifyUrl ?? delivery.spec.notifyUrl, body, headers, settings.allowPrivateNotifyTargets);
    if (answer.status >= 200 && answer.status < 300) return { kind: 'delivered', status: answer.status };
    return { kind: 'failed', status: answer.status, error: `HTTP ${answer.status}` };
  } catch (err) {
    if (err instanceof BlockedTargetError) return { kind: 'fatal', error: err.reason };
    return { kind: 'failed', error: transportReason(err) };
  }
}

/**
 * A short reason of ours for a request that got no answer: the system error code (ECONNREFUSED, ETIMEDOUT, …)
 * or our own time-out text; never text the target sent.
 */
function transportReason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code)) return `request failed: ${code}`;
  const message = (err as Error | undefined)?.message ?? '';
  return message.startsWith('no answer within') ? message : 'request failed';
}
