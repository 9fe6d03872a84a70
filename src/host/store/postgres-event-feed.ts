import pg from 'pg';
import type { WatchEvent } from '../resource/types.js';

/** One read of the event log: final events after a revision, oldest first, and the compaction mark of that snapshot. */
export interface EventBatch {
  events: WatchEvent[];
  compactedThrough: number;
  /** Every event below this revision is final (its transaction has ended); none at or above it was read. */
  horizon: number;
  /** Some committed event lies at or beyond the horizon: a transaction that began before it is still running. */
  hidden: boolean;
}

export interface EventFeedOptions {
  /** Connection of the dedicated LISTEN client (not pooled: it stays subscribed). */
  client: pg.ClientConfig;
  /** application_name of the LISTEN connection (not the pool's: the horizon counts only the pool's transactions). */
  application: string;
  channel: string;
  fetch(after: number, limit: number): Promise<EventBatch>;
  publish(events: WatchEvent[]): void;
  /** The feed lost events (it fell behind compaction): every watcher must start over. */
  lost(compactedThrough: number): void;
  onProblem?: (message: string, err: unknown) => void;
}

const BATCH = 1000;
const MAX_RETRY_MS = 5000;
/** While events wait behind the horizon the feed polls, backing off from the first delay to the last. */
const HIDDEN_POLL_MS = [10, 200] as const;
/** A horizon that has not moved for this long while events wait is reported: a long transaction holds watchers back. */
export const STUCK_HORIZON_MS = 5000;

/**
 * Turns commits made by any process on the database into watch events. A NOTIFY (sent by each committing
 * writer) only says "something new"; the feed then reads every event after the last one it published
 * from the event log, so a lost or coalesced notification loses nothing, and after a dropped LISTEN
 * connection it reconnects and catches up from the log. It never reads past the horizon (an event there may
 * still be joined by an older transaction's events); while committed events wait behind it, it polls.
 */
export class PostgresEventFeed {
  private client?: pg.Client;
  private lastSeen = 0;
  private closed = false;
  private pumping?: Promise<void>;
  private pumpAgain = false;
  private reconnectMs = 100;
  private pollMs: number = HIDDEN_POLL_MS[0];
  private polling = false;
  private stuck?: { horizon: number; since: number; reported: boolean };
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: EventFeedOptions) {}

  /** Subscribes, then takes the current revision as the starting point (in that order, so nothing slips by). */
  async start(currentRevision: () => Promise<number>): Promise<void> {
    await this.listen();
    this.lastSeen = await currentRevision();
  }

  /** Reads and publishes whatever was committed since the last published event (coalesces concurrent calls). */
  poke(): void {
    if (this.closed) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = this.pump()
      .catch((err) => {
        this.options.onProblem?.('reading the event log failed; retrying', err);
        this.later(() => this.poke(), 1000);
      })
      .finally(() => {
        this.pumping = undefined;
        if (this.pumpAgain) {
          this.pumpAgain = false;
          this.poke();
        }
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
    await this.pumping;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ ...this.options.client, application_name: this.options.application });
    client.on('error', (err) => this.dropped(client, err));
    client.on('end', () => this.dropped(client, new Error('connection ended')));
    client.on('notification', (message) => this.notified(message.payload));
    try {
      await client.connect();
      await client.query(`LISTEN "${this.options.channel}"`);
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw err;
    }
    this.client = client;
    this.reconnectMs = 100;
  }

  /**
   * A notification carries the revision of the committed transaction's last write. One this feed has already
   * published needs no read: its own commits poke at commit (so their notifications arrive after the read), and
   * an event is published only once every older transaction has ended, so nothing below it can still appear.
   */
  private notified(payload: string | undefined): void {
    const revision = Number(payload);
    if (Number.isSafeInteger(revision) && revision > 0 && revision <= this.lastSeen) return;
    this.poke();
  }

  private async pump(): Promise<void> {
    for (;;) {
      const { events, compactedThrough, horizon, hidden } = await this.options.fetch(this.lastSeen, BATCH);
      if (compactedThrough > this.lastSeen) {
        this.lastSeen = compactedThrough;
        this.options.lost(compactedThrough);
      }
      const fresh = events.filter((e) => e.revision > this.lastSeen);
      if (fresh.length) {
        this.lastSeen = fresh[fresh.length - 1].revision;
        this.options.publish(fresh);
      }
      if (events.length < BATCH) return this.waitBehind(hidden, horizon);
    }
  }

  /** Polls again soon while committed events wait behind the horizon, and reports a horizon that stays stuck. */
  private waitBehind(hidden: boolean, horizon: number): void {
    if (!hidden) {
      this.pollMs = HIDDEN_POLL_MS[0];
      this.stuck = undefined;
      return;
    }
    const now = Date.now();
    if (this.stuck?.horizon !== horizon) this.stuck = { horizon, since: now, reported: false };
    else if (!this.stuck.reported && now - this.stuck.since > STUCK_HORIZON_MS) {
      this.stuck.reported = true;
      this.options.onProblem?.(
        `watch events have waited ${Math.round((now - this.stuck.since) / 1000)} s behind revision ${horizon}:`
          + ' a transaction that began before them is still running',
        undefined,
      );
    }
    if (this.polling) return;
    this.polling = true;
    this.later(() => {
      this.polling = false;
      this.poke();
    }, this.pollMs);
    this.pollMs = Math.min(this.pollMs * 2, HIDDEN_POLL_MS[1]);
  }

  private dropped(client: pg.Client, err: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    this.options.onProblem?.('the LISTEN connection dropped; reconnecting', err);
    this.reconnectLater();
  }

  private async reconnect(): Promise<void> {
    if (this.closed || this.client) return;
    try {
      await this.listen();
      if (this.closed) {
        await this.close();
        return;
      }
      this.poke(); // catch up on everything committed while we were away
    } catch (err) {
      this.options.onProblem?.('reconnecting the LISTEN connection failed', err);
      this.reconnectLater();
    }
  }

  /** Backs off from 100 ms to 5 s between reconnect attempts. */
  private reconnectLater(): void {
    this.later(() => this.reconnect(), this.reconnectMs);
    this.reconnectMs = Math.min(this.reconnectMs * 2, MAX_RETRY_MS);
  }

  /** A timer that close() cancels and that does not keep the process alive. */
  private later(fn: () => void | Promise<void>, ms: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void fn();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }
}
