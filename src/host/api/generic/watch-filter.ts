import type { KindInfo } from '../../schema/kind-registry.js';
import type { Resource, WatchEvent } from '../../resource/types.js';
import type { Condition } from '../../store/query.js';
import { matches } from './match.js';

export type WatchEventOut = { type: 'ADDED' | 'MODIFIED' | 'DELETED'; object: Resource };

/**
 * Turns store events into what one watch client should see. It remembers, per object name, the revision
 * last sent, so that (1) events older than a state the client already has are dropped, and (2) an object
 * that stops matching the selector is reported as DELETED, one that starts matching as ADDED.
 *
 * `listed` means the watch began with a full listing (no resume point): then an object the filter has not
 * sent is new to the client. When resuming from a revision, objects the client got earlier are unknown to
 * the filter, so events keep their own type.
 */
export class WatchFilter {
  private readonly sent = new Map<string, number>();

  constructor(
    private readonly kind: KindInfo,
    private readonly where: Condition | undefined,
    private readonly listed: boolean,
  ) {}

  /** Records an object sent in the initial listing. */
  remember(obj: Resource): void {
    this.sent.set(obj.metadata.name, Number(obj.metadata.resourceVersion));
  }

  translate(event: WatchEvent): WatchEventOut | undefined {
    if (!this.listed && !this.where) return { type: event.type, object: event.object };
    const name = event.object.metadata.name;
    const previous = this.sent.get(name);
    if (previous !== undefined && event.revision <= previous) return undefined;
    const matching = matches(this.kind, event.object, this.where);
    if (event.type === 'DELETED') {
      this.sent.delete(name);
      if (previous !== undefined || (!this.listed && matching)) return { type: 'DELETED', object: event.object };
      return undefined;
    }
    if (!matching) {
      if (previous === undefined) return undefined;
      this.sent.delete(name);
      return { type: 'DELETED', object: event.object };
    }
    this.sent.set(name, event.revision);
    if (previous !== undefined) return { type: 'MODIFIED', object: event.object };
    return { type: this.listed ? 'ADDED' : event.type, object: event.object };
  }
}
