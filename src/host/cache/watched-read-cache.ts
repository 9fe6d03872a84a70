import type { ExtensionClient } from '../client/extension-client.js';
import type { Logger } from '../logging/logger.js';
import type { Resource, WatchEvent } from '../resource/types.js';
import { kindName, type KindRef } from '../resource/kind-def.js';
import type { WatchHandle } from '../store/store.js';
import { BoundedCache } from './bounded-cache.js';

export interface WatchedReadCacheOptions {
  client: ExtensionClient;
  kind: KindRef;
  /** Objects kept at most (recently read ones stay). */
  capacity: number;
  logger: Logger;
}

const RESTART_DELAY_MS = 1000;

/**
 * Read-through cache of single objects of one kind by name, for a request path that reads a few objects of a
 * large kind again and again (checkAuth reads one authorization record per call among a million).
 *
 * Unlike an informer it never lists the kind: it keeps only objects someone read, and forgets an object when
 * the kind's watch reports any change to it. Correctness rests on that watch:
 * - In this process a write's events are delivered as it commits, before any other code runs, so a read
 *   after a committed write never sees the old object. On PostgreSQL a write made by another replica reaches
 *   this one with its LISTEN/NOTIFY event, a few milliseconds later; until then this replica answers from
 *   the version it had (docs/store.md, "Read caches").
 * - A read that was under way while any change arrived is returned but not kept (it may predate the change).
 * - Inside client.transaction() reads bypass the cache both ways.
 * - While the watch is down (not yet started, failed, stopped) every read goes to the store and nothing is
 *   kept; when it fails the cache is emptied and the watch restarted.
 * Objects handed out are shared between callers: treat them as read-only.
 */
export class WatchedReadCache<R extends Resource> {
  private readonly entries: BoundedCache<string, R>;
  private handle?: WatchHandle;
  private live = false;
  private stopped = false;
  /** Advances on every change event; a read keeps its result only when no event arrived meanwhile. */
  private epoch = 0;
  private restartTimer?: NodeJS.Timeout;

  constructor(private readonly o: WatchedReadCacheOptions) {
    this.entries = new BoundedCache(o.capacity);
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.handle = await this.o.client.watchChanges<R>(
      this.o.kind,
      (event) => this.forget(event),
      (err) => this.lost(err),
    );
    this.live = !this.stopped;
  }

  stop(): void {
    this.stopped = true;
    this.live = false;
    clearTimeout(this.restartTimer);
    this.handle?.stop();
    this.entries.clear();
  }

  /** The object as the store has it (see the class comment for the replica delay), or undefined. */
  async get(name: string): Promise<R | undefined> {
    // Inside a transaction a read sees its uncommitted writes: never serve those from, or keep them in, the cache.
    if (this.o.client.inTransaction()) return this.o.client.fetch<R>(this.o.kind, name);
    if (this.live) {
      const kept = this.entries.get(name);
      if (kept) return kept;
    }
    const epoch = this.epoch;
    const read = await this.o.client.fetch<R>(this.o.kind, name);
    if (read && this.live && epoch === this.epoch) this.entries.set(name, read);
    return read;
  }

  get size(): number {
    return this.entries.size;
  }

  private forget(event: WatchEvent<R>): void {
    this.epoch++;
    this.entries.delete(event.object.metadata.name);
  }

  private lost(err: Error): void {
    this.live = false;
    this.epoch++;
    this.entries.clear();
    if (this.stopped) return;
    this.o.logger.warn(
      { kind: kindName(this.o.kind), err: err.message },
      'read cache lost its watch; reading from the store until it is back',
    );
    this.restartTimer = setTimeout(() => {
      this.start().catch((e: Error) => this.lost(e));
    }, RESTART_DELAY_MS);
    this.restartTimer.unref();
  }
}
