import crypto from 'node:crypto';
import pg from 'pg';
import { sleep, systemClock, type Clock } from '../controller/clock.js';
import type { Logger } from '../logging/logger.js';
import { Listeners } from './listeners.js';
import type { LeaderElector } from './types.js';

/** 'LEAD': first key of the leader lock; the store's write lock uses another namespace. */
export const LEADER_LOCK_NAMESPACE = 0x4c454144;

export interface AdvisoryLockLeaderOptions {
  /** Connection settings of the database (the lock needs no schema). */
  connection: pg.ClientConfig;
  /** Processes sharing a lock name elect one leader; the host uses the store's schema. */
  lockName: string;
  identity: string;
  logger: Logger;
  /** How often the leader checks its session is alive (default 1000 ms). */
  heartbeatMs?: number;
  /** How often a follower tries to take the lock (default 1000 ms). */
  retryMs?: number;
  clock?: Clock;
}

/**
 * Leader election by a session-level PostgreSQL advisory lock on a dedicated connection. The lock lives as
 * long as the session: when the leader dies, its connection closes and the server releases the lock, so a
 * follower's next pg_try_advisory_lock (every retryMs) wins. The leader pings its session every
 * heartbeatMs; a failed ping or a connection error ends its leadership at once (before another process
 * can have taken over, since the lock goes only with the session).
 */
export class AdvisoryLockLeader implements LeaderElector {
  private readonly listeners = new Listeners<boolean>();
  private readonly clock: Clock;
  private readonly key: [number, number];
  private client?: pg.Client;
  private leader = false;
  private stopping = new AbortController();
  private loop?: Promise<void>;
  /** When this process last lost leadership; it waits retryMs before contending again (others go first). */
  private lostAt = -Infinity;

  constructor(private readonly options: AdvisoryLockLeaderOptions) {
    this.clock = options.clock ?? systemClock;
    this.key = [LEADER_LOCK_NAMESPACE, crypto.createHash('sha1').update(options.lockName).digest().readInt32BE(0)];
  }

  get identity(): string {
    return this.options.identity;
  }

  get isLeader(): boolean {
    return this.leader;
  }

  onChange(listener: (leader: boolean) => void): () => void {
    return this.listeners.add(listener);
  }

  async start(): Promise<void> {
    if (this.loop) return;
    this.stopping = new AbortController();
    await this.attempt();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
    this.loop = undefined;
    const client = this.client;
    this.client = undefined;
    this.setLeader(false);
    if (client) await client.end().catch(() => undefined); // ending the session releases the lock
  }

  private async run(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      const wait = this.leader ? (this.options.heartbeatMs ?? 1000) : (this.options.retryMs ?? 1000);
      await sleep(this.clock, wait, this.stopping.signal);
      if (!this.stopping.signal.aborted) await this.attempt();
    }
  }

  /** One step: connect if needed, then ping (leader) or try the lock (follower). */
  private async attempt(): Promise<void> {
    try {
      if (!this.leader && this.clock.now() - this.lostAt < (this.options.retryMs ?? 1000)) return;
      const client = this.client ?? (await this.connect());
      if (this.leader) {
        await client.query('SELECT 1');
        return;
      }
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', this.key);
      if (rows[0]?.locked && !this.stopping.signal.aborted) {
        this.options.logger.info({ identity: this.identity }, 'became leader');
        this.setLeader(true);
      }
    } catch (err) {
      this.drop(err as Error);
    }
  }

  private async connect(): Promise<pg.Client> {
    const heartbeat = this.options.heartbeatMs ?? 1000;
    const client = new pg.Client({
      ...this.options.connection,
      application_name: 'authpay-leader',
      keepAlive: true,
      connectionTimeoutMillis: Math.max(2000, heartbeat * 3),
      query_timeout: Math.max(2000, heartbeat * 3),
      // The server notices a vanished leader host within ~15 s even without a clean TCP close.
      options: '-c tcp_keepalives_idle=5 -c tcp_keepalives_interval=2 -c tcp_keepalives_count=5',
    });
    client.on('error', (err) => this.drop(err));
    this.client = client;
    try {
      await client.connect();
    } catch (err) {
      if (this.client === client) this.client = undefined;
      throw err;
    }
    return client;
  }

  /** The session is gone or unusable: leadership ends now; the next attempt reconnects. */
  private drop(err: Error): void {
    const client = this.client;
    this.client = undefined;
    client?.end().catch(() => undefined);
    if (this.leader) {
      this.lostAt = this.clock.now();
      this.options.logger.warn({ identity: this.identity, err: err.message }, 'lost leadership: the lock session failed');
    } else this.options.logger.debug({ err: err.message }, 'leader election connection failed; retrying');
    this.setLeader(false);
  }

  private setLeader(leader: boolean): void {
    if (this.leader === leader) return;
    this.leader = leader;
    this.listeners.emit(leader, (err) => this.options.logger.error({ err: (err as Error).message }, 'leadership listener failed'));
  }
}
