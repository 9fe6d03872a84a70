/**
 * Order invariants across two real server processes on one PostgreSQL schema (requests alternate between
 * them): one order per (platform, orderId) (orderIdLock), and the day's sharded totals lose no order and no
 * payment (dailyStatLock per shard): every concurrent creation, payment and deletion is counted once.
 */
import { eq } from '../../../src/host/store/query.js';
import { PaymentDailyStat } from '../../../src/payment/orders/daily-stats.js';
import { PaymentInfo } from '../../../src/payment/orders/types.js';
import { bearer, BOOTSTRAP_TOKEN, call } from '../../host/auth/harness.js';
import { describeOnPostgres, startProcessPair, type ProcessPair } from '../../support/process-pair.js';

const pgDescribe = await describeOnPostgres('payment order two-process race tests');
const CONSOLE = '/apis/console.api.payment.authpay.dev/v1alpha1';
const PUBLIC = '/apis/api.payment.authpay.dev/v1alpha1';
const timeout = () => AbortSignal.timeout(90_000);
const ORDER = { subject: 'race', paymentAmount: '1.00', paymentType: 'SANDBOX', paymentChannel: 'SIMULATED' };

pgDescribe('order invariants across two processes (PostgreSQL)', () => {
  let pair: ProcessPair;
  beforeAll(async () => {
    pair = await startProcessPair('pay_race');
  }, 240_000);
  afterAll(async () => {
    await pair?.close();
  }, 60_000);

  const createOrder = (i: number, orderId: string) =>
    call<{ paymentId: string }>(`${pair.pick(i).url}${CONSOLE}/payments`, {
      method: 'POST',
      headers: bearer(BOOTSTRAP_TOKEN),
      json: { ...ORDER, orderId },
      signal: timeout(),
    });

  test('10 concurrent initiations of one merchant orderId make one order', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => createOrder(i, 'same-order')));
    expect(answers.every((a) => a.status < 300)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.paymentId)).size).toBe(1);
    expect(await pair.client.count(PaymentInfo, eq('spec.orderId', 'same-order'))).toBe(1);
  }, 120_000);

  test("N concurrent orders paid concurrently: the day's totals count every one", async () => {
    const n = 24;
    const created = await Promise.all(Array.from({ length: n }, (_, i) => createOrder(i, `day-${i}`)));
    expect(created.map((a) => a.status).filter((s) => s >= 300)).toEqual([]);
    const paid = await Promise.all(
      created.map((a, i) =>
        call(`${pair.pick(i + 1).url}${PUBLIC}/payments/${a.body.data.paymentId}/sandboxPay`, {
          method: 'POST',
          json: { outcome: 'success' },
          signal: timeout(),
        }),
      ),
    );
    expect(paid.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    const stats = (await pair.client.list(PaymentDailyStat)).items.map((s) => s.spec);
    const sum = (f: (s: (typeof stats)[number]) => number) => stats.reduce((t, s) => t + f(s), 0);
    expect(sum((s) => s.orders)).toBe(n + 1); // and the one order of the test above
    expect(sum((s) => s.successCount)).toBe(n);
    expect(sum((s) => s.successAmounts.CNY ?? 0)).toBe(n * 100);
    expect(stats.length).toBeGreaterThan(1); // spread over shards (one day, unless the run crossed midnight)

    // Deleting paid orders concurrently takes each order's two day shards (created, paid) in one sorted call.
    const gone = created.slice(0, n / 2).map((a) => a.body.data.paymentId);
    const deleted = await Promise.all(
      gone.map((paymentId, i) =>
        call<{ deleted: string[] }>(`${pair.pick(i).url}${CONSOLE}/payments/-/delete`, {
          method: 'POST',
          headers: bearer(BOOTSTRAP_TOKEN),
          json: { paymentIds: [paymentId] },
          signal: timeout(),
        }),
      ),
    );
    expect(deleted.flatMap((a) => a.body.data.deleted).sort()).toEqual([...gone].sort());
    const after = (await pair.client.list(PaymentDailyStat)).items.map((s) => s.spec);
    const sumAfter = (f: (s: (typeof after)[number]) => number) => after.reduce((t, s) => t + f(s), 0);
    expect(sumAfter((s) => s.orders)).toBe(n + 1 - n / 2);
    expect(sumAfter((s) => s.amounts.CNY ?? 0)).toBe((n + 1 - n / 2) * 100);
    expect(sumAfter((s) => s.successCount)).toBe(n / 2);
    expect(sumAfter((s) => s.successAmounts.CNY ?? 0)).toBe((n / 2) * 100);
  }, 180_000);
});
