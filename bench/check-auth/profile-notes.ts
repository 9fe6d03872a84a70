/**
 * Hand-written findings of the CPU profiles (bench/check-auth/profile-summary.ts over a server run with
 * --cpu-prof), appended to the generated section: what the configured case costs and what was changed.
 */
export const PROFILE_NOTES: string[] = [
  '### The secret path: profile and changes (issue 31, 2026-12-07)',
  '',
  'Profiles: the compiled server under wrk, 50 connections, 20,000 records, one case per server, the last 9 s of a 10 s run '
    + '(`node --cpu-prof`, summarised by `tsx bench/check-auth/profile-summary.ts <file> 60 9`), on the same loaded machine as the '
    + "tables above; shares are of the main thread's busy time. The secret check alone, in process and without HTTP: "
    + '`tsx bench/check-auth/secret-cost.ts`.',
  '',
  '- **What the configured case added, before the change.** (1) The guard compared the Authorization header with the '
    + 'apiAccessSecret by SHA-256 of both sides, each through a new crypto `Hash` object, and for a `Bearer` header both the bare '
    + 'and the Bearer reading: 2 hashes of which 1 of the unchanging configured secret per request, 4 in the Bearer form. In the '
    + 'profile: 6.0 % of the busy time, about 11 µs per request; in process 12–26 µs per check bare and 30–58 µs in the Bearer '
    + 'form on this machine. (2) Any Authorization header sent the request through the asynchronous authentication path (an async '
    + 'function, its promises and their async-hook callbacks) although the host verifies only personal access tokens, Basic '
    + 'credentials and session cookies, and the request left it anonymous. (3) A `Bearer` header was also hashed, both sides '
    + 'again, against the bootstrap token. Server CPU per request in back-to-back runs: configured 169 µs, open 148 µs.',
  '- **Looked for and not found:** no key material derived per request (the license key is parsed once; an unchanged answer '
    + 'reuses its Ed25519 signature), no JSON re-serialisation (the signed body is sent as signed), no settings read per request '
    + '(the guard reads the settings snapshot, which the settings watch drops on every change), and the rate limiter is the same '
    + 'in-memory counter in both cases.',
  '- **Changed.** `SecretDigest` (host security, exported by the SDK) holds a configured secret as its SHA-256 digest and hashes '
    + 'only the presented value, with `crypto.hash` (one call, no `Hash` object), comparing the digests with `timingSafeEqual`: '
    + 'still constant time in the content and length of both sides. The guard keeps one per secret (`ConfiguredSecret`), '
    + 'replaced when the settings carry another value, and reads a `Bearer` header once (twice only when the secret itself '
    + 'starts with `Bearer `). The bootstrap token is hashed once at start. Authentication passes synchronously when the request '
    + 'has no cookie and its Authorization header is neither a personal access token nor Basic credentials. Nothing is cached '
    + 'by what a caller presents, and no secret is logged (the access log line has no headers or query).',
  '- **After.** The secret check: 2.7 % of the busy time (about 6 µs per request in that profile, whose run was the more '
    + 'loaded one); in process 2–5 µs per check, bare or Bearer. Server CPU per request in back-to-back runs: configured 160 '
    + "µs, open 146 µs; the rest of the difference is within this machine's run-to-run noise (±10 µs) and the 70-byte header "
    + 'Node parses. The tables above measure both cases in alternating rounds of one run.',
  "- **Flame graph, configured, after** (inclusive shares): the answer's `writev` 47 % (the system call, slow when the two "
    + "cores are shared with a dozen busy processes; 23 % in the open run, which was less loaded); the host's front middleware "
    + '(request id, input guards, access log, security headers, CORS, bootstrap token, authentication, RBAC; each layer calls '
    + "the next, so each share holds what runs synchronously after it) 17 % from its first layer, the plugin guard's 8.6 % "
    + 'among it (rate limit, settings, secret check 2.7 %); checkAuth itself (catalog and record from their caches, the '
    + 'answer) 6.3 %; the access log line 3.1 %; garbage collection 2.8 %. Before, the async authentication '
    + 'frame held everything after it (18.9 % inclusive, promise hooks 1.6 % self) and the secret check was 6.0 %.',
  "- **Where the targets stand (2026-12-07).** Every run of this day shared the 2 cores with other helpers' test suites, "
    + "benchmarks and linters (load average 13–27): the bare route's server mostly got the smaller share and came out slower "
    + "than checkAuth, and p99 was 40–950 ms by round for every server, so the table's verdicts do not show the targets met. What "
    + 'the runs do show is the CPU per request, which the scheduler moves much less: in three runs after the change, the '
    + "configured case cost 0–19 µs more per request than the open case (run means; median rounds of the table's run: 139 "
    + 'against 135 µs at 20,000 records, 144 against 128 µs at 1,000,000), and by CPU (bare µs / configured µs) 0.85–1.01 of '
    + "the bare route's throughput, six figures spread as widely as the bare route's own CPU per request (126–145 µs). "
    + 'Before the change the gap to the open case was 21 µs in back-to-back runs (169 against 148). Remaining: a run on a '
    + "quiet machine (the same command) to judge ≥ 90 % and p99 ≤ 1.2 × the bare route's.",
  '- Earlier figures (2026-11-24, a quiet Intel Xeon machine, no secret set, 1,000,000 records): checkAuth 98 % of the bare '
    + 'route, p99 8.21 ms against 8.79 ms; that section and its history are in git.',
];
