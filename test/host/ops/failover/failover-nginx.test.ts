/**
 * Failover under load (issue 27, item 5): two replicas on one PostgreSQL schema behind a real nginx
 * (nginx-proxy.ts: the configuration docs/operations.md supports), ~30 s of mixed traffic, and the leader (the
 * replica holding the scheduler lease) SIGKILLed in the middle. Afterwards:
 *
 * - no paid order lost or half-written: each order the client saw paid is SUCCESS in the store with its
 *   transition, paidAt, notify delivery record, administrator message and the day's totals;
 * - each notifyUrl event delivered once; only a delivery in flight at the kill may come twice, with the same
 *   event id, the first copy before the killed process was gone;
 * - one administrator message per event, each in the inbox once;
 * - the survivor takes the lease and runs scheduled jobs (the measured delay is printed, never asserted);
 * - failed requests are counted from the client's side and from nginx's access log, and printed.
 *
 * Needs nginx (Debian's nginx-light) and PostgreSQL: in CI (CI=true) a missing one fails the test; elsewhere
 * the test is skipped with a warning.
 */
import { jest } from '@jest/globals';
import { postgresReachable, PG_URL } from '../../store/harness.js';
import { BOOTSTRAP_TOKEN, FailoverWorld, HOST_CONSOLE, PAYMENT_CONSOLE, PLUGIN_CONSOLE } from './failover-world.js';
import { MixedTraffic, type TrafficResult } from './mixed-traffic.js';
import { findNginx } from './nginx-proxy.js';
import { checkStore, type StoreFindings } from './store-checks.js';

jest.setTimeout(300_000);

const inCi = process.env.CI === 'true';
const nginx = findNginx();
const pgUp = await postgresReachable();
const missing = [nginx ? '' : 'nginx (apt-get install nginx-light)', pgUp ? '' : `PostgreSQL at ${PG_URL}`].filter(Boolean);
if (missing.length && !inCi)
  console.warn(`failover test skipped: ${missing.join(' and ')} missing (it runs in CI, where both are required)`);
const failoverDescribe = missing.length && !inCi ? describe.skip : describe;

/** How long the traffic runs at least, how far into it the leader dies (once some orders are paid), and how long it goes on after. */
const TRAFFIC_MS = 30_000;
const KILL_AFTER_MS = 10_000;
const PAID_BEFORE_KILL = 5;
const AFTER_KILL_MS = 15_000;
/** Generous bounds for "eventually" across processes on a loaded 2-core machine (never a timing assertion). */
const TAKEOVER_MS = 90_000;
const SETTLE_MS = 150_000;
const PLUGIN_KEY = 'failover-kit';
const USER = { username: 'failover-buyer', password: 'failover-buyer-password-1' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function eventually<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(250);
  }
}

failoverDescribe('failover behind nginx (two replicas on PostgreSQL)', () => {
  const world = new FailoverWorld();
  /** Tests that ran to their end: fewer than all, and afterAll prints what the replicas and nginx logged. */
  let passed = 0;

  beforeAll(async () => {
    if (missing.length) throw new Error(`the failover test needs ${missing.join(' and ')} (CI installs nginx-light in .ci/run)`);
    await world.start(nginx!);
    await world.admin('PUT', `${PAYMENT_CONSOLE}/settings`, {
      sandboxEnabled: true,
      allowPrivateNotifyTargets: true,
      notificationUsers: ['admin'],
      callbackDomain: world.nginx.url,
      allowLocalCallbackDomain: true,
      // A job due every few seconds, so the survivor's first scheduled run shows when it took over.
      closeCron: '*/3 * * * * *',
    });
    world.receiver.publicKeyPem = (await world.admin<{ publicKey: string }>('GET', `${PAYMENT_CONSOLE}/interface-keys/public`)).publicKey;
    await world.admin('POST', `${HOST_CONSOLE}/users`, { ...USER, email: `${USER.username}@example.com` });
    await world.admin('POST', `${PLUGIN_CONSOLE}/siteplugins`, { key: PLUGIN_KEY, name: 'Failover kit', price: 0 });
  }, 240_000);

  afterAll(async () => {
    await world.close(passed < 2);
  }, 60_000);

  test('a watch through nginx streams each event as it happens (the server asks nginx not to buffer)', async () => {
    const watchPath = '/apis/pluginauth.authpay.dev/v1alpha1/siteplugins?watch=true&timeoutSeconds=100';
    const auth = { authorization: `Bearer ${BOOTSTRAP_TOKEN}` };
    // nginx acts on X-Accel-Buffering and does not pass it on: the header is checked at a replica itself.
    const direct = await fetch(`${world.replicas[0].url}${watchPath}`, { headers: auth, signal: AbortSignal.timeout(60_000) });
    expect(direct.headers.get('x-accel-buffering')).toBe('no');
    await direct.body?.cancel();

    const stream = await fetch(`${world.nginx.url}${watchPath}`, { headers: auth, signal: AbortSignal.timeout(120_000) });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let text = '';
    const arrived = (async () => {
      while (!text.includes('"watched-kit"')) {
        const { value, done } = await reader.read();
        if (done) return 'after the stream ended';
        text += Buffer.from(value).toString();
      }
      return 'while the stream was open';
    })();
    await world.admin('POST', `${PLUGIN_CONSOLE}/siteplugins`, { key: 'watched-kit', name: 'Watched kit', price: 0 });
    // The event must come while the stream is open, not when it ends (timeoutSeconds=100).
    expect(await arrived).toBe('while the stream was open');
    await reader.cancel();
    passed++;
  });

  test('the leader SIGKILLed under mixed traffic: no paid order lost, each notification once, jobs resume, failures counted', async () => {
    const started = Date.now();
    let killedAt = Number.POSITIVE_INFINITY;
    const traffic = new MixedTraffic({
      baseUrl: world.nginx.url,
      notifyUrl: world.receiver.url,
      pluginKey: PLUGIN_KEY,
      user: USER,
      payers: 4,
      until: () => Date.now() > Math.max(started + TRAFFIC_MS, killedAt + AFTER_KILL_MS),
    });
    const running = traffic.run();

    const leaderPid = await eventually('a leader', () => world.leaderPid(), TAKEOVER_MS);
    const leader = world.replicas.find((r) => r.pid === leaderPid);
    const survivor = world.replicas.find((r) => r.pid !== leaderPid)!;
    expect(leader).toBeDefined();
    await sleep(Math.max(0, started + KILL_AFTER_MS - Date.now()));
    await eventually('some paid orders before the kill', async () => traffic.result.seenPaid.size >= PAID_BEFORE_KILL, TAKEOVER_MS);
    const paidBeforeKill = traffic.result.seenPaid.size;
    killedAt = Date.now();
    await leader!.kill();
    const goneAt = Date.now();

    const takenOverAt = await eventually(
      'the survivor holding the lease',
      async () => (await world.leaderPid()) === survivor.pid && Date.now(),
      TAKEOVER_MS,
    );
    const firstJobRun = await eventually(
      'a scheduled job run on the survivor',
      async () => {
        const runs: Array<{ holder?: string; startTime?: string } | undefined> = [];
        for await (const run of world.client.listAll('JobRun')) runs.push(run.status as (typeof runs)[number]);
        const starts = runs
          .filter((s) => s?.holder?.includes(`-${survivor.pid}-`))
          .map((s) => Date.parse(s?.startTime ?? ''))
          .filter((at) => at >= killedAt);
        return starts.length ? Math.min(...starts) : undefined;
      },
      TAKEOVER_MS,
    );

    const result: TrafficResult = await running;
    const trafficEnded = Date.now();
    const findings: StoreFindings = await eventually(
      'every paid order notified and every administrator message in the inbox',
      async () => {
        const f = await checkStore(world, result, goneAt);
        return f.settled && f;
      },
      SETTLE_MS,
    ).catch(async (err: Error) => {
      // Report what is missing rather than only that time ran out.
      const f = await checkStore(world, result, goneAt);
      throw new Error(`${err.message}\n${JSON.stringify(f.pending, null, 2)}`);
    });

    const access = world.nginx.accessLog();
    const proxy5xx = access.filter((l) => l.status >= 500);
    const retriedByNginx = access.filter((l) => l.upstreams.length > 1);
    const report = {
      traffic: {
        seconds: Math.round((trafficEnded - started) / 1000),
        killedAfterSeconds: Math.round((killedAt - started) / 1000),
        ordersCreated: result.created.size,
        ordersSeenPaid: result.seenPaid.size,
        paidBeforeKill,
      },
      client: result.counts,
      nginx: {
        requests: access.length,
        answered5xx: countBy(proxy5xx.map((l) => `${l.status} ${l.method} ${routeOf(l.uri)}`)),
        retriedOnTheOtherReplica: countBy(retriedByNginx.map((l) => `${l.method} ${routeOf(l.uri)} → ${l.status}`)),
      },
      notifications: { delivered: findings.deliveries, repeatedInFlightAtKill: findings.repeated },
      adminMessages: findings.adminMessages,
      failover: {
        leaderKilled: leaderPid,
        survivor: survivor.pid,
        leaseTakenOverAfterMs: takenOverAt - killedAt,
        firstScheduledJobOnSurvivorAfterMs: firstJobRun - killedAt,
        issueBoundMs: 15_000,
      },
    };
    console.log(`failover report:\n${JSON.stringify(report, null, 2)}`);

    expect(findings.problems).toEqual([]);
    expect(result.paidThenNotPaid).toEqual([]);
    for (const [op, counts] of Object.entries(result.counts)) expect({ op, unexpected: counts.unexpected }).toEqual({ op, unexpected: [] });
    expect(result.seenPaid.size).toBeGreaterThan(paidBeforeKill); // the survivor kept taking payments
    passed++;
  });
});

function routeOf(uri: string): string {
  return uri.replace(/\/payments\/[^/]+\//, '/payments/{paymentId}/');
}

function countBy(keys: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of keys) out[k] = (out[k] ?? 0) + 1;
  return out;
}
