import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Time a long job may hold one write transaction. SQLite has one writer and PostgreSQL's writers queue on
 * locks, so every other write of the site waits out the chunk under way. A request can wait more than once:
 * at each of its transactions and, on SQLite, where the chunk runs on the request's own event loop, at each
 * turn of its I/O. At 25 ms a concurrent createPayment's p99 was 110 ms (bench:settlement); 15 ms keeps the
 * sum below the 100 ms a request may stall (docs/store.md "Long jobs").
 */
export const CHUNK_BUDGET_MS = 15;

/** Anything that runs a function in one store transaction (the Store, an ExtensionClient). */
export interface Transactional {
  transaction<T>(fn: () => Promise<T>): Promise<T>;
}

export interface ChunkOptions {
  budgetMs?: number;
  signal?: AbortSignal;
  now?: () => number;
  /** Called after each chunk committed (tests follow the progress with it). */
  onChunk?: (chunk: number) => void;
}

/**
 * Runs `step` until it answers false (nothing left), in transactions of at most about `budgetMs` each:
 * - a chunk runs steps while its time lasts, at least one, and commits them together, so a step is the
 *   smallest unit that commits whole (a crash loses at most the chunk under way, never half a step);
 * - between chunks it yields to the event loop, so writers queued meanwhile (the SQLite mutex is FIFO,
 *   PostgreSQL's locks are released at commit) go before the next chunk;
 * - a step must leave in the store what the next needs: a re-run after a crash finds its place there.
 * Returns the number of chunks committed.
 */
export async function runInChunks(store: Transactional, step: () => Promise<boolean>, options: ChunkOptions = {}): Promise<number> {
  const budget = options.budgetMs ?? CHUNK_BUDGET_MS;
  const now = options.now ?? (() => performance.now());
  let chunks = 0;
  for (let more = true; more;) {
    options.signal?.throwIfAborted();
    more = await store.transaction(async () => {
      const start = now();
      let left = await step();
      while (left && now() - start < budget) left = await step();
      return left;
    });
    options.onChunk?.(++chunks);
    if (more) await nextTurn();
  }
  return chunks;
}
