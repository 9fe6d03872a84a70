import { thousands } from '../markdown.js';
import type { BulkLoadFigures } from './bulk-load.js';

/** One sentence for a report: how the bulk loader filled the store, and where its time went. */
export function describeBulkLoad(f: BulkLoadFigures, what = 'objects'): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
  return (
    `Loaded by the bulk loader (\`bench/lib/bulk/\`, \`BENCH_LOADER=bulk\`: the objects \`ExtensionClient.create\` would store, `
    + `written with multi-row INSERTs in transactions of ${thousands(f.batch)}, `
    + `secondary indexes (and PostgreSQL's trigram indexes) built at the end): `
    + `${thousands(f.perSecond)} ${what}/s (${s(f.ms)}: rows ${s(f.rowsMs)}, indexes ${s(f.indexMs)}, `
    + `store.ensureKind ${s(f.ensureMs)})`
  );
}
