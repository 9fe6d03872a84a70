import type { ExtensionClient } from '../../../src/host/client/extension-client.js';
import type { NewResource, Resource } from '../../../src/host/resource/types.js';
import { EVENT_RETENTION } from '../../../src/host/store/store.js';
import type { PostgresStore } from '../../../src/host/store/postgres-store.js';
import type { SqliteStore } from '../../../src/host/store/sqlite-store.js';
import { nowMs } from '../timing.js';
import { objectPreparer } from './prepared-objects.js';
import { postgresBulkLoad } from './postgres-bulk.js';
import { sqliteBulkLoad } from './sqlite-bulk.js';
import type { BulkPhases, BulkWrite } from './writer.js';

export interface BulkLoadOptions {
  /** Objects per transaction (default 20,000; at most 65,535 on PostgreSQL). */
  batch?: number;
  /** PostgreSQL server URL of the store (its schema is the store's); required for a PostgresStore. */
  pgUrl?: string;
  /** The store's eventRetention, when not the default. */
  eventRetention?: number;
  /** creationTimestamp clock (tests pin it); Date.now by default. */
  clock?: () => number;
  /** Rows per INSERT statement, when not the backend's default (tests lower it). */
  rowsPerStatement?: number;
  /** Called after each transaction with the objects written so far and the milliseconds since the start. */
  progress?: (done: number, ms: number) => void;
}

export interface BulkLoadFigures extends BulkPhases {
  n: number;
  batch: number;
  ms: number;
  perSecond: number;
}

export const DEFAULT_BULK_BATCH = 20_000;

/**
 * Loads objects 0..n-1 of one kind into the client's store as `client.create` would, one transaction after
 * the other, but with multi-row INSERTs in large transactions and the kind's secondary indexes built once at
 * the end (SQLite's search index is written by its triggers as usual; PostgreSQL's trigram indexes are
 * rebuilt). Every object is the one client.create would store (prepared-objects.ts); rows, labels and
 * revisions are the store's. The event log gets the events of the newest `eventRetention` objects
 * only: the store's compaction would delete the others anyway (it keeps the newest `eventRetention` events),
 * so the log equals that of a client load followed by `store.compactEvents()`, which the loader runs last.
 *
 * Nothing else may write the kind meanwhile, and watchers of this process hear nothing of the load (SQLite's
 * hub hears only the store's own commits); a resume from a revision inside the retained log replays it.
 */
export async function bulkLoad(
  client: ExtensionClient,
  kindName: string,
  n: number,
  objectAt: (i: number) => NewResource | Resource,
  options: BulkLoadOptions = {},
): Promise<BulkLoadFigures> {
  const prepare = objectPreparer(client, options.clock);
  const start = nowMs();
  const write: BulkWrite = {
    kind: client.kind(kindName),
    n,
    objectAt: (i) => prepare(objectAt(i)),
    batch: options.batch ?? DEFAULT_BULK_BATCH,
    eventRetention: options.eventRetention ?? EVENT_RETENTION,
    progress: (done) => options.progress?.(done, nowMs() - start),
    rowsPerStatement: options.rowsPerStatement,
  };
  const phases = await writeWith(client, write, options.pgUrl);
  await client.store.compactEvents();
  const ms = nowMs() - start;
  return { ...phases, n, batch: write.batch, ms, perSecond: (n / ms) * 1000 };
}

async function writeWith(client: ExtensionClient, write: BulkWrite, pgUrl?: string): Promise<BulkPhases> {
  if (client.store.backend === 'sqlite') return sqliteBulkLoad(client.store as SqliteStore, write);
  if (!pgUrl) throw new Error('bulkLoad on PostgreSQL needs options.pgUrl (the server the store is connected to)');
  return postgresBulkLoad(client.store as PostgresStore, pgUrl, write);
}
