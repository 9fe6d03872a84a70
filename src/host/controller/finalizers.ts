import type { ExtensionClient } from '../client/extension-client.js';
import type { Resource } from '../resource/types.js';

export function isBeingDeleted(obj: Resource): boolean {
  return Boolean(obj.metadata.deletionTimestamp);
}

export function hasFinalizer(obj: Resource, finalizer: string): boolean {
  return (obj.metadata.finalizers ?? []).includes(finalizer);
}

export interface FinalizerOutcome<R extends Resource> {
  /** True when the object is being deleted (cleanup ran if the finalizer was still present). */
  deleting: boolean;
  /** The object after the finalizer write (the input when nothing was written). */
  object: R;
}

/**
 * The usual finalizer dance for a reconcile: a live object gets the finalizer (so deletion waits for us);
 * an object being deleted gets `cleanup` run and then loses the finalizer, which lets the store remove it.
 * Cleanup must be idempotent: a crash between cleanup and the finalizer removal runs it again.
 */
export async function reconcileFinalizer<R extends Resource>(
  client: ExtensionClient,
  obj: R,
  finalizer: string,
  cleanup: (obj: R) => Promise<void>,
): Promise<FinalizerOutcome<R>> {
  if (!isBeingDeleted(obj)) return { deleting: false, object: await client.addFinalizer(obj, finalizer) };
  if (!hasFinalizer(obj, finalizer)) return { deleting: true, object: obj };
  await cleanup(obj);
  return { deleting: true, object: await client.removeFinalizer(obj, finalizer) };
}
