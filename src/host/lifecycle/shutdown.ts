import type { Logger } from '../logging/logger.js';

/** One step of a stop, named for the log line that reports it when it fails or outlives the deadline. */
export interface ShutdownStep {
  name: string;
  run(): Promise<void> | void;
}

export interface ShutdownOutcome {
  /** Every step finished before the deadline (some may have failed: see `failed`). */
  finished: boolean;
  /** The step still running when the deadline passed. */
  unfinished?: string;
  /** Steps never started because the deadline passed first. */
  skipped: string[];
  /** Steps that threw; the ones after them still ran. */
  failed: string[];
}

/**
 * Runs the steps in order under one deadline. A step that throws is logged and the next one runs (a store
 * error must not keep the HTTP server or the other components from stopping); a step still running at the
 * deadline is reported by name together with the steps it kept from starting, and the outcome is returned
 * without waiting for it. The caller (the CLI) exits non-zero unless every step finished cleanly.
 */
export async function runShutdown(steps: ShutdownStep[], timeoutMs: number, logger: Logger): Promise<ShutdownOutcome> {
  const outcome: ShutdownOutcome = { finished: false, skipped: [], failed: [] };
  let timer: NodeJS.Timeout | undefined;
  // Referenced on purpose: with every other handle closed, a step awaiting nothing would let the process end.
  const deadline = new Promise<'deadline'>((resolve) => (timer = setTimeout(() => resolve('deadline'), timeoutMs)));
  try {
    for (const [index, step] of steps.entries()) {
      const started = Date.now();
      const result = await Promise.race([runStep(step), deadline]);
      if (result === 'deadline') {
        outcome.unfinished = step.name;
        outcome.skipped = steps.slice(index + 1).map((s) => s.name);
        logger.error({ step: step.name, skipped: outcome.skipped, timeoutMs }, `shutdown deadline passed while "${step.name}" was running`);
        return outcome;
      }
      if (result instanceof Error) {
        outcome.failed.push(step.name);
        logger.error({ step: step.name, err: result.message }, `shutdown step "${step.name}" failed; continuing`);
      } else logger.debug({ step: step.name, ms: Date.now() - started }, 'shutdown step done');
    }
    outcome.finished = true;
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves with the step's error instead of rejecting (a synchronous throw included). */
async function runStep(step: ShutdownStep): Promise<Error | undefined> {
  try {
    await step.run();
    return undefined;
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}
