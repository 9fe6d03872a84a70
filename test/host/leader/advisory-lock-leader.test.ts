import crypto from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { AdvisoryLockLeader, LEADER_LOCK_NAMESPACE } from '../../../src/host/leader/advisory-lock-leader.js';
import { SingleProcessLeader } from '../../../src/host/leader/single-process-leader.js';
import { Leadership } from '../../../src/host/leader/leadership.js';
import { PG_URL, postgresReachable } from '../store/harness.js';

const silent = pino({ level: 'silent' });

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached in time');
}

const reachable = await postgresReachable();
if (!reachable && process.env.CI !== 'true') console.warn(`advisory-lock leader tests skipped: PostgreSQL is not reachable at ${PG_URL}`);
const pgTest = reachable || process.env.CI === 'true' ? test : test.skip;

function elector(lockName: string, identity: string, retryMs: number): AdvisoryLockLeader {
  return new AdvisoryLockLeader({
    connection: { connectionString: PG_URL },
    lockName,
    identity,
    logger: silent,
    heartbeatMs: 200,
    retryMs,
  });
}

pgTest('one of two electors leads; when its session is killed the other takes over and it becomes a follower', async () => {
  const lockName = `test-lock-${crypto.randomBytes(4).toString('hex')}`;
  // a retries slowly after losing its session, so the hand-over to b is what the test observes
  const a = elector(lockName, 'a', 3000);
  const b = elector(lockName, 'b', 200);
  const history: string[] = [];
  a.onChange((l) => history.push(`a:${l}`));
  b.onChange((l) => history.push(`b:${l}`));
  await a.start();
  await b.start();
  try {
    expect(a.isLeader).toBe(true);
    expect(b.isLeader).toBe(false);
    await killLockSession(lockName); // as a network cut or a database restart would
    await until(() => b.isLeader);
    await until(() => !a.isLeader);
    await new Promise((r) => setTimeout(r, 3500)); // a retries at least once: it must stay follower while b holds the lock
    expect(a.isLeader).toBe(false);
    expect(history[0]).toBe('a:true');
    expect(history.slice(1).sort()).toEqual(['a:false', 'b:true']);
    await b.stop();
    await until(() => a.isLeader, 10_000); // a clean stop releases the lock: a's next retry wins
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
});

/** Terminates the database session holding the leader lock. */
async function killLockSession(lockName: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    const key2 = crypto.createHash('sha1').update(lockName).digest().readInt32BE(0);
    const holders = await admin.query<{ pid: number }>(
      "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid::bigint = ($1::bigint & 4294967295)"
        + ' AND objid::bigint = ($2::bigint & 4294967295) AND objsubid = 2 AND granted',
      [LEADER_LOCK_NAMESPACE, key2],
    );
    expect(holders.rows).toHaveLength(1);
    await admin.query('SELECT pg_terminate_backend($1)', [holders.rows[0].pid]);
  } finally {
    await admin.end();
  }
}

test('on the embedded store the single process leads, and leadership activates and deactivates work in order', async () => {
  const leader = new SingleProcessLeader('only');
  const log: string[] = [];
  const work = (name: string) => ({ activate: async () => void log.push(`+${name}`), deactivate: async () => void log.push(`-${name}`) });
  const fakeClient = {
    fetch: async () => undefined,
    create: async () => undefined,
    kind: () => ({ apiVersion: 'host.authpay.dev/v1alpha1' }),
  };
  const leadership = new Leadership(leader, [work('scheduler'), work('controllers')], {
    client: fakeClient as never,
    logger: silent,
    backend: 'sqlite',
  });
  await leadership.start();
  expect(leader.isLeader).toBe(true);
  await leadership.stop();
  expect(log).toEqual(['+scheduler', '+controllers', '-controllers', '-scheduler']);
});
