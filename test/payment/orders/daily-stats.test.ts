/**
 * The day's totals are sharded (PaymentDailyStat rows `day-{day}` and `day-{day}-{k}`): the overview sums the
 * shards, deletions undo exactly what creation and payment added, and a row written before sharding (shard 0
 * holding every order of the day) keeps counting when one of its orders is deleted from another shard.
 */
import {
  anonymous,
  api,
  configure,
  CONSOLE,
  PUBLIC,
  startPaymentServer,
  type PaymentOverview,
  type PaymentServer,
  type PaymentView,
} from '../support/payment-server.js';
import { dayIn, PaymentDailyStat, shardOf, statName, DAY_SHARDS } from '../../../src/payment/orders/daily-stats.js';
import { PaymentInfo } from '../../../src/payment/orders/types.js';

let server: PaymentServer;

beforeAll(async () => {
  server = await startPaymentServer();
  await configure(server, { sandboxEnabled: true });
}, 60_000);
afterAll(() => server?.stop());

const client = () => server.payment.deps.client;

test("an instant's reporting day follows the zone, and a zone Intl refuses counts in UTC days", () => {
  const evening = new Date('2026-01-31T20:00:00Z');
  expect(dayIn(evening, 'Asia/Shanghai')).toBe('2026-02-01');
  expect(dayIn(evening, 'UTC')).toBe('2026-01-31');
  expect(dayIn(evening, 'America/Los_Angeles')).toBe('2026-01-31');
  expect(dayIn(new Date('2026-02-01T07:59:59Z'), 'America/Los_Angeles')).toBe('2026-01-31');
  expect(dayIn(new Date('2026-02-01T08:00:00Z'), 'America/Los_Angeles')).toBe('2026-02-01');
  expect(dayIn(evening, 'Mars/Olympus_Mons')).toBe('2026-01-31');
  expect(dayIn(evening, 'Mars/Olympus_Mons')).toBe('2026-01-31');
  expect(dayIn(evening, 'Asia/Shanghai')).toBe('2026-02-01');
});

async function createOrder(orderId: string, amount: string): Promise<string> {
  const created = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId,
    subject: 'stats',
    paymentAmount: amount,
    paymentType: 'SANDBOX',
    paymentChannel: 'SIMULATED',
  });
  expect(created.status).toBe(200);
  return created.body.data.paymentId;
}

async function pay(paymentId: string): Promise<void> {
  expect((await api(server, 'POST', `${PUBLIC}/payments/${paymentId}/sandboxPay`, { outcome: 'success' }, anonymous)).status).toBe(200);
}

async function deleteOrders(paymentIds: string[]): Promise<void> {
  const deleted = await api<{ deleted: string[] }>(server, 'POST', `${CONSOLE}/payments/-/delete`, { paymentIds });
  expect(deleted.body.data.deleted.sort()).toEqual([...paymentIds].sort());
}

const overview = async () => (await api<PaymentOverview>(server, 'GET', `${CONSOLE}/overview`)).body.data;

/** The overview's figures as a baseline-relative change, so the tests of this file do not depend on each other. */
async function totalsSince(before: PaymentOverview) {
  const now = await overview();
  const minor = (s: string | undefined) => Math.round(Number(s ?? '0') * 100);
  return {
    orders: now.totalOrders - before.totalOrders,
    amount: minor(now.totalAmounts.CNY) - minor(before.totalAmounts.CNY),
    success: now.successCount - before.successCount,
    successAmount: minor(now.successAmounts.CNY) - minor(before.successAmounts.CNY),
  };
}

describe("the day's sharded totals", () => {
  test('orders spread over shards; the overview sums them; deleting paid and unpaid orders undoes them exactly', async () => {
    const before = await overview();
    const run = `a${Date.now().toString(36)}`;
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => createOrder(`${run}-${i}`, `${i + 1}.00`)));
    await Promise.all(ids.slice(0, 6).map(pay));
    expect(await totalsSince(before)).toEqual({ orders: 12, amount: 7800, success: 6, successAmount: 2100 });
    const shards = new Set(ids.map(shardOf));
    expect(shards.size).toBeGreaterThan(1); // 12 random names all on one of 16 shards: odds 1 in 16^11
    const { reportTimeZone } = await server.payment.deps.settings.read();
    const day = dayIn(new Date(), reportTimeZone);
    for (const shard of shards) expect(await client().fetch(PaymentDailyStat, statName(day, shard))).toBeDefined();

    await deleteOrders([ids[0], ids[1], ids[7]]); // two paid, one unpaid
    expect(await totalsSince(before)).toEqual({ orders: 9, amount: 7800 - 100 - 200 - 800, success: 4, successAmount: 2100 - 300 });
  }, 60_000);

  test('an order counted before sharding (on the one row of its day) is taken out exactly when deleted', async () => {
    const before = await overview();
    const run = `b${Date.now().toString(36)}`;
    let paymentId = '';
    for (let i = 0; !paymentId || shardOf(paymentId) === 0; i++) paymentId = await createOrder(`${run}-${i}`, '5.00');
    await pay(paymentId);
    const created = await totalsSince(before);
    // Move the order's counts from its shard to shard 0, as a row written before sharding would hold them.
    const order = (await client().get(PaymentInfo, paymentId))!;
    const { reportTimeZone } = await server.payment.deps.settings.read();
    const day = dayIn(new Date(order.metadata.creationTimestamp), reportTimeZone);
    expect(dayIn(new Date(order.spec.paidAt!), reportTimeZone)).toBe(day); // (a run across midnight would split it)
    const own = (await client().get(PaymentDailyStat, statName(day, shardOf(paymentId))))!;
    const legacy = await client().fetch(PaymentDailyStat, statName(day));
    const move = (spec: typeof own.spec, sign: number) => ({
      ...spec,
      orders: spec.orders + sign,
      amounts: { ...spec.amounts, CNY: (spec.amounts.CNY ?? 0) + sign * 500 },
      successCount: spec.successCount + sign,
      successAmounts: { ...spec.successAmounts, CNY: (spec.successAmounts.CNY ?? 0) + sign * 500 },
    });
    await client().transaction(async () => {
      await client().update({ ...own, spec: move(own.spec, -1) });
      const empty = { day, orders: 0, amounts: {}, successCount: 0, successAmounts: {} };
      if (legacy) await client().update({ ...legacy, spec: move(legacy.spec, 1) });
      else await client().create(PaymentDailyStat, { metadata: { name: statName(day) }, spec: move(empty, 1) });
    });
    expect(await totalsSince(before)).toEqual(created);

    await deleteOrders([paymentId]);
    expect(await totalsSince(before)).toEqual({ orders: created.orders - 1, amount: created.amount - 500, success: 0, successAmount: 0 });
    expect(DAY_SHARDS).toBeGreaterThan(1);
  }, 60_000);
});
