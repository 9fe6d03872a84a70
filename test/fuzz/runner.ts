import { judge } from './oracle/checks.js';
import type { Finding, Findings } from './oracle/findings.js';
import { send } from './support/send.js';
import type { FuzzServer } from './support/fuzz-server.js';
import type { Write } from './support/write-log.js';
import { buildRequest, type WireRequest } from './walker/build-request.js';
import { locationOf, type Caller, type Mutation, type Target } from './walker/target.js';
import type { Regression } from './regressions.js';

let serial = 0;

/** Plausible names are made unique per request, so a create is not refused only because the name is taken. */
function uniqueNames(request: WireRequest): WireRequest {
  serial++;
  return request.body === undefined ? request : { ...request, body: request.body.replaceAll('fuzz-a1', `fuzz-a1-${serial}`) };
}

async function exchange(fuzz: FuzzServer, target: Target, caller: Caller, mutations: Mutation[]) {
  const request = uniqueNames(buildRequest(target, mutations));
  const before = await fuzz.writes.revision();
  const answer = await send(fuzz.url, request, fuzz.headers[caller]);
  const after = await fuzz.writes.revision();
  const writes = await fuzz.writes.between(before, after);
  return { answer, writes };
}

/** Removes objects over the size bound through the generic API, so one giant object does not fail every later list. */
async function removeGiants(fuzz: FuzzServer, writes: Write[]): Promise<void> {
  for (const w of writes.filter((x) => x.type !== 'DELETED' && x.bytes > 1024 * 1024)) {
    const resource = fuzz.resources.find((r) => r.kind === w.kind);
    if (!resource) continue;
    await fetch(`${fuzz.url}/apis/${resource.groupVersion}/${resource.plural}/${encodeURIComponent(w.name)}`, {
      method: 'DELETE',
      headers: fuzz.headers.admin,
    });
  }
}

/**
 * Sends one mutated request and records what the assertions found. A server error or an oversize answer is
 * checked against the unmutated request too: when that fails the same way, the cause is not this input but
 * the stored state (or a plain bug), and it is recorded once as "any-input".
 */
export async function probe(
  fuzz: FuzzServer,
  findings: Findings,
  phase: Finding['phase'],
  target: Target,
  caller: Caller,
  mutations: Mutation[],
): Promise<void> {
  const { answer, writes } = await exchange(fuzz, target, caller, mutations);
  const verdicts = judge(answer, writes);
  await removeGiants(fuzz, writes);
  if (!verdicts.length) return;
  const stateBound = verdicts.some((v) => v.problem === 'server-error' || v.problem === 'oversize-response');
  const baseline = stateBound && mutations.length ? judge((await exchange(fuzz, target, caller, [])).answer, []) : [];
  const input = mutations.map((m) => `${locationOf(m)}=${m.sample.summary}`).join('; ') || '(unmutated)';
  for (const v of verdicts) {
    const anyInput = !mutations.length || baseline.some((b) => b.problem === v.problem);
    findings.add({
      problem: v.problem,
      target: target.id,
      caller,
      location: anyInput ? '(any)' : mutations.map(locationOf).join('+'),
      family: anyInput ? 'any-input' : [...new Set(mutations.map((m) => m.sample.family))].join('+'),
      parts: anyInput
        ? [{ location: '(any)', family: 'any-input' }]
        : mutations.map((m) => ({ location: locationOf(m), family: m.sample.family })),
      example: `${input} → ${v.detail}`,
      phase,
    });
  }
}

/** A named reproduction: its set-up steps as the administrator, unjudged; its last step judged as its caller. */
export async function replay(fuzz: FuzzServer, findings: Findings, regression: Regression): Promise<void> {
  const steps = regression.steps;
  for (const step of steps.slice(0, -1)) await exchange(fuzz, step, 'admin', []);
  await probe(fuzz, findings, 'regression', steps[steps.length - 1], regression.caller, []);
  for (const step of regression.cleanup ?? []) await exchange(fuzz, step, 'admin', []);
}

/** /readyz of the server, after everything. */
export async function readiness(fuzz: FuzzServer): Promise<number> {
  return (await fetch(`${fuzz.url}/readyz`)).status;
}
