import type { ExtensionClient } from '../client/extension-client.js';
import type { Logger } from '../logging/logger.js';
import { backoffDelay } from './backoff.js';
import { sleep, systemClock, type Clock } from './clock.js';
import { Informer } from './informer.js';
import type { ControllerDefinition } from './types.js';
import { WorkQueue } from './work-queue.js';

export interface ControllerDeps {
  client: ExtensionClient;
  logger: Logger;
  clock?: Clock;
}

/**
 * Runs one ControllerDefinition: an informer that keeps only names and resourceVersions (so a large kind
 * costs little memory) feeds a de-duplicating work queue drained by `workers` loops.
 */
export class Controller {
  private queue: WorkQueue;
  private readonly informer: Informer<never, true>;
  private readonly logger: Logger;
  private workers: Array<Promise<void>> = [];
  private running = false;
  private stopSignal = new AbortController();
  private readonly clock: Clock;

  constructor(
    readonly definition: ControllerDefinition,
    deps: ControllerDeps,
  ) {
    const clock = (this.clock = deps.clock ?? systemClock);
    this.logger = deps.logger.child({ controller: definition.name });
    this.queue = this.newQueue();
    const enqueue = (name: string) => this.queue.add(name);
    this.informer = new Informer<never, true>({
      client: deps.client,
      kind: definition.kind,
      where: definition.where,
      project: () => true,
      handlers: { onAdd: enqueue, onUpdate: enqueue, onDelete: enqueue },
      pageSize: definition.pageSize,
      clock,
      logger: this.logger,
    });
  }

  /** Syncs every existing object into the queue, then follows the watch; workers start at once. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.stopSignal = new AbortController();
    this.queue = this.newQueue();
    const count = Math.max(1, this.definition.workers ?? 1);
    this.workers = Array.from({ length: count }, () => this.work());
    await this.startInformer();
  }

  /** The first list may fail (store down); keep trying with backoff until it works or we are stopped. */
  private async startInformer(): Promise<void> {
    for (let failures = 0; this.running; failures++) {
      try {
        return await this.informer.start();
      } catch (err) {
        const delay = backoffDelay(failures);
        this.logger.warn({ err: errorText(err), retryInMs: delay }, 'controller start-up sync failed; retrying');
        this.informer.stop();
        await sleep(this.clock, delay, this.stopSignal.signal);
      }
    }
  }

  /** Stops watching and waits for in-flight reconciles to finish. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.stopSignal.abort();
    this.informer.stop();
    this.queue.shutdown();
    await Promise.all(this.workers);
    this.workers = [];
  }

  private newQueue(): WorkQueue {
    return new WorkQueue({ minDelayMs: this.definition.minDelayMs, maxDelayMs: this.definition.maxDelayMs }, this.clock);
  }

  /** Queues a name by hand (e.g. when a related object of another kind changed). */
  enqueue(name: string, afterMs = 0): void {
    this.queue.addAfter(name, afterMs);
  }

  private async work(): Promise<void> {
    for (;;) {
      const name = await this.queue.get();
      if (name === undefined) return;
      await this.process(name);
    }
  }

  private async process(name: string): Promise<void> {
    try {
      const result = await this.definition.reconcile(name);
      this.queue.forget(name);
      if (result && result.requeueAfterMs !== undefined) this.queue.addAfter(name, result.requeueAfterMs);
    } catch (err) {
      const delay = this.queue.addRateLimited(name);
      this.logger.warn(
        { name, err: errorText(err), retryInMs: delay, failures: this.queue.failuresOf(name) },
        'reconcile failed; retrying',
      );
    } finally {
      this.queue.done(name);
    }
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
