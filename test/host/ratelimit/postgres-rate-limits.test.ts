/**
 * Rate limits on PostgreSQL: two PostgresRateLimits on one schema stand for two replicas, and share one
 * count; the sliding window behaves as the in-memory limiter's. Skipped locally when PostgreSQL is
 * unreachable; CI runs it.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { PostgresRateLimits } from '../../../src/host/ratelimit/postgres-rate-limits.js';
import { RateLimiter, type RateLimit } from '../../../src/host/ratelimit/rate-limiter.js';
import { PG_URL, postgresReachable } from '../store/harness.js';

const inCi = process.env.CI === 'true';
const pgUp = await postgresReachable();
if (!pgUp && !inCi) console.warn(`PostgreSQL is unreachable at ${PG_URL}: skipping the shared rate-limit test (it runs in CI).`);

(pgUp || inCi ? describe : describe.skip)('rate limits on PostgreSQL', () => {
  const schema = `ratelimit_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const logger = pino({ level: 'silent' });
  let replicas: PostgresRateLimits[] = [];

  beforeAll(async () => {
    replicas = await Promise.all([0, 1].map(() => PostgresRateLimits.open(PG_URL, schema, logger)));
  });
  afterAll(async () => {
    for (const r of replicas) await r.close();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  test('two replicas count against one limit, also when they hit it at the same time', async () => {
    const [a, b] = replicas.map((r) => r.limiter('test:shared', { limit: 10, windowMs: 60_000 }));
    const first = await Promise.all([a, b, a, b, a, b].map(async (l) => l.hit('203.0.113.1')));
    expect(first.every((d) => d.allowed)).toBe(true);
    const rest = await Promise.all([a, b, a, b, a, b].map(async (l) => l.hit('203.0.113.1')));
    expect(rest.filter((d) => d.allowed)).toHaveLength(4); // 10 in all, whichever replica counted them
    const refused = await b.hit('203.0.113.1');
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect((await a.check('203.0.113.1')).allowed).toBe(false);
    expect((await a.hit('203.0.113.2')).allowed).toBe(true); // another key
    expect((await replicas[0].limiter('test:other', { limit: 10, windowMs: 60_000 }).hit('203.0.113.1')).allowed).toBe(true);
    await a.reset('203.0.113.1');
    expect((await b.hit('203.0.113.1')).allowed).toBe(true);
  });

  test('the sliding window decides as the in-memory limiter does', async () => {
    let now = 1_800_000_000_000;
    const options = { limit: 4, windowMs: 1000, clock: () => now };
    const shared = replicas[0].limiter('test:window', options);
    const memory = new RateLimiter(options);
    const both = async (l: RateLimit[], op: 'hit' | 'check') => Promise.all(l.map(async (x) => x[op]('k')));
    const steps: Array<[number, 'hit' | 'check']> = [
      [0, 'hit'],
      [100, 'hit'],
      [200, 'hit'],
      [300, 'hit'],
      [400, 'hit'], // refused: 4 in this window
      [1250, 'hit'], // 75 % of the previous window overlaps: 3 + 0 < 4
      [1260, 'hit'], // 2.97 + 1 < 4
      [1270, 'hit'], // refused
      [1900, 'check'],
      [3500, 'hit'], // two windows later: nothing counts
    ];
    for (const [at, op] of steps) {
      now = 1_800_000_000_000 + at;
      const [fromDb, fromMemory] = await both([shared, memory], op);
      expect({ at, ...fromDb }).toEqual({ at, ...fromMemory });
    }
  });
});
