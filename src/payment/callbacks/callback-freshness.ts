import { ChannelError, type CallbackEvent } from '../channels/index.js';

/**
 * How old a notification may be when it arrives. Alipay sends an unacknowledged notification up to 8 times
 * within 25 hours (intervals 4 m, 10 m, 10 m, 1 h, 2 h, 6 h, 15 h), so a genuine resend is at most ~25 h old
 * whichever send `notify_time` stands for; 48 hours leaves room for that and for clock skew, and anything older is a
 * captured notification played back.
 */
export const CALLBACK_MAX_AGE_MS = 48 * 60 * 60 * 1000;

/**
 * Refuses a verified notification whose signed send time (`sentAt`) is older than the window. Refused as
 * STALE_CALLBACK, which is acknowledged (200, Alipay `success`): the provider stops resending it, nothing
 * changes, and the sync job's query still learns the order's true state. A notification without a send
 * time (a protocol that signs none) is not judged here.
 */
export function assertFreshCallback(event: CallbackEvent, nowMs: number): void {
  if (!event.sentAt) return;
  const sentMs = Date.parse(event.sentAt);
  if (Number.isNaN(sentMs) || nowMs - sentMs <= CALLBACK_MAX_AGE_MS) return;
  throw new ChannelError(
    'STALE_CALLBACK',
    `notification sent at ${event.sentAt} is older than the ${CALLBACK_MAX_AGE_MS / 3_600_000} h window`,
    {
      details: [{ field: 'sentAt', message: `sent at ${event.sentAt}`, reason: 'STALE' }],
    },
  );
}
