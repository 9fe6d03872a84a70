import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Ajv } from 'ajv';
import type { Store } from '../../../src/host/store/store.js';

/**
 * Counts what the process does, by kind of work, so a request's cost can be read as "how many of each"
 * rather than as seconds (counts do not change with the machine's load). Everything the process does while
 * counting is counted: the request's own work and whatever it sets off (watch feeds, the delivery worker).
 */
export type Counts = Record<string, number>;

const counts: Counts = {};
let paused = false;
const bump = (name: string, by = 1) => {
  if (!paused) counts[name] = (counts[name] ?? 0) + by;
};

/** Runs fn without counting it: the load generator's own work. */
export function uncounted<T>(fn: () => T): T {
  paused = true;
  try {
    return fn();
  } finally {
    paused = false;
  }
}

export function resetCounts(): void {
  for (const name of Object.keys(counts)) delete counts[name];
}

export function snapshotCounts(): Counts {
  return { ...counts };
}

type AnyFn = (...args: unknown[]) => unknown;

/** Replaces `owner[name]` with a function that counts each call under `label` (and `extra`, if given). */
function countCalls(owner: object, name: string, label: string, extra?: (args: unknown[], result: unknown) => void): void {
  const target = owner as Record<string, AnyFn>;
  const original = target[name];
  target[name] = function (this: unknown, ...args: unknown[]) {
    bump(label);
    const result = original.apply(this, args);
    extra?.(args, result);
    return result;
  };
}

/** JSON, hashing and signing, SQL statements (SQLite and PostgreSQL) and schema validations, process-wide. */
export function installProcessCounters(): void {
  countCalls(JSON, 'stringify', 'json.stringify', (_args, out) => {
    if (typeof out === 'string') bump('json.stringify.bytes', out.length);
    bump(`json.stringify.by.${callerInSrc()}`);
  });
  countCalls(JSON, 'parse', 'json.parse');

  for (const [name, label] of [
    ['createHash', 'crypto.hash'],
    ['hash', 'crypto.hash'],
    ['createHmac', 'crypto.hmac'],
    ['createSign', 'crypto.sign'],
    ['sign', 'crypto.sign'],
    ['createVerify', 'crypto.verify'],
    ['verify', 'crypto.verify'],
    ['timingSafeEqual', 'crypto.timingSafeEqual'],
  ] as const) {
    if (typeof (crypto as unknown as Record<string, unknown>)[name] === 'function') countCalls(crypto, name, label);
  }
  // ESM named imports of node:crypto see the counting functions only after this.
  syncBuiltinESMExports();

  const probe = new Database(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('SELECT 1')) as object;
  for (const method of ['run', 'get', 'all', 'iterate']) countCalls(statement, method, 'sql.statements');
  countCalls(Object.getPrototypeOf(probe) as object, 'exec', 'sql.statements');
  probe.close();
  countCalls(pg.Client.prototype, 'query', 'sql.statements');

  const ajvCompile = Ajv.prototype.compile as AnyFn;
  Ajv.prototype.compile = function (this: Ajv, ...args: unknown[]) {
    const inner = ajvCompile.apply(this, args) as AnyFn & Record<string, unknown>;
    const counted = function (this: unknown, ...callArgs: unknown[]) {
      bump('ajv.validations');
      bump(`ajv.by.${callerInSrc()}`);
      return inner.apply(this, callArgs);
    } as AnyFn & Record<string, unknown>;
    // Callers read `errors` (and sometimes `schema`) off the validator after calling it.
    for (const key of Object.keys(inner)) if (key !== 'errors') counted[key] = inner[key];
    Object.defineProperty(counted, 'errors', { get: () => inner.errors, set: (v) => (inner.errors = v) });
    return counted;
  } as unknown as typeof Ajv.prototype.compile;
}

/** The first frame of the stack in src/ outside the schema helpers: who asked for the work. */
function callerInSrc(): string {
  const frames = (new Error().stack ?? '').split('\n').slice(2);
  const frame = frames.find((f) => f.includes('/src/') && !f.includes('/src/host/schema/'));
  const match = frame && /\/src\/([^:]+):(\d+)/.exec(frame);
  return match ? `${match[1]}:${match[2]}` : 'elsewhere';
}

const READS = ['get', 'list', 'count'] as const;
const WRITES = ['insert', 'update', 'remove'] as const;

/** Store calls by method, and writes by kind: `store.insert`, `store.insert.PaymentInfo`, … */
export function countStore(store: Store): void {
  for (const method of [...READS, ...WRITES]) {
    const target = store as unknown as Record<string, AnyFn>;
    const original = target[method].bind(store);
    target[method] = (kind: unknown, ...rest: unknown[]) => {
      bump(`store.${method}`);
      if ((WRITES as readonly string[]).includes(method)) bump(`store.${method}.${(kind as { kind: string }).kind}`);
      return original(kind, ...rest);
    };
  }
  // A transaction called inside another joins it: only the outermost is one transaction of the store.
  const transaction = store.transaction.bind(store);
  store.transaction = (fn) => {
    bump(store.inTransaction() ? 'store.transaction.joined' : 'store.transaction');
    return transaction(fn);
  };
  countCalls(store, 'lock', 'store.lock');
}
