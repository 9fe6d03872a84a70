import type { Store, WatchHandle } from '../../../src/host/store/store.js';
import type { Resource, WatchEvent } from '../../../src/host/resource/types.js';

/** One write the store made: which kind and object, and how big the object was. */
export interface Write {
  revision: number;
  type: WatchEvent['type'];
  kind: string;
  name: string;
  bytes: number;
  /**
   * Authentication bookkeeping: a token's status.lastUsedAt (written at most once a minute per token, whatever
   * the request's outcome) and nothing else changed.
   */
  lastUseOnly: boolean;
}

/** The object without what changes on every write or records a token's last use. */
function comparable(obj: Resource): string {
  const copy = structuredClone(obj) as Resource & { status?: Record<string, unknown> };
  delete copy.metadata.resourceVersion;
  delete copy.metadata.generation;
  if (copy.status) delete copy.status.lastUsedAt;
  if (copy.status && !Object.keys(copy.status).length) delete copy.status;
  return JSON.stringify(copy);
}

/**
 * Every write of the store, from its own watch (all kinds): the suite reads the global revision before and
 * after a request and asks which writes fell in between.
 */
export class WriteLog {
  private readonly seen: Write[] = [];
  private readonly latest = new Map<string, string>();
  private lastRevision = 0;

  private constructor(
    private readonly store: Store,
    private handle?: WatchHandle,
  ) {}

  /** `known`: objects written before the log starts whose next change must be compared to them. */
  static async start(store: Store, known: Resource[] = []): Promise<WriteLog> {
    const log = new WriteLog(store);
    for (const obj of known) log.latest.set(`${obj.kind}/${obj.metadata.name}`, comparable(obj));
    const from = await store.currentRevision();
    log.lastRevision = from;
    log.handle = await store.watch({ fromRevision: from }, (event) => log.record(event));
    return log;
  }

  private record(event: WatchEvent): void {
    const { kind, metadata } = event.object;
    const key = `${kind}/${metadata.name}`;
    const now = comparable(event.object);
    const lastUseOnly = event.type === 'MODIFIED' && kind === 'PersonalAccessToken' && this.latest.get(key) === now;
    this.latest.set(key, now);
    const bytes = Buffer.byteLength(JSON.stringify(event.object));
    this.seen.push({ revision: event.revision, type: event.type, kind, name: String(metadata.name), bytes, lastUseOnly });
    this.lastRevision = Math.max(this.lastRevision, event.revision);
    if (this.seen.length > 5_000) this.seen.splice(0, 2_500);
  }

  revision(): Promise<number> {
    return this.store.currentRevision();
  }

  /** The writes after `from` up to `to`, waiting briefly for the watch to deliver them. */
  async between(from: number, to: number): Promise<Write[]> {
    for (let i = 0; i < 200 && this.lastRevision < to; i++) await new Promise((r) => setTimeout(r, 5));
    return this.seen.filter((w) => w.revision > from && w.revision <= to);
  }

  stop(): void {
    this.handle?.stop();
  }
}
