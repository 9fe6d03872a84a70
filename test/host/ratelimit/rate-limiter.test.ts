import { RateLimiter } from '../../../src/host/ratelimit/rate-limiter.js';

test('allows up to the limit per window, then refuses with a retry time', () => {
  let now = 1_000_000;
  const limiter = new RateLimiter({ limit: 3, windowMs: 60_000, clock: () => now });
  expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true]);
  const refused = limiter.hit('a');
  expect(refused).toMatchObject({ allowed: false, remaining: 0 });
  expect(refused.retryAfterSeconds).toBeGreaterThan(0);
  expect(limiter.hit('b').allowed).toBe(true);
  now += 2 * 60_000;
  expect(limiter.hit('a').allowed).toBe(true);
});

test('the previous window still counts, weighted by its overlap (sliding window)', () => {
  let now = 0;
  const limiter = new RateLimiter({ limit: 4, windowMs: 1000, clock: () => now });
  for (let i = 0; i < 4; i++) limiter.hit('k');
  now = 1250; // 75 % of the previous window overlaps: 3 of its 4 still count
  expect(limiter.hit('k').allowed).toBe(true);
  expect(limiter.hit('k').allowed).toBe(false);
  now = 1900; // 10 % overlaps: 0.4 + 1
  expect(limiter.check('k').allowed).toBe(true);
});

test('a refused request is not counted and retryAfter says when one is allowed again', () => {
  let now = 0;
  const limiter = new RateLimiter({ limit: 2, windowMs: 10_000, clock: () => now });
  limiter.hit('k');
  limiter.hit('k');
  const { retryAfterSeconds } = limiter.hit('k');
  now += retryAfterSeconds * 1000;
  expect(limiter.hit('k').allowed).toBe(true);
});

test('memory stays bounded: least recently used keys are evicted', () => {
  const limiter = new RateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 100 });
  for (let i = 0; i < 1000; i++) limiter.hit(`ip-${i}`);
  expect(limiter.size).toBe(100);
  expect(limiter.hit('ip-999').allowed).toBe(false);
  expect(limiter.hit('ip-0').allowed).toBe(true);
});

test('reset forgets a key', () => {
  const limiter = new RateLimiter({ limit: 1, windowMs: 60_000 });
  limiter.hit('x');
  expect(limiter.check('x').allowed).toBe(false);
  limiter.reset('x');
  expect(limiter.check('x').allowed).toBe(true);
});
