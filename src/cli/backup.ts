import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { configFromEnv } from '../host/config.js';
import { sqliteFile } from './host-store.js';

const PG_DUMP_HINT =
  'authpay backup copies the embedded SQLite store, and this configuration uses PostgreSQL (AUTHPAY_DATABASE_URL).\n'
  + 'Back it up with pg_dump, which takes a consistent snapshot while the replicas run:\n'
  + '  pg_dump --format=custom --file=authpay-$(date +%F).dump "$AUTHPAY_DATABASE_URL"\n'
  + '(docs/operations.md, "Backups")\n';

/**
 * `authpay backup <file>`: an online backup of the SQLite store through SQLite's backup API, consistent while
 * the server keeps running (a plain copy of authpay.db could miss commits still in the WAL). The copy is checked
 * with PRAGMA integrity_check before the command reports success.
 */
export async function backup(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const target = args[0];
  if (!target || args.length > 1) {
    process.stderr.write('usage: authpay backup <file>\n');
    return 2;
  }
  const config = configFromEnv(env);
  if (config.databaseUrl) {
    process.stderr.write(PG_DUMP_HINT);
    return 1;
  }
  const source = sqliteFile(config);
  if (!fs.existsSync(source)) {
    process.stderr.write(`no database at ${source}: set AUTHPAY_DATA_DIR to the server's data directory\n`);
    return 1;
  }
  const destination = path.resolve(target);
  if (fs.existsSync(destination)) {
    process.stderr.write(`${destination} exists already; choose a new file name\n`);
    return 1;
  }
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const { totalPages } = await db.backup(destination);
    const verdict = checkBackup(destination);
    if (verdict !== 'ok') {
      process.stderr.write(`the backup at ${destination} failed its integrity check: ${verdict}\n`);
      return 1;
    }
    process.stdout.write(`backup of ${source} written to ${destination} (${totalPages} pages, integrity ok)\n`);
    return 0;
  } finally {
    db.close();
  }
}

function checkBackup(file: string): string {
  const copy = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return String(copy.pragma('integrity_check', { simple: true }));
  } finally {
    copy.close();
  }
}
