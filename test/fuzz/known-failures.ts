import type { Finding, Problem } from './oracle/findings.js';
import type { Caller } from './walker/target.js';

/**
 * Failures the fuzz suite finds today whose fixes are in progress (issue 21, item numbers). Each entry must
 * still occur in the deterministic sweep (else the suite fails: delete the entry once its fix lands), and a
 * finding no entry matches fails the suite. Empty this list; never add to it to make a run pass.
 */
export interface KnownFailure {
  /** "21.4": issue 21, item 4. */
  issue: string;
  cause: string;
  problem: Problem | RegExp;
  /** Target ids: operationId or generic:<plural>:<verb>. */
  targets: RegExp;
  /** Value family (see generators/), or any-input. */
  families: RegExp;
  locations?: RegExp;
  callers?: Caller[];
  /** Found only by `npm run fuzz` (its values are not in the CI sweep): not required to occur in CI. */
  deepOnly?: true;
}

export const KNOWN_FAILURES: KnownFailure[] = [];

/**
 * What a run found against the list: findings no entry explains, and entries the deterministic phases did not
 * hit (the list is kept for the CI profile: `npm run fuzz` reports its stale entries without failing).
 */
export function compareWithKnown(findings: Finding[], known: KnownFailure[]): { unlisted: Finding[]; stale: KnownFailure[] } {
  const deterministic = findings.filter((f) => f.phase !== 'random');
  return {
    unlisted: findings.filter((f) => !known.some((k) => matches(k, f))),
    stale: known.filter((k) => !k.deepOnly && !deterministic.some((f) => matches(k, f))),
  };
}

export function matches(known: KnownFailure, f: Finding): boolean {
  return (
    (typeof known.problem === 'string' ? known.problem === f.problem : known.problem.test(f.problem))
    && known.targets.test(f.target)
    && f.parts.some((p) => known.families.test(p.family) && (known.locations?.test(p.location) ?? true))
    && (known.callers?.includes(f.caller) ?? true)
  );
}
