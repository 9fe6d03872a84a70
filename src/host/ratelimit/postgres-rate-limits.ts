import crypto from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../logging/logger.js';
import { poolConfig, resolveConnection } from '../store/postgres-connection.js';
import { RateLimiter, type RateLimit, type RateLimitDecision, type RateLimitOptions } from './rate-limiter.js';
import { rolledForward, secondsUntilAllowed, weightedCount, windowStartOf, type WindowCounter } from './sliding-window.js';

/** 'RATE': first key of the advisory lock that serializes creating the table. */
const RATE_LOCK_NAMESPACE = 0x52415445;
/** Expired rows are swept after this many counted requests in a process. */
const SWEEP_EVERY = 1000;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS authpay_rate_limits (
  scope text NOT NULL, key text NOT NULL, window_start bigint NOT NULL, current integer NOT NULL,
  previous integer NOT NULL, allowed boolean NOT NULL, expires_at bigint NOT NULL, PRIMARY KEY (scope, key))`;

/**
 * Counts one request atomically. $1 scope, $2 key, $3 start of the window holding now, $4 window length,
 * $5 now, $6 limit (all times in ms). A new key starts with this request. An existing one is first rolled to
 * the current window (one window later the current count becomes the previous one; two windows later both
 * are gone), then counted only if its weighted count is below the limit; `allowed` records that decision.
 * The row lock ON CONFLICT takes makes concurrent hits from every replica count one after another.
 */
const HIT = `INSERT INTO authpay_rate_limits AS r (scope, key, window_start, current, previous, allowed, expires_at)
  VALUES ($1::text, $2::text, $3::bigint, 1, 0, true, $3::bigint + 2 * $4::bigint)
  ON CONFLICT (scope, key) DO UPDATE SET (window_start, current, previous, allowed, expires_at) = (
    SELECT ws, cur + CASE WHEN used < $6::float8 THEN 1 ELSE 0 END, prev, used < $6::float8, ws + 2 * $4::bigint
    FROM (SELECT ws, cur, prev, cur + prev * greatest(0, 1 - ($5::bigint - ws)::float8 / $4::bigint) AS used
      FROM (SELECT greatest(r.window_start, $3::bigint) AS ws,
        CASE WHEN $3::bigint <= r.window_start THEN r.current ELSE 0 END AS cur,
        CASE WHEN $3::bigint <= r.window_start THEN r.previous
          WHEN $3::bigint - r.window_start < 2 * $4::bigint THEN r.current ELSE 0 END AS prev) rolled
    ) weighed)
  RETURNING window_start, current, previous, allowed`;

interface CounterRow {
  window_start: string;
  current: number;
  previous: number;
  allowed?: boolean;
}

/**
 * Rate limits shared by every replica on one PostgreSQL schema: one row per limit and key in
 * `authpay_rate_limits`, counted by a single upsert, on a small pool of its own (a limit check never waits
 * behind the store's writers). Should the database fail to answer, the limiter counts in memory for that
 * call and says so in the log, rather than refusing every log-in or letting every request through.
 */
export class PostgresRateLimits {
  private hits = 0;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
  ) {}

  static async open(databaseUrl: string, schema: string | undefined, logger: Logger): Promise<PostgresRateLimits> {
    const conn = resolveConnection(databaseUrl, { schema });
    const pool = new pg.Pool({
      ...poolConfig(conn, { poolSize: 4 }),
      application_name: 'authpay-ratelimit',
      connectionTimeoutMillis: 5000,
      query_timeout: 5000,
    });
    pool.on('error', (err) => logger.warn({ err: err.message }, 'an idle rate-limit connection failed'));
    const lockKey = crypto.createHash('sha1').update(conn.schema).digest().readInt32BE(0);
    const client = await pool.connect();
    try {
      // Replicas starting together would race on CREATE TABLE IF NOT EXISTS (a unique violation in pg_type).
      await client.query(`BEGIN; SELECT pg_advisory_xact_lock(${RATE_LOCK_NAMESPACE}, ${lockKey})`);
      // The store made the schema already, unless this runs on its own (tests); checked first, as the store does.
      const { rows } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [conn.schema]);
      if (!rows.length) await client.query(`CREATE SCHEMA IF NOT EXISTS "${conn.schema}"`);
      await client.query(`${CREATE_TABLE}; COMMIT`);
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release(err as Error);
      await pool.end();
      throw err;
    }
    client.release();
    return new PostgresRateLimits(pool, logger);
  }

  /** A limiter counting under `name` (shared by every process using the same name on this schema). */
  limiter(name: string, options: RateLimitOptions): RateLimit {
    return new PostgresRateLimiter(this, name, options);
  }

  /** @internal the upsert of one hit; sweeps expired rows now and then. */
  async hitRow(scope: string, key: string, now: number, options: RateLimitOptions): Promise<CounterRow> {
    const { rows } = await this.pool.query<CounterRow>({
      name: 'authpay_rate_hit',
      text: HIT,
      values: [scope, key, windowStartOf(now, options.windowMs), options.windowMs, now, options.limit],
    });
    if (++this.hits % SWEEP_EVERY === 0) void this.sweep(now);
    return rows[0];
  }

  /** @internal */
  async readRow(scope: string, key: string): Promise<CounterRow | undefined> {
    const { rows } = await this.pool.query<CounterRow>(
      'SELECT window_start, current, previous FROM authpay_rate_limits WHERE scope = $1 AND key = $2',
      [scope, key],
    );
    return rows[0];
  }

  /** @internal */
  async deleteRow(scope: string, key: string): Promise<void> {
    await this.pool.query('DELETE FROM authpay_rate_limits WHERE scope = $1 AND key = $2', [scope, key]);
  }

  /** @internal */
  reportFailure(scope: string, err: unknown): void {
    this.logger.warn({ limit: scope, err: (err as Error).message }, 'rate limit not shared: PostgreSQL did not answer, counted in memory');
  }

  private async sweep(now: number): Promise<void> {
    await this.pool
      .query('DELETE FROM authpay_rate_limits WHERE expires_at < $1', [now])
      .catch((err: Error) => this.logger.debug({ err: err.message }, 'sweeping expired rate-limit rows failed'));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

class PostgresRateLimiter implements RateLimit {
  private readonly clock: () => number;
  /** Counts while the database does not answer. */
  private readonly fallback: RateLimiter;

  constructor(
    private readonly db: PostgresRateLimits,
    private readonly scope: string,
    private readonly options: RateLimitOptions,
  ) {
    if (!(options.limit > 0) || !(options.windowMs > 0)) throw new Error('rate limit and window must be positive');
    this.clock = options.clock ?? Date.now;
    this.fallback = new RateLimiter(options);
  }

  async hit(key: string): Promise<RateLimitDecision> {
    const now = this.clock();
    try {
      const row = await this.db.hitRow(this.scope, key, now, this.options);
      return this.decide(counterOf(row), now, row.allowed === true);
    } catch (err) {
      this.db.reportFailure(this.scope, err);
      return this.fallback.hit(key);
    }
  }

  async check(key: string): Promise<RateLimitDecision> {
    const now = this.clock();
    try {
      const row = await this.db.readRow(this.scope, key);
      if (!row) return { allowed: true, remaining: this.options.limit, retryAfterSeconds: 0 };
      // As the upsert rolls a counter in SQL.
      const counter = rolledForward(counterOf(row), now, this.options.windowMs);
      return this.decide(counter, now, weightedCount(counter, now, this.options.windowMs) < this.options.limit);
    } catch (err) {
      this.db.reportFailure(this.scope, err);
      return this.fallback.check(key);
    }
  }

  async reset(key: string): Promise<void> {
    this.fallback.reset(key);
    await this.db.deleteRow(this.scope, key).catch((err: unknown) => this.db.reportFailure(this.scope, err));
  }

  /** The decision for a counter as it stands (after the hit, when one was counted). */
  private decide(counter: WindowCounter, now: number, allowed: boolean): RateLimitDecision {
    if (!allowed) return { allowed: false, remaining: 0, retryAfterSeconds: secondsUntilAllowed(counter, now, this.options) };
    const used = weightedCount(counter, now, this.options.windowMs);
    return { allowed: true, remaining: Math.max(0, Math.floor(this.options.limit - used)), retryAfterSeconds: 0 };
  }
}

function counterOf(row: CounterRow): WindowCounter {
  return { windowStart: Number(row.window_start), current: row.current, previous: row.previous };
}
