/**
 * A big settlement run does not hold other writers back until it ends: a write another caller makes while the run
 * goes commits between the run's chunks (its revision lies between the revisions of the first and the last orders
 * the run marked), on SQLite and on PostgreSQL. Ordering, not timing: the writer simply loops until the run ends.
 */
import { eq } from '../../../src/host/sdk/index.js';
import { PaymentInfo } from '../../../src/payment/orders/types.js';
import { postgresReachable } from '../../host/store/harness.js';
import { startPaymentServer, type PaymentServer } from '../support/payment-server.js';
import { seedPaidOrders } from './seed-orders.js';
import { merchant, paidOrder, trigger } from './settlement-world.js';

const BASE_URL = process.env.AUTHPAY_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/**
 * Orders the run settles: many chunks of about 15 ms on a quiet machine. SQLite settles about 10,000 orders a
 * second (some 150 a chunk), PostgreSQL about 200 (a handful a chunk; docs/benchmarks.md, bench:settlement), so
 * PostgreSQL reaches a hundred chunks with far fewer orders, and seeding and settling 3,000 there took minutes.
 */
const ORDERS = { sqlite: 3_000, postgres: 600 } as const;

async function dropSchema(schema: string): Promise<void> {
  const pg = await import('pg');
  const c = new pg.default.Client({ connectionString: BASE_URL });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
}

describe.each(['sqlite', 'postgres'] as const)('on %s', (backend) => {
  const schema = `pay_settle_progress_${process.pid}_${Date.now()}`;
  let server: PaymentServer | undefined;
  let skip = false;

  beforeAll(async () => {
    skip = backend === 'postgres' && !(await postgresReachable()) && process.env.CI !== 'true';
    if (skip) return;
    const env: Record<string, string> = backend === 'postgres' ? { AUTHPAY_DATABASE_URL: `${BASE_URL}?schema=${schema}` } : {};
    server = await startPaymentServer(env);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (backend === 'postgres' && !skip) await dropSchema(schema);
  });

  test('writes of another caller commit between the chunks of a settlement run', async () => {
    if (skip) return;
    await merchant(server!, 'busy');
    await seedPaidOrders(server!.runtime.client, 'busy', ORDERS[backend], 'busy');
    let running = true;
    const run = trigger(server!, { merchant: 'busy' }).finally(() => (running = false));
    const written: number[] = [];
    while (running) {
      // A turn of the event loop between writes, as between requests (store calls alone are microtasks).
      await new Promise((r) => setImmediate(r));
      const id = await paidOrder(server!, 'bystander', 100);
      written.push(Number((await server!.runtime.client.get(PaymentInfo, id)).metadata.resourceVersion));
    }
    expect((await run).status).toBe(200);
    const settled = (await server!.runtime.client.list(PaymentInfo, { where: eq('spec.platform', 'busy') })).items;
    expect(settled.every((o) => o.spec.settlementName)).toBe(true);
    const revisions = settled.map((o) => Number(o.metadata.resourceVersion));
    const [first, last] = [Math.min(...revisions), Math.max(...revisions)];
    expect(written.filter((rv) => rv > first && rv < last).length).toBeGreaterThan(0);
  }, 300_000);
});
