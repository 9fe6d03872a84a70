import type { KindInfo } from '../schema/kind-registry.js';
import type { Resource, WatchEvent } from '../resource/types.js';
import type { Condition, ListPage, ListQuery } from './query.js';

/**
 * Operations that run inside a transaction or on their own. The store assigns resourceVersion (one global,
 * increasing revision) and enforces optimistic concurrency; everything else about metadata is the client's job.
 */
export interface StoreOps {
  get(kind: KindInfo, name: string): Promise<Resource | undefined>;
  list(kind: KindInfo, query?: ListQuery): Promise<ListPage<Resource>>;
  count(kind: KindInfo, where?: Condition): Promise<number>;
  /** Fails with ALREADY_EXISTS when the name is taken. */
  insert(kind: KindInfo, obj: Resource): Promise<Resource>;
  /** Fails with CONFLICT unless the stored resourceVersion equals expectedVersion; NOT_FOUND when absent. */
  update(kind: KindInfo, obj: Resource, expectedVersion: string): Promise<Resource>;
  /** Physically removes the row; returns the final object carrying the deletion's revision. */
  remove(kind: KindInfo, name: string, expectedVersion?: string): Promise<Resource>;
}

export interface WatchOptions {
  /** Only events of this kind; all kinds when absent. */
  kind?: KindInfo;
  /** Deliver every event after this revision (replayed from the event log), then live events. */
  fromRevision?: number;
}

export interface WatchHandle {
  stop(): void;
}

export type WatchListener = (event: WatchEvent) => void;

export interface Store extends StoreOps {
  readonly backend: 'sqlite' | 'postgres';
  /** Creates the kind's table, columns and indexes (idempotent; adds columns for new indexed fields). */
  ensureKind(kind: KindInfo): Promise<void>;
  /**
   * Runs fn in one transaction: all writes commit together or none does. Store calls made while fn runs
   * (in the same async context) join the transaction, so helpers need not thread a handle through.
   */
  transaction<T>(fn: (tx: StoreOps) => Promise<T>): Promise<T>;
  /** Fails with GONE when fromRevision is older than the retained event log. */
  watch(options: WatchOptions, listener: WatchListener, onError?: (err: Error) => void): Promise<WatchHandle>;
  currentRevision(): Promise<number>;
  /** Whether the caller runs inside transaction() (its reads see the transaction's uncommitted writes). */
  inTransaction(): boolean;
  /**
   * Holds the named locks until the surrounding transaction ends, so check-then-write sequences on one key
   * (a user's domain count, a code's redemption, a merchant's balance) run one at a time across processes.
   * Keys are taken in sorted order, so two callers naming the same keys cannot deadlock. PostgreSQL takes a
   * transaction-scoped advisory lock per key; SQLite has one writer, so it only checks that a transaction is open.
   * Fails with INTERNAL outside transaction(): a lock that ends with the statement guards nothing.
   */
  lock(...keys: string[]): Promise<void>;
  /**
   * Refreshes the planner's statistics of a kind's tables after a bulk load (PostgreSQL: VACUUM ANALYZE, so
   * counts become index-only scans; SQLite: ANALYZE of the kind's table). Autovacuum does the same in steady state.
   */
  refreshStatistics(kind: KindInfo): Promise<void>;
  /** Drops event-log entries beyond the retention window; returns the oldest revision still replayable. */
  compactEvents(): Promise<number>;
  close(): Promise<void>;
}

/** Events kept for watch resume; older resume points get 410 Gone, as etcd compaction does. */
export const EVENT_RETENTION = 100_000;
