/**
 * Two server replicas on one PostgreSQL schema trigger settlement at the same time (all merchants and one
 * merchant, five times each): every order ends in exactly one record.
 */
import { eq } from '../../../src/host/sdk/index.js';
import { SettlementRecord } from '../../../src/payment/settlement/types.js';
import { postgresReachable } from '../../host/store/harness.js';
import { startPaymentServer, type PaymentServer } from '../support/payment-server.js';
import { seedPaidOrders } from './seed-orders.js';
import { merchant, trigger } from './settlement-world.js';

const BASE_URL = process.env.AUTHPAY_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `pay_settle_race_${process.pid}_${Date.now()}`;
const databaseUrl = `${BASE_URL}${BASE_URL.includes('?') ? '&' : '?'}schema=${schema}`;
/**
 * Orders per merchant: PostgreSQL settles a handful per chunk of about 15 ms (docs/benchmarks.md, bench:settlement),
 * so each merchant's run spans about a hundred chunks, and all ten triggers, sent at once, overlap throughout.
 */
const ORDERS = 500;
const servers: PaymentServer[] = [];
let skip = false;

beforeAll(async () => {
  skip = !(await postgresReachable()) && process.env.CI !== 'true';
  if (skip) return;
  for (let i = 0; i < 2; i++) servers.push(await startPaymentServer({ AUTHPAY_DATABASE_URL: databaseUrl }));
}, 120_000);
afterAll(async () => {
  for (const s of servers.reverse()) await s.stop();
  if (skip) return;
  const pg = await import('pg');
  const c = new pg.default.Client({ connectionString: BASE_URL });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
});

test('ten concurrent triggers on two replicas settle each order once', async () => {
  if (skip) return;
  const [a, b] = servers;
  for (const m of ['pga', 'pgb']) {
    await merchant(a, m);
    await seedPaidOrders(a.runtime.client, m, ORDERS, m);
  }
  const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => trigger(i % 2 ? a : b, i % 3 ? {} : { merchant: 'pga' })));
  expect(answers.map((x) => x.status)).toEqual(Array(10).fill(200));
  for (const m of ['pga', 'pgb']) {
    const records = (await b.runtime.client.list(SettlementRecord, { where: eq('spec.merchant', m) })).items;
    const ids = records.flatMap((r) => r.spec.paymentIds);
    expect(ids).toHaveLength(ORDERS);
    expect(new Set(ids).size).toBe(ORDERS);
  }
}, 300_000);
