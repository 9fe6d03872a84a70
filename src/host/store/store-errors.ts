import type { KindInfo } from '../schema/kind-registry.js';
import { AppError, ConflictError } from '../errors/app-error.js';

/** The errors both store backends raise for the same situations, with the same (Kubernetes) wording. */
export function conflict(kind: KindInfo, name: string): ConflictError {
  return new ConflictError(
    `Operation cannot be fulfilled on ${kind.plural}.${kind.group} "${name}": the object has been modified;`
      + ' please apply your changes to the latest version and try again',
  );
}

/** A watch asked to resume from a revision the event log no longer holds (HTTP 410, as etcd compaction). */
export function gone(after: number): AppError {
  return new AppError('GONE', `too old resource version: ${after}`);
}
