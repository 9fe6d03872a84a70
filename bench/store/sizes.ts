import fs from 'node:fs';
import type { BenchBackend } from './backends.js';

/** Bytes the data takes: the SQLite file with its WAL, or the PostgreSQL schema's relations. */
export async function dataBytes(b: BenchBackend, pgUrl: string): Promise<number> {
  if (b.sqliteFile) {
    return [b.sqliteFile, `${b.sqliteFile}-wal`].filter((f) => fs.existsSync(f)).reduce((s, f) => s + fs.statSync(f).size, 0);
  }
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    const res = await client.query<{ bytes: string }>(
      `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace `
        + `WHERE n.nspname = $1 AND c.relkind = 'r'`,
      [b.pgSchema],
    );
    return Number(res.rows[0].bytes);
  } finally {
    await client.end();
  }
}
