import fs from 'node:fs';
import path from 'node:path';
import type { BulkLoadFigures } from '../lib/bulk/bulk-load.js';

/** The file openStore() uses inside a data directory. */
const DB_FILE = 'authpay.db';
/** The earliest future expireTime of the dataset is load time + 1 day (dataset.ts): later, more would be expired. */
const MAX_AGE_MS = 20 * 3_600_000;

/** What a pristine copy holds and how fast it was loaded (reported again by runs that reuse it). */
export interface DatasetMeta {
  n: number;
  expired: number;
  now: number;
  load: { ms: number; perSecond: number };
  /** Set when the bulk loader (BENCH_LOADER=bulk) loaded the records. */
  bulk?: BulkLoadFigures;
}

/**
 * BENCH_DATA_DIR (SQLite only): the loaded records are kept in `<dir>/pristine` and each run works on a
 * fresh copy in `<dir>/run`, because the cleanup changes the data. Loading 1M records takes about ten
 * minutes; a copy takes seconds. A pristine copy is reused only for the same N and EXPIRED and while no
 * future expiry of the dataset has passed.
 */
export class ReusableDataDir {
  readonly pristine: string;
  readonly run: string;

  constructor(readonly root: string) {
    this.pristine = path.join(root, 'pristine');
    this.run = path.join(root, 'run');
  }

  /** The pristine copy's description when it matches (n, expired) and is young enough, else undefined. */
  usable(n: number, expired: number, now = Date.now()): DatasetMeta | undefined {
    const file = path.join(this.pristine, 'dataset.json');
    if (!fs.existsSync(file) || !fs.existsSync(path.join(this.pristine, DB_FILE))) return undefined;
    const meta = JSON.parse(fs.readFileSync(file, 'utf8')) as DatasetMeta;
    if (meta.n !== n || meta.expired !== expired) return undefined;
    if (now - meta.now > MAX_AGE_MS) return undefined;
    return meta;
  }

  /** Empties the pristine directory before a load into it. */
  resetPristine(): string {
    fs.rmSync(this.pristine, { recursive: true, force: true });
    fs.mkdirSync(this.pristine, { recursive: true });
    return this.pristine;
  }

  /** Marks the pristine copy complete (call after the server that loaded it has closed the database). */
  seal(meta: DatasetMeta): void {
    fs.writeFileSync(path.join(this.pristine, 'dataset.json'), JSON.stringify(meta, null, 2));
  }

  /**
   * A fresh working copy of the pristine database (its WAL too, should one be left), on disk before it is
   * used: otherwise the kernel writes the copy's gigabytes back in the middle of the measured run.
   */
  freshRun(): string {
    fs.rmSync(this.run, { recursive: true, force: true });
    fs.mkdirSync(this.run, { recursive: true });
    for (const f of fs.readdirSync(this.pristine)) {
      if (f.startsWith(DB_FILE)) {
        const copy = path.join(this.run, f);
        fs.copyFileSync(path.join(this.pristine, f), copy);
        flushToDisk(copy);
      }
    }
    return this.run;
  }
}

function flushToDisk(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
