/**
 * What the configured case's secret check costs per request, in process (no HTTP, so a loaded machine's
 * scheduling noise stays out): the guard's check as it was before issue 31 (SHA-256 of both sides through a
 * Hash object, bare and Bearer forms each) against ConfiguredSecret (the configured digest kept, one
 * crypto.hash of the presented value), for a header sent bare and after `Bearer `.
 * Usage: tsx bench/check-auth/secret-cost.ts
 */
import crypto from 'node:crypto';
import { ConfiguredSecret } from '../../src/plugin-auth/public/secret-compare.js';

const SECRET = 'bench-api-access-secret-0123456789abcdef01234567';
const ROUNDS = 200_000;

function safeEqualBefore(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a, 'utf8').digest();
  const hb = crypto.createHash('sha256').update(b, 'utf8').digest();
  return crypto.timingSafeEqual(ha, hb);
}

function carriesBefore(header: string, secret: string): boolean {
  const bare = safeEqualBefore(header.trim(), secret);
  const bearer = /^bearer\s/i.test(header) && safeEqualBefore(header.slice(7).trim(), secret);
  return bare || bearer;
}

function nsPerCall(fn: () => boolean): number {
  for (let i = 0; i < 20_000; i++) fn();
  const start = process.hrtime.bigint();
  let hits = 0;
  for (let i = 0; i < ROUNDS; i++) if (fn()) hits++;
  if (hits !== ROUNDS) throw new Error('the secret did not match');
  return Number(process.hrtime.bigint() - start) / ROUNDS;
}

const now = new ConfiguredSecret();
for (const [form, header] of [
  ['bare', SECRET],
  ['Bearer', `Bearer ${SECRET}`],
] as const) {
  const before = nsPerCall(() => carriesBefore(header, SECRET));
  const after = nsPerCall(() => now.carriedBy(header, SECRET));
  process.stdout.write(`${form}: before ${(before / 1000).toFixed(2)} µs, now ${(after / 1000).toFixed(2)} µs per check\n`);
}
