import type { Clock } from '../controller/clock.js';
import type { Logger } from '../logging/logger.js';
import type { JobRunRecords } from './job-run-records.js';
import type { JobDefinition, JobOutcome } from './types.js';

export interface ExecuteDeps {
  records: JobRunRecords;
  clock: Clock;
  logger: Logger;
  /** This process, written into each record it runs. */
  holder: string;
  /** Told once per run when its outcome is known (metrics). */
  onFinished?: (job: string, outcome: JobOutcome, durationMs: number) => void;
}

/** Why a run's signal was aborted. */
export class JobTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * Runs one slot of a job: claims the slot (its JobRun record), calls the handler with an AbortSignal,
 * aborts it at the time-out, and records the outcome once. The record says TIMED_OUT at the moment of
 * the time-out; the returned promise settles only when the handler does, so FORBID still holds for a
 * handler that is slow to honour its signal.
 */
export async function executeRun(
  deps: ExecuteDeps,
  job: JobDefinition,
  slotMs: number,
  catchUp: boolean,
  stop: AbortSignal,
): Promise<JobOutcome | undefined> {
  const run = await deps.records.claim(job.name, slotMs, { catchUp, holder: deps.holder });
  if (!run) return undefined; // another process has (or had) this slot
  const startedAt = deps.clock.now();
  const counts: Record<string, number> = {};
  const abort = new AbortController();
  let finished: Promise<void> | undefined;
  const finish = (outcome: JobOutcome, message?: string) => {
    if (!finished) deps.onFinished?.(job.name, outcome, deps.clock.now() - startedAt);
    finished ??= deps.records.finish(run, outcome, { counts: { ...counts }, message, startedAt }).catch((err) => {
      deps.logger.error({ job: job.name, runId: run.metadata.name, err: (err as Error).message }, 'could not record the job run outcome');
    });
    return finished;
  };
  const timer = deps.clock.setTimeout(() => {
    abort.abort(new JobTimeoutError(job.timeoutMs));
    void finish('TIMED_OUT', `timed out after ${job.timeoutMs} ms`);
  }, job.timeoutMs);
  const onStop = () => abort.abort(new Error('aborted: the scheduler stopped or this process lost leadership'));
  stop.addEventListener('abort', onStop, { once: true });
  if (stop.aborted) onStop();
  let result: [JobOutcome, string | undefined];
  try {
    await job.handler({
      signal: abort.signal,
      runId: run.metadata.name,
      scheduledAt: new Date(slotMs),
      catchUp,
      reportCounts: (c) => addCounts(counts, c),
    });
    result = outcomeAfter(abort.signal, 'SUCCEEDED');
  } catch (err) {
    result = outcomeAfter(abort.signal, 'FAILED', err);
    deps.logger.warn({ job: job.name, runId: run.metadata.name, outcome: result[0], err: result[1] }, 'job run did not succeed');
  } finally {
    deps.clock.clearTimeout(timer);
    stop.removeEventListener('abort', onStop);
  }
  await finish(...result);
  return result[0];
}

function outcomeAfter(signal: AbortSignal, otherwise: JobOutcome, err?: unknown): [JobOutcome, string | undefined] {
  if (signal.aborted) {
    const reason = signal.reason as Error;
    return [reason instanceof JobTimeoutError ? 'TIMED_OUT' : 'FAILED', reason?.message];
  }
  return [otherwise, err === undefined ? undefined : err instanceof Error ? err.message : String(err)];
}

function addCounts(into: Record<string, number>, counts: Record<string, number>): void {
  for (const [key, value] of Object.entries(counts)) {
    if (typeof value === 'number' && Number.isFinite(value)) into[key] = (into[key] ?? 0) + value;
  }
}
