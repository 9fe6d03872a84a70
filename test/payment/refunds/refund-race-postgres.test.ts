/**
 * The refund guard on the scale-out backend: two server replicas on one PostgreSQL schema receive 20 concurrent
 * refund requests (10 each) of 1.00 on a 12.30 order, 20.00 in all. At most the paid amount is refunded: 12
 * succeed, 8 are refused with nothing reserved, the order and the gateway agree.
 */
import { jobContext, paidOrder, refund, startRefundWorld, stored, type RefundWorld } from './refund-harness.js';
import { syncPendingRefunds } from '../../../src/payment/jobs/sync-refunds.handler.js';

const BASE_URL = process.env.AUTHPAY_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `pay_refund_race_${process.pid}_${Date.now()}`;
const databaseUrl = `${BASE_URL}${BASE_URL.includes('?') ? '&' : '?'}schema=${schema}`;
let world: RefundWorld;

beforeAll(async () => {
  world = await startRefundWorld({ databaseUrl, replicas: 2 });
}, 90_000);
afterAll(async () => {
  await world?.stop();
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: BASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
});

test.each(['WALLET_A', 'WALLET_B'] as const)(
  '%s: 20 concurrent refunds over the paid amount across two replicas refund at most the paid amount',
  async (wallet) => {
    world.wechat.refundStatus = 'SUCCESS';
    const paid = await paidOrder(world, wallet, `pg-refund-race-${wallet}`);
    const [a, b] = world.servers;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => refund(i % 2 ? a : b, paid.paymentId, { amount: '1.00', reason: `race ${i}` })),
    );
    const ok = answers.filter((x) => x.status === 200);
    expect(ok).toHaveLength(12);
    expect(ok.every((x) => x.body.data.status === 'SUCCESS')).toBe(true);
    expect(answers.filter((x) => x.status !== 200).every((x) => x.status === 400 && x.body.code === 'REFUND_AMOUNT_EXCEEDS')).toBe(true);
    await syncPendingRefunds(a.payment.deps, jobContext());
    const { order, refunds } = await stored(a, paid.paymentId);
    expect(refunds).toHaveLength(12);
    expect(refunds.every((r) => r.spec.status === 'SUCCESS')).toBe(true);
    expect(order.spec).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 1200, refundPendingAmount: 0 });
    const atGateway =
      wallet === 'WALLET_A'
        ? [...world.alipay.refunds.values()].filter((r) => r.out_trade_no === paid.paymentId).length
        : [...world.wechat.refunds.values()].filter((r) => r.out_trade_no === paid.paymentId).length;
    expect(atGateway).toBe(12);
  },
  60_000,
);
