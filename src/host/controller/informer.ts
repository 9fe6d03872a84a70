import type { ExtensionClient } from '../client/extension-client.js';
import { matches } from '../api/generic/match.js';
import { AppError } from '../errors/app-error.js';
import type { Logger } from '../logging/logger.js';
import type { Resource, WatchEvent } from '../resource/types.js';
import { kindName, type KindRef } from '../resource/kind-def.js';
import type { Condition } from '../store/query.js';
import type { WatchHandle } from '../store/store.js';
import { backoffDelay } from './backoff.js';
import { systemClock, type Clock, type TimerHandle } from './clock.js';

/** Callbacks of an informer; each gets the object name and the cached (projected) values. */
export interface InformerHandlers<V> {
  onAdd?(name: string, value: V): void;
  onUpdate?(name: string, value: V, previous: V): void;
  onDelete?(name: string, previous: V): void;
}

export interface InformerOptions<R extends Resource, V> {
  client: ExtensionClient;
  kind: KindRef;
  /**
   * Only objects matching this condition (labels or indexed fields, as a list's `where`): the list asks the
   * store for them, and a watch event of an object that no longer matches reports it as deleted, as a
   * Kubernetes informer with a label selector does.
   */
  where?: Condition;
  /** What the cache keeps per object: the whole object, or only what the consumer needs (for large kinds). */
  project: (obj: R) => V;
  handlers?: InformerHandlers<V>;
  pageSize?: number;
  clock?: Clock;
  logger?: Logger;
}

interface Entry<V> {
  resourceVersion: string;
  value: V;
}

/**
 * List-then-watch cache of one kind, after client-node's ListWatch (cache.ts): lists in pages, watches from
 * the list's revision, ignores events whose resourceVersion it already has, and lists again after a watch
 * error or GONE (reporting objects that vanished during the gap as deleted). Retries back off 1 s → 30 s.
 */
export class Informer<R extends Resource, V> {
  private readonly cache = new Map<string, Entry<V>>();
  private readonly clock: Clock;
  private watch?: WatchHandle;
  private retryTimer?: TimerHandle;
  private failures = 0;
  private stopped = true;
  private epoch = 0;

  constructor(private readonly options: InformerOptions<R, V>) {
    this.clock = options.clock ?? systemClock;
  }

  /** Resolves after the first full list; later relists happen in the background. */
  async start(): Promise<void> {
    this.stopped = false;
    this.cache.clear(); // a (re)start reports every object afresh, as a start-up sync must
    this.failures = 0;
    await this.sync(++this.epoch, true);
  }

  stop(): void {
    this.stopped = true;
    this.epoch++;
    this.watch?.stop();
    this.watch = undefined;
    if (this.retryTimer !== undefined) this.clock.clearTimeout(this.retryTimer);
  }

  get(name: string): V | undefined {
    return this.cache.get(name)?.value;
  }

  has(name: string): boolean {
    return this.cache.has(name);
  }

  keys(): string[] {
    return [...this.cache.keys()];
  }

  /** Applies an object the caller just wrote, so its own reads see it before the watch event arrives. */
  upsert(obj: R): void {
    this.apply({ type: 'MODIFIED', object: obj, revision: Number(obj.metadata.resourceVersion) });
  }

  private async sync(epoch: number, initial = false): Promise<void> {
    try {
      const revision = await this.relist(epoch);
      if (epoch !== this.epoch) return;
      const kind = this.options.client.kind(this.options.kind);
      const handle = await this.options.client.store.watch(
        { kind, fromRevision: revision },
        (e) => this.apply(e as WatchEvent<R>),
        (err) => this.onWatchError(epoch, err),
      );
      if (epoch !== this.epoch) return handle.stop();
      this.watch = handle;
      this.failures = 0;
    } catch (err) {
      if (epoch !== this.epoch) return;
      if (initial) throw err; // the first start surfaces a broken store to the caller
      this.onWatchError(epoch, err as Error);
    }
  }

  /** Lists every object in pages and reconciles the cache with the result; returns the first page's revision. */
  private async relist(epoch: number): Promise<number> {
    const seen = new Set<string>();
    let revision: number | undefined;
    let cont: string | undefined;
    do {
      const page = await this.options.client.list<R>(this.options.kind, {
        where: this.options.where,
        limit: this.options.pageSize ?? 500,
        continue: cont,
      });
      if (epoch !== this.epoch) return page.revision;
      revision ??= page.revision;
      for (const obj of page.items) {
        seen.add(obj.metadata.name);
        this.apply({ type: 'ADDED', object: obj, revision: Number(obj.metadata.resourceVersion) });
      }
      cont = page.continue;
    } while (cont);
    for (const name of [...this.cache.keys()]) {
      if (!seen.has(name)) this.remove(name);
    }
    return revision ?? 0;
  }

  private apply(event: WatchEvent<R>): void {
    if (this.stopped) return;
    const name = event.object.metadata.name;
    if (event.type === 'DELETED' || !this.selects(event.object)) return this.remove(name);
    const rv = event.object.metadata.resourceVersion ?? '';
    const previous = this.cache.get(name);
    if (previous && Number(previous.resourceVersion) >= Number(rv)) return; // same or older version: nothing new
    const entry = { resourceVersion: rv, value: this.options.project(event.object) };
    this.cache.set(name, entry);
    if (previous) this.options.handlers?.onUpdate?.(name, entry.value, previous.value);
    else this.options.handlers?.onAdd?.(name, entry.value);
  }

  private selects(obj: R): boolean {
    const where = this.options.where;
    return !where || matches(this.options.client.kind(this.options.kind), obj, where);
  }

  private remove(name: string): void {
    const previous = this.cache.get(name);
    if (!previous) return;
    this.cache.delete(name);
    this.options.handlers?.onDelete?.(name, previous.value);
  }

  private onWatchError(epoch: number, err: Error): void {
    if (epoch !== this.epoch || this.stopped) return;
    this.watch?.stop();
    this.watch = undefined;
    const delay = err instanceof AppError && err.code === 'GONE' ? 0 : backoffDelay(this.failures);
    this.failures++;
    this.options.logger?.warn(
      { kind: kindName(this.options.kind), err: err.message, retryInMs: delay },
      'informer watch failed; listing again',
    );
    const next = ++this.epoch;
    this.retryTimer = this.clock.setTimeout(() => void this.sync(next), delay);
  }
}
