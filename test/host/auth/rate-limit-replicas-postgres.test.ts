/**
 * Two servers on one PostgreSQL schema stand for two replicas behind a load balancer: the log-in limits
 * (per client address, per user name) count across both, instead of once per process. Skipped locally when
 * PostgreSQL is unreachable; CI runs it.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { startWellInsideAMinute } from '../../support/rate-window.js';
import { startTempServer, type TempServer } from '../../support/temp-server.js';
import { PG_URL, postgresReachable } from '../store/harness.js';

const inCi = process.env.CI === 'true';
const pgUp = await postgresReachable();
if (!pgUp && !inCi) console.warn(`PostgreSQL is unreachable at ${PG_URL}: skipping the replica rate-limit test (it runs in CI).`);

(pgUp || inCi ? describe : describe.skip)('log-in limits on PostgreSQL with two replicas', () => {
  const schema = `rl_replicas_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const replicas: TempServer[] = [];

  beforeAll(async () => {
    const url = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}schema=${schema}`;
    // One after the other: the first start creates the schema's tables and the administrator.
    for (let i = 0; i < 2; i++)
      replicas.push(
        await startTempServer({
          prefix: 'authpay-rl-replica',
          config: { databaseUrl: url },
          env: { AUTHPAY_ADMIN_PASSWORD: 'admin-password-1' },
        }),
      );
  }, 120_000);

  afterAll(async () => {
    for (const r of replicas) await r.stop();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  /** Client addresses and user names of this attempt alone: CI runs a failed test once more against the same schema. */
  let attemptNo = 0;
  beforeEach(async () => {
    attemptNo++;
    await startWellInsideAMinute();
  }, 60_000);
  const address = (last: number) => `198.51.${100 + attemptNo}.${last}`;

  /** A failed log-in through a replica, for a client address the trusted (loopback) proxy reports. */
  const attempt = async (replica: TempServer, username: string, client: string) => {
    const res = await fetch(`${replica.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ username, password: 'wrong-password' }),
    });
    await res.arrayBuffer();
    return res.status;
  };

  test('ten attempts a minute per client address, wherever they land', async () => {
    const [a, b] = replicas;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await attempt(a, `nobody-a-${i}`, address(1)));
    for (let i = 0; i < 5; i++) statuses.push(await attempt(b, `nobody-b-${i}`, address(1)));
    expect(statuses).toEqual(new Array(10).fill(401));
    // Counted per process, replica b would have seen only five.
    expect(await attempt(b, 'nobody-b-5', address(1))).toBe(429);
    expect(await attempt(a, 'nobody-a-5', address(1))).toBe(429);
    expect(await attempt(a, 'nobody-a-6', address(2))).toBe(401); // another client
  });

  test('five failures per user name, wherever they land', async () => {
    const [a, b] = replicas;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await attempt(i % 2 ? b : a, `ghost-${attemptNo}`, address(10 + i)));
    expect(statuses).toEqual(new Array(5).fill(401));
    expect(await attempt(b, `ghost-${attemptNo}`, address(20))).toBe(429);
    expect(await attempt(a, `ghost-${attemptNo}`, address(21))).toBe(429);
  });

  test("plugin-auth's public limit is shared too", async () => {
    const [a, b] = replicas;
    const basic = `Basic ${Buffer.from('admin:admin-password-1').toString('base64')}`;
    const settings = await fetch(`${a.url}/apis/console.api.pluginauth.authpay.dev/v1alpha1/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: basic },
      body: JSON.stringify({ publicRateLimitPerMinute: 3 }),
    });
    expect(settings.status).toBe(200);
    const pluginInfo = async (replica: TempServer, client: string) => {
      const res = await fetch(`${replica.url}/apis/api.pluginauth.authpay.dev/v1alpha1/public/pluginInfo?pluginKey=none`, {
        headers: { 'x-forwarded-for': client },
      });
      await res.arrayBuffer();
      return res.status;
    };
    // The setting reaches replica b through its settings watch: wait until b enforces a limit of 3.
    let probe = 0;
    const enforces = async () => {
      const client = `192.0.${attemptNo}.${++probe}`;
      for (let i = 0; i < 3; i++) await pluginInfo(b, client);
      return (await pluginInfo(b, client)) === 429;
    };
    const end = Date.now() + 20_000;
    while (!(await enforces())) {
      if (Date.now() > end) throw new Error('replica b never applied publicRateLimitPerMinute: 3');
      await new Promise((r) => setTimeout(r, 200));
    }
    const client = address(200);
    expect([await pluginInfo(a, client), await pluginInfo(b, client), await pluginInfo(a, client)]).not.toContain(429);
    expect(await pluginInfo(b, client)).toBe(429);
  }, 60_000);
});
