import { MAX_STORED_OBJECT_BYTES } from '../config.js';
import type { WireAnswer } from '../support/send.js';
import type { Write } from '../support/write-log.js';
import type { Problem } from './findings.js';

/**
 * Kinds the server writes on its own schedule, whatever the request: leader leases and job runs. A write of
 * these kinds during a refused request is not the request's doing.
 */
export const BACKGROUND_KINDS = new Set(['Lease', 'JobRun']);

/**
 * The outbox worker delivering a message queued earlier: the message's status changes, and an in-app message
 * becomes a Notification of the same name. A request that queues a message writes an ADDED OutboxMessage,
 * which still counts.
 */
function isOutboxDelivery(w: Write, all: Write[]): boolean {
  if (w.kind === 'OutboxMessage') return w.type === 'MODIFIED';
  return (
    w.kind === 'Notification'
    && w.type === 'ADDED'
    && all.some((o) => o.kind === 'OutboxMessage' && o.type === 'MODIFIED' && o.name === w.name)
  );
}

export interface Verdict {
  problem: Problem;
  detail: string;
}

/** The per-request assertions: no 5xx, an answer, a bounded answer, nothing written on refusal, no giant object. */
export function judge(answer: WireAnswer, writes: Write[]): Verdict[] {
  const verdicts: Verdict[] = [];
  if (answer.error) verdicts.push({ problem: 'no-answer', detail: answer.error });
  if (answer.status >= 500) verdicts.push({ problem: 'server-error', detail: `${answer.status} ${answer.head.slice(0, 160)}` });
  if (answer.oversize) verdicts.push({ problem: 'oversize-response', detail: `${answer.status}, more than ${answer.bytes} bytes` });
  const own = writes.filter((w) => !BACKGROUND_KINDS.has(w.kind) && !w.lastUseOnly && !isOutboxDelivery(w, writes));
  if (answer.status >= 400 && answer.status < 500 && own.length) {
    const what = own.map((w) => `${w.type} ${w.kind}/${w.name}`).join(', ');
    verdicts.push({ problem: 'write-on-refusal', detail: `${answer.status} ${answer.head.slice(0, 100)} but wrote ${what}` });
  }
  for (const w of own.filter((x) => x.type !== 'DELETED' && x.bytes > MAX_STORED_OBJECT_BYTES)) {
    verdicts.push({ problem: 'oversize-object-stored', detail: `${answer.status}, stored ${w.kind}/${w.name} of ${w.bytes} bytes` });
  }
  return verdicts;
}
