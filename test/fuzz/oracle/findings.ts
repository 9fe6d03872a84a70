import type { Caller } from '../walker/target.js';

/** What went wrong with one request. */
export type Problem = 'server-error' | 'no-answer' | 'oversize-response' | 'write-on-refusal' | 'oversize-object-stored';

/** One distinct failure: the same problem, target, caller, location and value family counts once. */
export interface Finding {
  problem: Problem;
  target: string;
  caller: Caller;
  /** Where the hostile value went (path:name, query:page, body-field:spec.price, body, content-type), or "(any)". */
  location: string;
  /** The value family, or "any-input" when the unmutated request fails the same way (stored state or a plain bug). */
  family: string;
  /** Each mutation's location and family (a random request may combine several); a known failure matches any one. */
  parts: { location: string; family: string }[];
  /** The first example: the value's summary, the status and the start of the answer. */
  example: string;
  /** sweep and regression are deterministic; random depends on the seed. */
  phase: 'sweep' | 'random' | 'regression';
  count: number;
}

export function findingKey(f: Pick<Finding, 'problem' | 'target' | 'caller' | 'location' | 'family'>): string {
  return `${f.problem} | ${f.target} | ${f.caller} | ${f.location} | ${f.family}`;
}

/** Collects findings, one per key, counting repeats. */
export class Findings {
  private readonly byKey = new Map<string, Finding>();

  add(finding: Omit<Finding, 'count'>): void {
    const key = findingKey(finding);
    const known = this.byKey.get(key);
    if (known) known.count++;
    else this.byKey.set(key, { ...finding, count: 1 });
  }

  all(): Finding[] {
    return [...this.byKey.values()];
  }
}

/** The findings grouped by problem and family, one line each, for the report and the failure message. */
export function formatFindings(findings: Finding[]): string {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const group = `${f.problem} / ${f.family}`;
    groups.set(group, [...(groups.get(group) ?? []), f]);
  }
  const lines: string[] = [];
  for (const [group, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`${group} (${list.length})`);
    for (const f of list.sort((a, b) => findingKey(a).localeCompare(findingKey(b)))) {
      lines.push(`  ${f.target} as ${f.caller} at ${f.location} [${f.phase}, ×${f.count}]: ${f.example}`);
    }
  }
  return lines.join('\n');
}
