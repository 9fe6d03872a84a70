import { mib, ms } from '../lib/markdown.js';
import { TARGET_READ_MS, TARGET_START_MS, type BackendResult } from './report.js';

/**
 * Facts the figures themselves establish, written next to them: whether each read used an index (from the
 * plan) and, for a missed target, what the plan shows the time goes to.
 */
export function analysisNotes(r: BackendResult): string[] {
  const notes: string[] = [];
  const planText = (label: string) => r.plans.find((p) => p.label === label)?.plan.join(' ') ?? '';
  for (const p of r.plans) {
    const text = p.plan.join(' ');
    const scan = r.backend === 'sqlite' ? p.plan.some((line) => /\bSCAN\b/.test(line) && !/USING/.test(line)) : /Seq Scan/.test(text);
    // PostgreSQL's list statement re-sorts its (already ordered, limited) page on purpose; only a sort of
    // more rows than a page, or one spilling to disk, means the index did not give the order.
    const sort =
      r.backend === 'sqlite'
        ? /USE TEMP B-TREE/.test(text)
        : /Sort Method: external/.test(text) || p.plan.some((l) => Number(/^\s*Sort .*actual rows=(\d+)/.exec(l)?.[1] ?? 0) > 100);
    if (scan || sort)
      notes.push(
        `${p.label}: the plan ${scan ? 'scans the table' : ''}${scan && sort ? ' and ' : ''}`
          + `${sort ? 'sorts in a temporary structure' : ''} — see the plan below.`,
      );
  }
  const q = r.queries;
  if (q.listPage.median >= TARGET_READ_MS && q.listLimit.median < TARGET_READ_MS) {
    notes.push(
      `page/size paging answers the total as well: its median (${ms(q.listPage.median)} ms) is the limit-20 page `
        + `(${ms(q.listLimit.median)} ms) plus a count over ~${Math.round(q.selectiveMatches)} index entries `
        + `(${ms(q.countSelective.median)} ms); limit/continue paging has no total.`,
    );
  }
  if (/COVERING INDEX/.test(planText('count status')) || /Index Only Scan/.test(planText('count status'))) {
    notes.push(
      `count authStatus=1 reads ~${Math.round(r.n / 2)} entries of a covering index: an index makes it a range read, but its cost grows `
        + `with the matches (${ms(q.countBroad.median)} ms).`,
    );
  }
  for (const mode of ['tsx', 'compiled'] as const) {
    const full = r.startup[mode];
    const empty = r.emptyStartup[mode];
    if (full.medianReadyMs >= TARGET_START_MS) {
      const dataShare = full.medianStartServerMs - empty.medianStartServerMs;
      notes.push(
        `start-up (${mode}) missed ${TARGET_START_MS} ms: ${ms(full.medianReadyMs)} ms, of which startServer `
          + `${ms(full.medianStartServerMs)} ms; an empty store takes ${ms(empty.medianReadyMs)} ms `
          + `(startServer ${ms(empty.medianStartServerMs)} ms), so the data adds ~${ms(Math.max(0, dataShare))} ms `
          + `and the rest is starting node and loading code.`,
      );
    }
  }
  const growth = Math.max(0, r.startup.compiled.maxRss - r.emptyStartup.compiled.maxRss);
  const loads = growth > 64 * 2 ** 20 && growth > r.dataBytes / 10;
  notes.push(
    loads
      ? `**RSS over the data exceeds the empty store's by ${mib(growth)}** (data ${mib(r.dataBytes)}): `
          + `start-up work reads objects into memory.`
      : `RSS over the data exceeds the empty store's by ${mib(growth)} (data ${mib(r.dataBytes)}): start-up does not load the objects.`,
  );
  return notes;
}
