/**
 * What became of an outbox message after it was queued (a test e-mail, a retry): the outbox is polled
 * until the message is sent, failed, waiting for settings, or has a first error, so the page can say what
 * happened instead of "done". Gives up after `limitMs` and reports the message as still queued.
 */
import { call } from '@shared/api/client.js';
import type { OutboxRow } from './types.js';

export type DeliveryResult =
  | { kind: 'sent'; message: OutboxRow }
  | { kind: 'failed'; message: OutboxRow; error: string; reason?: string }
  | { kind: 'retrying'; message: OutboxRow; error: string; reason?: string; nextAttemptAt?: string }
  | { kind: 'waitingConfig'; message: OutboxRow }
  | { kind: 'stillQueued'; message?: OutboxRow };

export interface FollowOptions {
  signal?: AbortSignal;
  limitMs?: number;
  everyMs?: number;
  /**
   * A retried message still carries its previous attempt's error until the new attempt is recorded: a
   * "not yet, will try again" answer counts only once an attempt after `since` left a different error.
   */
  since?: string;
  previousError?: string;
}

function settled(message: OutboxRow, options: FollowOptions): DeliveryResult | undefined {
  const status = message.status;
  if (!status) return undefined;
  if (status.phase === 'SENT') return { kind: 'sent', message };
  const reason = status.lastErrorReason;
  if (status.phase === 'FAILED') return { kind: 'failed', message, error: status.lastError ?? '', reason };
  if (status.phase === 'WAITING_CONFIG') return { kind: 'waitingConfig', message };
  const tried = status.lastAttemptAt && (!options.since || status.lastAttemptAt >= options.since);
  if (status.lastError && tried && status.lastError !== options.previousError)
    return { kind: 'retrying', message, error: status.lastError, reason, nextAttemptAt: status.nextAttemptAt };
  return undefined;
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export async function followDelivery(name: string, recipient: string, options: FollowOptions = {}): Promise<DeliveryResult> {
  const { signal, limitMs = 30_000, everyMs = 1000 } = options;
  const until = Date.now() + limitMs;
  let last: OutboxRow | undefined;
  while (!signal?.aborted) {
    const page = await call('listOutbox', { query: { recipient, size: 50 }, signal });
    last = page.items.find((m) => m.metadata?.name === name) ?? last;
    const result = last && settled(last, options);
    if (result) return result;
    if (Date.now() >= until) break;
    await pause(everyMs, signal);
  }
  return { kind: 'stillQueued', message: last };
}
