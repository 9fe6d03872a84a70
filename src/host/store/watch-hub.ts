import type { KindInfo } from '../schema/kind-registry.js';
import type { WatchEvent } from '../resource/types.js';
import type { WatchHandle, WatchListener } from './store.js';

interface Watcher {
  kind?: string;
  lastRevision: number;
  listener: WatchListener;
  onError?: (err: Error) => void;
  /** While the backlog is replayed, live events wait here. */
  buffer?: WatchEvent[];
}

/**
 * Fans committed events out to watchers in revision order. A watcher that resumes from an old revision is
 * registered first (buffering live events), replayed from the event log, then switched to live delivery;
 * duplicates are dropped by revision, so nothing is lost or delivered twice across the switch.
 */
export class WatchHub {
  private readonly watchers = new Set<Watcher>();

  async add(
    kind: KindInfo | undefined,
    fromRevision: number,
    listener: WatchListener,
    replay: (after: number) => Promise<WatchEvent[]>,
    onError?: (err: Error) => void,
  ): Promise<WatchHandle> {
    const watcher: Watcher = { kind: kind?.kind, lastRevision: fromRevision, listener, onError, buffer: [] };
    this.watchers.add(watcher);
    try {
      for (const event of await replay(fromRevision)) this.deliver(watcher, event);
    } catch (err) {
      this.watchers.delete(watcher);
      throw err;
    }
    const buffered = watcher.buffer ?? [];
    watcher.buffer = undefined;
    for (const event of buffered) this.deliver(watcher, event);
    return { stop: () => this.watchers.delete(watcher) };
  }

  publish(events: WatchEvent[]): void {
    for (const event of events) {
      for (const w of this.watchers) {
        if (w.kind && w.kind !== event.object.kind) continue;
        if (w.buffer) w.buffer.push(event);
        else this.deliver(w, event);
      }
    }
  }

  /**
   * Ends every watch with an error, for when the event source itself lost events (a PostgreSQL listener
   * that fell behind compaction): the watchers must relist, as a Kubernetes client does on 410 Gone.
   */
  failAll(err: Error): void {
    const failed = [...this.watchers];
    this.watchers.clear();
    for (const w of failed) {
      try {
        w.onError?.(err);
      } catch {
        // An error handler that throws must not keep the others from hearing about the failure.
      }
    }
  }

  get size(): number {
    return this.watchers.size;
  }

  clear(): void {
    this.watchers.clear();
  }

  private deliver(w: Watcher, event: WatchEvent): void {
    if (event.revision <= w.lastRevision) return;
    if (w.kind && w.kind !== event.object.kind) return;
    w.lastRevision = event.revision;
    try {
      w.listener(event);
    } catch {
      // A failing listener must not stop delivery to the others; listeners own their error handling.
    }
  }
}
