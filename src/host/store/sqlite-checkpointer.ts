import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What `PRAGMA wal_checkpoint` reports: frames in the WAL, and how many of them are in the database file. */
interface CheckpointResult {
  log: number;
  checkpointed: number;
}

// A CommonJS script (eval workers are not modules): its own connection, one PASSIVE checkpoint per message.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
parentPort.on('message', (msg) => {
  if (msg === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
});
`;

/**
 * Copies the WAL into the database file on a worker thread, so the writer's commits do not. A checkpoint
 * reads every page the WAL holds, writes it into the database file and syncs it: with the writer's own
 * auto-checkpoint that ran inside some COMMIT and held the event loop (a bulk job's page writes, copied and
 * synced a second time). Here a PASSIVE checkpoint (it never blocks the writer or readers) runs whenever
 * commits happened since the last one, alongside the writer.
 *
 * SQLite starts the WAL file over only when a write transaction begins with every frame checkpointed, which
 * a checkpointer racing a busy writer rarely sees. So once the WAL is longer than `restartFrames`, the store
 * asks `settle()` before its next BEGIN: it waits (asynchronously; other work runs) for one checkpoint that
 * starts after the last commit, which then finds all but the newest frames already copied.
 */
export class SqliteCheckpointer {
  private worker?: Worker;
  /** Resolves when the thread has ended, however it ended (listened for from its start, so never missed). */
  private workerExited?: Promise<void>;
  private running?: Promise<CheckpointResult>;
  private commitsSinceStart = 0;
  private last: CheckpointResult = { log: 0, checkpointed: 0 };
  private failed = false;
  private closing = false;
  private pending?: { resolve(result: CheckpointResult): void; reject(err: Error): void };

  constructor(
    private readonly file: string,
    private readonly restartFrames: number,
  ) {}

  /** After each commit: start a checkpoint unless one is running (that one's successor picks this up). */
  afterCommit(): void {
    if (this.failed || this.closing) return;
    this.commitsSinceStart++;
    if (!this.running) void this.runLoop();
  }

  /** Whether the WAL is long enough that the next transaction should wait for settle() first. */
  get needsSettle(): boolean {
    return !this.failed && this.last.log >= this.restartFrames;
  }

  /** Waits until a checkpoint that started after the last commit has finished (call while no one writes). */
  async settle(): Promise<void> {
    while (!this.failed && !this.closing && (this.running || this.commitsSinceStart > 0)) {
      if (this.running) await this.running.catch(() => undefined);
      else await this.runLoop();
    }
    // The WAL restarts at the next write; until the next checkpoint reports, do not ask again.
    this.last = { log: 0, checkpointed: 0 };
  }

  async close(): Promise<void> {
    // No checkpoint starts after this one (the loop would otherwise ask the thread again as it closes).
    this.closing = true;
    await this.running?.catch(() => undefined);
    const worker = this.worker;
    const exited = this.workerExited;
    this.worker = undefined;
    if (!worker || !exited) return;
    // A thread that already ended (its database could not be opened: the data directory was removed) has
    // nothing to close; waiting for an 'exit' event it already sent would wait forever.
    // Held while the store waits for it: an unreferenced thread would let a process with nothing else to do
    // exit in the middle of close(), before the writer folds the WAL in and before the caller's next step.
    worker.ref();
    worker.postMessage('close');
    await exited;
  }

  /** Checkpoints until no commit happened during the last one. */
  private async runLoop(): Promise<void> {
    while (!this.failed && !this.closing && this.commitsSinceStart > 0 && !this.running) {
      this.commitsSinceStart = 0;
      this.running = this.checkpointOnce();
      try {
        this.last = await this.running;
      } catch {
        // Without the worker the writer's own auto-checkpoint (kept as a fallback) does the work.
        this.failed = true;
      } finally {
        this.running = undefined;
      }
    }
  }

  private checkpointOnce(): Promise<CheckpointResult> {
    const worker = this.ensureWorker();
    // Referenced only while a checkpoint is asked for; close() awaits this promise before it refs the thread.
    worker.ref();
    return new Promise<CheckpointResult>((resolve, reject) => {
      this.pending = { resolve, reject };
      worker.postMessage('checkpoint');
    }).finally(() => worker.unref());
  }

  private ensureWorker(): Worker {
    if (!this.worker) {
      const driver = createRequire(import.meta.url).resolve('better-sqlite3');
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file: this.file } });
      worker.on('message', (msg: CheckpointResult & { error?: string }) => {
        const pending = this.pending;
        this.pending = undefined;
        if (msg.error) pending?.reject(new Error(msg.error));
        else pending?.resolve(msg);
      });
      // A thread that fails or ends while asked must not leave the store waiting for its answer.
      const gone = (err?: Error) => {
        this.failed = true;
        this.pending?.reject(err ?? new Error('checkpoint thread exited'));
        this.pending = undefined;
      };
      worker.on('error', gone);
      this.workerExited = new Promise<void>((resolve) =>
        worker.on('exit', () => {
          gone();
          resolve();
        }),
      );
      // An idle checkpointer must never keep the process alive.
      worker.unref();
      this.worker = worker;
    }
    return this.worker;
  }
}
