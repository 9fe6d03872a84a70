/**
 * How much the fuzz suite runs. CI (`npm test`) uses a fixed seed and a bounded count so a run is reproducible
 * and stays under a minute; `npm run fuzz` sets FUZZ_PROFILE=deep (more runs, a fresh random seed unless
 * FUZZ_SEED is given). The seed is printed so any run can be repeated: FUZZ_SEED=<seed> npm run fuzz.
 */
const CI_SEED = 20211125;
const CI_RUNS = 300;
const DEEP_RUNS = 2000;

function integerFromEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got ${raw}`);
  return value;
}

/** npm run fuzz: the sweep sends two values of every family at every location of every target. */
export const FUZZ_DEEP = process.env.FUZZ_PROFILE === 'deep';
const deep = FUZZ_DEEP;

export const FUZZ_SEED = integerFromEnv('FUZZ_SEED') ?? (deep ? Math.floor(Math.random() * 2 ** 31) : CI_SEED);
/** Random-phase requests (each one to 3 hostile values in one request); the sweep is always complete. */
export const FUZZ_RUNS = integerFromEnv('FUZZ_RUNS') ?? (deep ? DEEP_RUNS : CI_RUNS);

/** A response bigger than this is a finding (an answer must never balloon with what an attacker stored). */
export const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
/** A stored object bigger than this is a finding (issue 21 item 3 caps objects at 1 MiB). */
export const MAX_STORED_OBJECT_BYTES = 1024 * 1024;
/** The longest string the generators produce. */
export const MAX_STRING_BYTES = 200 * 1024;
/** A request unanswered after this is a finding (a stalled event loop or a hung handler). */
export const REQUEST_TIMEOUT_MS = 15_000;
