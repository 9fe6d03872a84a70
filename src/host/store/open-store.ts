import path from 'node:path';
import type { Store } from './store.js';
import { SqliteStore } from './sqlite-store.js';

/** The embedded store's file in a data directory. */
export function sqliteFileIn(dataDir: string): string {
  return path.join(dataDir, 'authpay.db');
}

/** Opens the configured backend: PostgreSQL for a postgres:// URL, else the embedded SQLite file. */
export async function openStore(options: { databaseUrl?: string; dataDir: string }): Promise<Store> {
  if (options.databaseUrl) {
    const { PostgresStore } = await import('./postgres-store.js');
    return PostgresStore.connect(options.databaseUrl);
  }
  return new SqliteStore(sqliteFileIn(options.dataDir));
}
