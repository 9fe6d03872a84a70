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

export const KNOWN_FAILURES: KnownFailure[] = [
  {
    issue: '21.4',
    cause:
      'an invalid percent-encoding or an encoded lone surrogate in the group segment of /apis/{group}/{version}[/{plural}]:'
      + ' URIError, 500 (anonymous too)',
    problem: 'server-error',
    targets: /^generic:(discovery|routing)$/,
    families: /^(invalid-percent-encoding|lone-surrogate)$/,
    locations: /^path:group$/,
  },
  {
    issue: '21.4',
    cause: 'page=99999999999999999999 reaches the store unbounded (SQLite datatype mismatch): 500',
    problem: 'server-error',
    targets: /^(listUsers|listPayments|listMyPayments|listJobRuns)$/,
    families: /^numeric-string$/,
    locations: /^query:page$/,
  },
  {
    issue: '21.4',
    cause: 'limit=99999999999999999999 on the generic lists: 500',
    problem: 'server-error',
    targets: /^generic:[a-z]+:list$/,
    families: /^numeric-string$/,
    locations: /^query:limit$/,
  },
  {
    issue: '21.4',
    cause: 'JSON nested 10,000 levels (createPayment additionalData, generic create, merge patch, JSON patch): stack overflow, 500',
    problem: 'server-error',
    targets: /^(createPayment|updatePaymentSettings|generic:[a-z]+:(create|merge-patch|json-patch))$/,
    families: /^deep-nesting$/,
  },
  {
    issue: '21.3',
    cause: 'YAML aliases expand: a 5-level alias bomb in PaymentInfo spec.additionalData is stored as a 3.7 MB object and echoed',
    problem: 'oversize-object-stored',
    targets: /^generic:paymentinfos:create$/,
    families: /^yaml-alias$/,
  },
  {
    issue: '21.3',
    cause: 'the same alias bomb: the create answers with more than 2 MiB',
    problem: 'oversize-response',
    targets: /^generic:paymentinfos:create$/,
    families: /^yaml-alias$/,
  },
  {
    issue: '21.2',
    cause:
      'objects made spec-less by the sweep (merge patch {"spec": null}, create without spec):'
      + ' listAuthLogs, listCatalog or listSitePlugins answer 500 to every request',
    problem: 'server-error',
    targets: /^(listAuthLogs|listCatalog|listSitePlugins)$/,
    families: /^any-input$/,
  },
  {
    issue: '21.4 (not named in the issue)',
    cause: 'a keyword with a NUL character reaches the SQLite search ("unterminated string"): 500 on the keyword lists',
    problem: 'server-error',
    targets: /^(list|export)[A-Za-z]+$/,
    families: /^control-characters$/,
    locations: /^query:keyword$/,
  },
  {
    issue: '21.4 (not named in the issue)',
    cause: 'generic create with an object such as {"toString":"x","valueOf":1} as apiVersion or metadata.name: 500 (used as a string)',
    problem: 'server-error',
    targets: /^generic:[a-z]+:(create|json-patch)$/,
    families: /^prototype-keys$/,
    locations: /^body-field:(apiVersion|kind|metadata\.name|0\.op)$/,
  },
  {
    issue: '21.4',
    cause: "regressions: the issue's 500s (percent-encoding, page and limit beyond safe integers, nesting 5,000 levels)",
    problem: 'server-error',
    targets: /^regression: (truncated percent|page beyond|limit beyond|additionalData nested|merge patch nested|JSON patch value nested)/,
    families: /^any-input$/,
  },
  {
    issue: '21.3',
    cause: 'regression: the YAML alias bomb is stored (3.7 MB) and echoed (over 2 MiB)',
    problem: /^(oversize-object-stored|oversize-response)$/,
    targets: /^regression: YAML alias bomb/,
    families: /^any-input$/,
  },
  {
    issue: '21.2',
    cause: 'regressions: a SitePlugin without spec breaks the user-center catalog, a SitePluginAuthLog patched to spec null listAuthLogs',
    problem: 'server-error',
    targets: /^regression: a (SitePlugin without spec|SitePluginAuthLog patched to spec null)/,
    families: /^any-input$/,
  },
  {
    issue: 'not in the issue',
    cause: 'a refusal echoes the invalid value: a 51,200-character label (100 KB) gets a 422 Status of more than 2 MiB',
    problem: 'oversize-response',
    targets: /^generic:[a-z]+:(create|merge-patch)$/,
    families: /^huge-string$/,
    locations: /^body-field:metadata\.labels$/,
    deepOnly: true,
  },
  {
    issue: '21.4 (not named in the issue)',
    cause: 'the payment callback of a payment type that exists but is not configured (SANDBOX by default) answers 503 to anyone',
    problem: 'server-error',
    targets: /^asyncCallback(Get)?$/,
    families: /^any-input$/,
  },
];

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
