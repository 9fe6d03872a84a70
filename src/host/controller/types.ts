import type { KindRef } from '../resource/kind-def.js';
import type { Condition } from '../store/query.js';
/** What a reconcile asks for next: nothing (done until the object changes), or another look after a delay. */
export interface ReconcileResult {
  requeueAfterMs?: number;
}

/**
 * A level-triggered controller for one kind. reconcile(name) reads the object's current state itself (it
 * may be gone) and makes the world match it; throwing retries with exponential backoff.
 */
export interface ControllerDefinition {
  /** Unique name, used in logs. */
  name: string;
  /** Kind whose objects feed the work queue (every add, change and delete enqueues the name). */
  kind: KindRef;
  /**
   * Only objects of the kind that match (label conditions or indexed fields): the start-up sync lists only
   * them, and an object that stops matching is reconciled once more, as a deletion would be. Default: all.
   */
  where?: Condition;
  reconcile(name: string): Promise<ReconcileResult | void> | ReconcileResult | void;
  /** Parallel workers (default 1); one name is never reconciled by two workers at once. */
  workers?: number;
  /** First retry delay after an error (default 1000 ms); doubles per failure. */
  minDelayMs?: number;
  /** Retry delay cap (default 30 000 ms). */
  maxDelayMs?: number;
  /** List page size of the start-up sync (default 500). */
  pageSize?: number;
}

/** Registration surface given to plugins; unregistering stops the controller. */
export interface ControllerRegistrar {
  register(definition: ControllerDefinition): () => Promise<void>;
}
