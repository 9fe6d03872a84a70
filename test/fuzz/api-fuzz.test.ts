/**
 * Fuzzes every operation of /openapi.json and every verb of every generic kind on a real server, as anonymous,
 * as a plain user and as the administrator: no 5xx, no answer over 2 MiB, nothing written on a refusal, no
 * object over 1 MiB stored, and the server still ready at the end. See test/fuzz/README.md.
 */
import fs from 'node:fs';
import fc from 'fast-check';
import { FUZZ_DEEP, FUZZ_RUNS, FUZZ_SEED } from './config.js';
import { mutationArbitrary, sweepMutations } from './generators/families.js';
import { compareWithKnown, KNOWN_FAILURES } from './known-failures.js';
import { Findings, formatFindings } from './oracle/findings.js';
import { REGRESSIONS } from './regressions.js';
import { probe, readiness, replay } from './runner.js';
import { closeConnections, sentCount } from './support/send.js';
import { startFuzzServer, type FuzzServer } from './support/fuzz-server.js';
import { genericTargets } from './walker/generic-walker.js';
import { openApiTargets } from './walker/openapi-walker.js';
import { CALLERS, locationOf, type Mutation, type Target } from './walker/target.js';

/** Generous: the CI run takes well under a minute, `npm run fuzz` as long as its run count needs. */
const TIMEOUT_MS = 60 * 60_000;

/** One mutation per location and family (the first: the most hostile). */
function firstOfEachFamily(mutations: Mutation[]): Mutation[] {
  const seen = new Set<string>();
  return mutations.filter((m) => {
    const key = `${locationOf(m)} ${m.sample.family}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

let fuzz: FuzzServer;
let targets: Target[];
const findings = new Findings();

beforeAll(async () => {
  fuzz = await startFuzzServer();
  targets = [...openApiTargets(fuzz.openApi), ...genericTargets(fuzz.resources)];
  process.stdout.write(
    `fuzz: seed ${FUZZ_SEED}, ${FUZZ_RUNS} random runs, ${targets.length} targets (reproduce: FUZZ_SEED=${FUZZ_SEED} npm run fuzz)\n`,
  );
}, TIMEOUT_MS);

afterAll(async () => {
  closeConnections();
  await fuzz?.stop();
});

test('the walker covers every OpenAPI operation and every verb of every generic kind', () => {
  const operations = Object.values(fuzz.openApi.paths).flatMap((item) => Object.values(item).filter((op) => op.operationId));
  expect(operations.length).toBeGreaterThan(50);
  for (const op of operations) expect(targets.map((t) => t.id)).toContain(op.operationId);
  expect(fuzz.resources.length).toBeGreaterThan(20);
  for (const r of fuzz.resources) expect(targets.filter((t) => t.id.startsWith(`generic:${r.plural}:`))).toHaveLength(6);
});

test(
  "regressions: the issue's reproductions, by name (first, on a fresh server: the sweep may change settings they rely on)",
  async () => {
    for (const regression of REGRESSIONS) await replay(fuzz, findings, regression);
  },
  TIMEOUT_MS,
);

test(
  'sweep: every canonical hostile value at every location, as the caller the target is meant for',
  async () => {
    for (const target of targets) {
      for (const mutation of sweepMutations(target, FUZZ_DEEP)) await probe(fuzz, findings, 'sweep', target, target.natural, [mutation]);
    }
    // The other callers are refused before any handler runs: what reaches that far is the path and the body parser.
    for (const target of targets) {
      const early = firstOfEachFamily(sweepMutations(target, FUZZ_DEEP).filter((m) => m.at === 'path' || m.at === 'body'));
      for (const caller of CALLERS.filter((c) => c !== target.natural)) {
        for (const mutation of early) await probe(fuzz, findings, 'sweep', target, caller, [mutation]);
      }
    }
    // What the sweep stored must not break any target for ordinary requests (a malformed object in a list).
    for (const target of targets) await probe(fuzz, findings, 'sweep', target, target.natural, []);
  },
  TIMEOUT_MS,
);

test(
  'random: fast-check combines one to three hostile values per request, any caller',
  async () => {
    const request = fc.integer({ min: 0, max: targets.length - 1 }).chain((i) =>
      fc.record({
        target: fc.constant(targets[i]),
        caller: fc.constantFrom(...CALLERS),
        mutations: fc.array(mutationArbitrary(targets[i]), { minLength: 1, maxLength: 3 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ target, caller, mutations }) => {
        await probe(fuzz, findings, 'random', target, caller, mutations);
      }),
      { seed: FUZZ_SEED, numRuns: FUZZ_RUNS, endOnFailure: true },
    );
  },
  TIMEOUT_MS,
);

test('the server is still ready after the fuzzing', async () => {
  expect(await readiness(fuzz)).toBe(200);
});

test('every failure found is a known, listed one, and every listed one still occurs', () => {
  const all = findings.all();
  // The whole list in a deep run or on request (FUZZ_VERBOSE=1); a CI run shows only what fails the check.
  const verbose = FUZZ_DEEP || process.env.FUZZ_VERBOSE === '1';
  process.stdout.write(`fuzz: ${sentCount()} requests, ${all.length} findings${verbose ? `:\n${formatFindings(all)}` : ''}\n`);
  if (process.env.FUZZ_REPORT) fs.writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(all, null, 1));
  const { unlisted, stale: staleHere } = compareWithKnown(all, KNOWN_FAILURES);
  // The deep profile sends other values in another order, so it may not recreate every listed state: the list
  // is kept against the CI profile, and a deep run only reports what it did not see.
  if (FUZZ_DEEP && staleHere.length) process.stdout.write(`fuzz: not seen in this deep run: ${staleHere.map((k) => k.cause).join('; ')}\n`);
  const stale = FUZZ_DEEP ? [] : staleHere;
  expect({ unlisted: formatFindings(unlisted), stale: stale.map((k) => `${k.issue} ${k.cause}`) }).toEqual({ unlisted: '', stale: [] });
});
