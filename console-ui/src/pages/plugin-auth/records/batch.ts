// No app imports: the regression test (test/ui/console/plugin-auth-batch.test.ts) checks this file against the
// server's state table from the server's TypeScript project.

/** What a batch move looks at in a record (a listAuthLogs item has these fields). */
export interface BatchRecord {
  metadata?: { name?: string };
  spec?: { authStatus?: 0 | 1; authTime?: string; expireTime?: string };
}
export type BatchVerb = 'authorize' | 'cancel';

/**
 * Whether a batch move changes a record, as the server's state table decides it
 * (src/plugin-auth/auth-log/transitions.ts): batch authorize moves only pending records; cancel moves
 * authorized ones and pending ones that still carry times (expired by the cleanup). The confirmation counts
 * only these, so it never promises to change a record the server will leave as it is.
 */
export function changes(verb: BatchVerb, record: BatchRecord): boolean {
  const spec = record.spec ?? {};
  if (verb === 'authorize') return spec.authStatus === 0;
  return spec.authStatus === 1 || Boolean(spec.authTime || spec.expireTime);
}

export interface BatchPlan {
  /** Names of the selected records the move changes (what is sent). */
  names: string[];
  /** Selected records it would leave as they are. */
  unchanged: number;
}

/** What a batch move over the selected records will do. */
export function batchPlan(verb: BatchVerb, rows: readonly BatchRecord[], selected: readonly string[]): BatchPlan {
  const chosen = new Set(selected);
  const picked = rows.filter((r) => chosen.has(r.metadata?.name ?? ''));
  const names = picked.filter((r) => changes(verb, r)).map((r) => r.metadata?.name ?? '');
  return { names, unchanged: picked.length - names.length };
}
