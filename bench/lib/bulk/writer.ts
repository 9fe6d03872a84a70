import type { KindInfo } from '../../../src/host/schema/kind-registry.js';
import type { Resource } from '../../../src/host/resource/types.js';

/** What a backend's bulk writer is given: prepared objects 0..n-1, written in transactions of `batch`. */
export interface BulkWrite {
  kind: KindInfo;
  n: number;
  /** The object client.create would store as record i (prepared-objects.ts). */
  objectAt: (i: number) => Promise<Resource>;
  /** Objects per transaction. */
  batch: number;
  /** The store's event retention: only the newest this many records get events (the rest would be compacted). */
  eventRetention: number;
  progress: (done: number) => void;
  /** Rows per INSERT statement, when not the backend's default (tests lower it to cross statement bounds). */
  rowsPerStatement?: number;
}

/** Milliseconds spent in each phase of a bulk load. */
export interface BulkPhases {
  rowsMs: number;
  indexMs: number;
  /** store.ensureKind afterwards: on SQLite it rebuilds the search index from the rows. */
  ensureMs: number;
}

/** The prepared objects [from, to), made one after the other (the client's create path is async). */
export async function preparedRange(write: BulkWrite, from: number, to: number): Promise<Resource[]> {
  const objects: Resource[] = [];
  for (let i = from; i < to; i++) objects.push(await write.objectAt(i));
  return objects;
}

/** Whether record i gets an event: it is among the newest `eventRetention` records of the load. */
export function keepsEvent(write: BulkWrite, i: number): boolean {
  return i >= write.n - write.eventRetention;
}

/** The labels of an object as the store writes them, one row per key. */
export function labelRows(obj: Resource): Array<[string, string]> {
  return Object.entries(obj.metadata.labels ?? {});
}
