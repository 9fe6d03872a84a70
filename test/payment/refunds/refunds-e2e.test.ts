/**
 * Refunds end to end on SQLite: a real server, the local Alipay and WeChat Pay gateways, a business system's
 * notifyUrl. A partial and then a full refund on WALLET_A and on WALLET_B; idempotent refund ids; a refund
 * that waits (WeChat Pay's PROCESSING, a lost answer) finished by the refund sync job and by the WeChat Pay
 * refund notification; a refusal or a closed refund releasing its amount.
 */
import { AppError, systemClock } from '../../../src/host/sdk/index.js';
import { syncPendingRefunds } from '../../../src/payment/jobs/sync-refunds.handler.js';
import { PaymentNotifyDelivery } from '../../../src/payment/notify/types.js';
import type { RefundDeps } from '../../../src/payment/refunds/refund-deps.js';
import { NOT_FOUND_GRACE_MS } from '../../../src/payment/refunds/sync-refund.js';
import { api, CONSOLE, eventually, PUBLIC, type PaymentServer } from '../support/payment-server.js';
import {
  jobContext,
  order,
  paidOrder,
  refund,
  refundedNotifications,
  startRefundWorld,
  stored,
  type RefundWorld,
} from './refund-harness.js';

let world: RefundWorld;
let server: PaymentServer;

beforeAll(async () => {
  world = await startRefundWorld();
  server = world.servers[0];
}, 60_000);
afterAll(() => world?.stop());
afterEach(() => {
  world.alipay.faults = [];
  world.wechat.faults = [];
  world.wechat.refundStatus = 'PROCESSING';
  server.payment.deps.clock = systemClock;
});

describe('WALLET_A (Alipay answers refunds at once)', () => {
  test('a partial and then a full refund: PARTIALLY_REFUNDED, then REFUNDED, each told to the notifyUrl', async () => {
    const paid = await paidOrder(world, 'WALLET_A', 'ali-refund-1');
    const first = await refund(server, paid.paymentId, { amount: '5.00', reason: '部分退货' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      status: 'SUCCESS',
      amount: '5.00',
      amountMinor: 500,
      currency: 'CNY',
      reason: '部分退货',
      actor: 'bootstrap',
      source: 'CONSOLE',
    });
    const refundCall = world.alipay.calls.at(-1)!;
    expect(refundCall).toMatchObject({ signatureValid: true, params: { method: 'alipay.trade.refund' } });
    expect(JSON.parse(refundCall.params.biz_content)).toEqual({
      out_trade_no: paid.paymentId,
      refund_amount: '5.00',
      out_request_no: first.body.data.refundNo,
      refund_reason: '部分退货',
    });
    expect(await order(server, paid.paymentId)).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      refundedAmountText: '5.00',
      refundedAmountMinor: 500,
      refundableAmountText: '7.30',
    });

    const rest = await refund(server, paid.paymentId, { reason: '全部退货' });
    expect(rest.body.data).toMatchObject({ status: 'SUCCESS', amount: '7.30' });
    const after = await order(server, paid.paymentId);
    expect(after).toMatchObject({ status: 'REFUNDED', refundedAmountMinor: 1230, refundableAmountMinor: 0 });
    expect(after.refunds.map((r) => [r.amount, r.status])).toEqual([
      ['7.30', 'SUCCESS'],
      ['5.00', 'SUCCESS'],
    ]);
    expect(after.transitions.slice(-2)).toMatchObject([
      { from: 'SUCCESS', to: 'PARTIALLY_REFUNDED', source: 'REFUND' },
      { from: 'PARTIALLY_REFUNDED', to: 'REFUNDED', source: 'REFUND' },
    ]);
    expect(world.alipay.trades.get(paid.paymentId)!.status).toBe('TRADE_CLOSED');

    const told = await eventually(() =>
      refundedNotifications(world, paid.paymentId).length === 2 ? refundedNotifications(world, paid.paymentId) : undefined,
    );
    expect(told.every((n) => n.signatureValid)).toBe(true);
    const bodies = told.map((n) => n.body).sort((a, b) => String(a.eventId).localeCompare(String(b.eventId)));
    expect(new Set(bodies.map((b) => (b.refund as { amount: string }).amount))).toEqual(new Set(['5.00', '7.30']));
    expect(told[0].body).toMatchObject({
      event: 'payment.refunded',
      paymentId: paid.paymentId,
      amount: '12.30',
      currency: 'CNY',
      type: 'WALLET_A',
    });
    expect(told[0].eventId).toBe(`${(told[0].body.refund as { refundNo: string }).refundNo}-refunded`);

    const again = await refund(server, paid.paymentId, { amount: '0.01', reason: 'more' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'ORDER_FULLY_REFUNDED' });
  });

  test('the same refundId answers the same refund and asks Alipay once; other terms under it are refused', async () => {
    const paid = await paidOrder(world, 'WALLET_A', 'ali-refund-idem');
    const calls = () => world.alipay.calls.filter((c) => c.params.method === 'alipay.trade.refund').length;
    const before = calls();
    const first = await refund(server, paid.paymentId, { amount: '2.00', reason: 'r', refundId: 'RF-0001' });
    const second = await refund(server, paid.paymentId, { amount: '2.00', reason: 'r', refundId: 'RF-0001' });
    const bare = await refund(server, paid.paymentId, { reason: 'r', refundId: 'RF-0001' });
    expect(first.body.data.status).toBe('SUCCESS');
    expect(second.body.data).toEqual(first.body.data);
    expect(bare.body.data.refundNo).toBe(first.body.data.refundNo);
    expect(calls() - before).toBe(1);
    const other = await refund(server, paid.paymentId, { amount: '3.00', reason: 'r', refundId: 'RF-0001' });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'REFUND_ID_CONFLICT', details: [{ field: 'refundId' }] });
    expect((await stored(server, paid.paymentId)).order.spec).toMatchObject({ refundedAmount: 200, refundPendingAmount: 0 });
  });

  test('an answer lost on the way back leaves the refund PENDING; the refund sync finds it refunded', async () => {
    const paid = await paidOrder(world, 'WALLET_A', 'ali-refund-lost');
    world.alipay.faults = ['dropAfter'];
    const answered = await refund(server, paid.paymentId, { amount: '1.00', reason: 'lost answer' });
    expect(answered.body.data).toMatchObject({ status: 'PENDING', lastError: expect.stringMatching(/^CHANNEL_UNAVAILABLE/) });
    expect((await stored(server, paid.paymentId)).order.spec).toMatchObject({ status: 'SUCCESS', refundPendingAmount: 100 });
    const ctx = jobContext();
    await syncPendingRefunds(server.payment.deps, ctx);
    expect(ctx.counts.changed).toBeGreaterThanOrEqual(1);
    const { order: after, refunds } = await stored(server, paid.paymentId);
    expect(refunds[0].spec).toMatchObject({ status: 'SUCCESS', vendorStatus: 'REFUND_SUCCESS' });
    expect(refunds[0].status?.transitions?.at(-1)).toMatchObject({ from: 'PENDING', to: 'SUCCESS', source: 'SYNC' });
    expect(after.spec).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 100, refundPendingAmount: 0 });
    await eventually(() => refundedNotifications(world, paid.paymentId).length === 1);
  });

  test('a refund Alipay never received stays PENDING for the grace period, then FAILS and releases its amount', async () => {
    const paid = await paidOrder(world, 'WALLET_A', 'ali-refund-dropped');
    world.alipay.faults = ['drop'];
    const answered = await refund(server, paid.paymentId, { amount: '12.30', reason: 'dropped' });
    expect(answered.body.data.status).toBe('PENDING');
    await syncPendingRefunds(server.payment.deps, jobContext());
    expect((await stored(server, paid.paymentId)).refunds[0].spec).toMatchObject({ status: 'PENDING', vendorStatus: 'NOT_FOUND' });
    server.payment.deps.clock = { ...systemClock, now: () => Date.now() + NOT_FOUND_GRACE_MS + 60_000 };
    await syncPendingRefunds(server.payment.deps, jobContext());
    const { order: after, refunds } = await stored(server, paid.paymentId);
    expect(refunds[0].spec).toMatchObject({ status: 'FAILED', failureReason: expect.stringMatching(/^NOT_FOUND/) });
    expect(after.spec).toMatchObject({ status: 'SUCCESS', refundPendingAmount: 0 });
    expect(after.spec.refundedAmount ?? 0).toBe(0);
    server.payment.deps.clock = systemClock;
    expect((await refund(server, paid.paymentId, { reason: 'again' })).body.data).toMatchObject({ status: 'SUCCESS', amount: '12.30' });
  });

  test('a refusal by Alipay fails the refund at once and releases the amount', async () => {
    const paid = await paidOrder(world, 'WALLET_A', 'ali-refund-refused');
    world.alipay.trades.get(paid.paymentId)!.status = 'TRADE_FINISHED';
    const answered = await refund(server, paid.paymentId, { amount: '1.00', reason: 'too late' });
    expect(answered.status).toBe(200);
    expect(answered.body.data).toMatchObject({ status: 'FAILED', failureReason: expect.stringContaining('ACQ.TRADE_STATUS_ERROR') });
    expect((await stored(server, paid.paymentId)).order.spec).toMatchObject({ status: 'SUCCESS', refundPendingAmount: 0 });
    expect((await order(server, paid.paymentId)).refundableAmountText).toBe('12.30');
  });
});

describe('WALLET_B (WeChat Pay answers PROCESSING, then notifies)', () => {
  test('a partial refund ends by the signed REFUND.SUCCESS notification, a full one answered SUCCESS at once', async () => {
    const paid = await paidOrder(world, 'WALLET_B', 'wx-refund-1');
    const first = await refund(server, paid.paymentId, { amount: '5.00', reason: '部分退款' });
    expect(first.body.data).toMatchObject({ status: 'PENDING', vendorStatus: 'PROCESSING', channelRefundNo: expect.any(String) });
    const sent = world.wechat.refunds.get(first.body.data.refundNo)!;
    expect(sent).toMatchObject({
      out_trade_no: paid.paymentId,
      amount: { refund: 500, total: 1230, currency: 'CNY' },
      reason: '部分退款',
      notify_url: `${server.url}${PUBLIC}/asyncCallback/WALLET_B`,
    });
    expect(world.wechat.requests.at(-1)!.signatureValid).toBe(true);
    expect((await stored(server, paid.paymentId)).order.spec).toMatchObject({ status: 'SUCCESS', refundPendingAmount: 500 });
    expect((await order(server, paid.paymentId)).refundableAmountText).toBe('7.30');

    expect(await world.wechat.notifyRefund(first.body.data.refundNo)).toEqual({ status: 204, body: '' });
    expect(await order(server, paid.paymentId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmountMinor: 500 });

    world.wechat.refundStatus = 'SUCCESS';
    const rest = await refund(server, paid.paymentId, { reason: '全部退款' });
    expect(rest.body.data).toMatchObject({ status: 'SUCCESS', amount: '7.30' });
    expect(await order(server, paid.paymentId)).toMatchObject({ status: 'REFUNDED', refundedAmountMinor: 1230, refundableAmountMinor: 0 });
    const told = await eventually(() =>
      refundedNotifications(world, paid.paymentId).length === 2 ? refundedNotifications(world, paid.paymentId) : undefined,
    );
    expect(told.map((n) => (n.body.refund as { amount: string }).amount).sort()).toEqual(['5.00', '7.30']);
    expect(told.every((n) => n.signatureValid && n.body.type === 'WALLET_B' && n.body.event === 'payment.refunded')).toBe(true);
    const deliveries = await server.runtime.client.list(PaymentNotifyDelivery);
    const refundDeliveries = deliveries.items.filter((d) => d.spec.paymentId === paid.paymentId && d.spec.eventType === 'payment.refunded');
    expect(refundDeliveries).toHaveLength(2);
  });

  test('the notification, resent and replayed, settles the refund once; a forged or foreign one changes nothing', async () => {
    const paid = await paidOrder(world, 'WALLET_B', 'wx-refund-notify');
    const pending = (await refund(server, paid.paymentId, { amount: '1.00', reason: 'n' })).body.data;
    world.wechat.settleRefund(pending.refundNo);
    const notification = world.wechat.refundNotification(pending.refundNo);
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${server.url}${PUBLIC}/asyncCallback/WALLET_B`, { method: 'POST', headers, body }).then(async (r) => ({
        status: r.status,
        body: await r.text(),
      }));

    const forged = {
      ...notification.headers,
      'wechatpay-signature': world.wechat.signedHeaders(`${notification.body} `)['wechatpay-signature'],
    };
    expect((await post(notification.body, forged)).status).toBe(401);
    const other = world.wechat.refundNotification(pending.refundNo, {
      refund: { amount: { total: 1230, refund: 999, payer_total: 1230, payer_refund: 999 } },
    });
    expect(await post(other.body, other.headers)).toEqual({
      status: 400,
      body: JSON.stringify({ code: 'FAIL', message: 'CALLBACK_MISMATCH' }),
    });
    const unknown = world.wechat.refundNotification(pending.refundNo, {
      refund: { out_refund_no: 'NOT-OURS-1', refund_id: '50300000000000000000000000000001' },
    });
    expect((await post(unknown.body, unknown.headers)).status).toBe(204);
    expect((await stored(server, paid.paymentId)).refunds[0].spec.status).toBe('PENDING');

    expect((await post(notification.body, notification.headers)).status).toBe(204);
    expect((await post(notification.body, world.wechat.signedHeaders(notification.body))).status).toBe(204);
    const { order: after, refunds } = await stored(server, paid.paymentId);
    expect(refunds[0].spec).toMatchObject({ status: 'SUCCESS', vendorStatus: 'SUCCESS' });
    expect(refunds[0].status?.transitions?.map((t) => `${t.to}:${t.source}`)).toEqual(['PENDING:REQUEST', 'SUCCESS:CALLBACK']);
    expect(after.spec).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 100, refundPendingAmount: 0 });
    const details = await api<{ callbacks: Array<Record<string, unknown>> }>(server, 'GET', `${CONSOLE}/payments/${paid.paymentId}`);
    const logs = details.body.data.callbacks.filter((c) => c.refundNo === pending.refundNo);
    expect(logs.map((c) => [c.reason, c.receivedCount, c.transition])).toContainEqual(['TRANSITIONED', 2, 'refund PENDING->SUCCESS']);
    expect(details.body.data.callbacks.map((c) => c.reason)).toEqual(expect.arrayContaining(['CALLBACK_MISMATCH', 'UNKNOWN_REFUND']));
    await eventually(() => refundedNotifications(world, paid.paymentId).length === 1);
  });

  test('a lost notification: the refund sync asks WeChat Pay and settles the refund', async () => {
    const paid = await paidOrder(world, 'WALLET_B', 'wx-refund-sync');
    const pending = (await refund(server, paid.paymentId, { amount: '12.30', reason: 's' })).body.data;
    await syncPendingRefunds(server.payment.deps, jobContext());
    expect((await stored(server, paid.paymentId)).refunds[0].spec.status).toBe('PENDING');
    world.wechat.settleRefund(pending.refundNo);
    await syncPendingRefunds(server.payment.deps, jobContext());
    const { order: after, refunds } = await stored(server, paid.paymentId);
    expect(refunds[0].spec).toMatchObject({ status: 'SUCCESS', refundedAt: expect.any(String) });
    expect(refunds[0].status?.lastQueriedAt).toEqual(expect.any(String));
    expect(after.spec).toMatchObject({ status: 'REFUNDED', refundedAmount: 1230 });
  });

  test('a refund WeChat Pay closes fails and releases its amount; ABNORMAL keeps it waiting', async () => {
    const paid = await paidOrder(world, 'WALLET_B', 'wx-refund-closed');
    const closed = (await refund(server, paid.paymentId, { amount: '10.00', reason: 'c' })).body.data;
    expect((await world.wechat.notifyRefund(closed.refundNo, 'CLOSED')).status).toBe(204);
    const { order: released, refunds } = await stored(server, paid.paymentId);
    expect(refunds[0].spec).toMatchObject({ status: 'FAILED', failureReason: 'CHANNEL_CLOSED' });
    expect(released.spec).toMatchObject({ status: 'SUCCESS', refundPendingAmount: 0 });

    const abnormal = (await refund(server, paid.paymentId, { amount: '12.30', reason: 'a' })).body.data;
    expect(abnormal.status).toBe('PENDING');
    expect((await world.wechat.notifyRefund(abnormal.refundNo, 'ABNORMAL')).status).toBe(204);
    const waiting = (await stored(server, paid.paymentId)).refunds.find((r) => r.spec.refundNo === abnormal.refundNo)!;
    expect(waiting.spec).toMatchObject({ status: 'PENDING', vendorStatus: 'ABNORMAL' });
    const resolved = await api(server, 'POST', `${CONSOLE}/refunds/${abnormal.refundNo}/resolve`, {
      status: 'SUCCESS',
      reason: '已在商户平台处理',
    });
    expect(resolved.body.data).toMatchObject({ status: 'SUCCESS' });
    expect((await stored(server, paid.paymentId)).order.spec).toMatchObject({ status: 'REFUNDED', refundedAmount: 1230 });
    const twice = await api(server, 'POST', `${CONSOLE}/refunds/${abnormal.refundNo}/resolve`, { status: 'FAILED', reason: 'x' });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'REFUND_ALREADY_FINAL' });
  });
});

describe('refunds of orders and amounts that cannot be refunded: a clear error, nothing changed', () => {
  test('unpaid, above the refundable amount, another currency, malformed, unknown, no reason', async () => {
    const paid = await paidOrder(world, 'WALLET_A', 'ali-refund-bad');
    const unpaid = await api<{ paymentId: string }>(server, 'POST', `${CONSOLE}/payments`, {
      orderId: 'ali-refund-unpaid',
      subject: 's',
      paymentAmount: '1.00',
      paymentType: 'WALLET_A',
      paymentChannel: 'FACE_TO_FACE_PAYMENT',
    });
    const before = { paid: await stored(server, paid.paymentId), calls: world.alipay.calls.length };
    const cases: Array<[string, Record<string, unknown>, number, string, string?]> = [
      [unpaid.body.data.paymentId, { reason: 'r' }, 409, 'ORDER_NOT_REFUNDABLE'],
      [paid.paymentId, { amount: '12.31', reason: 'r' }, 400, 'REFUND_AMOUNT_EXCEEDS', 'amount'],
      [paid.paymentId, { amount: '1.00', currency: 'USD', reason: 'r' }, 400, 'CURRENCY_MISMATCH', 'currency'],
      [paid.paymentId, { amount: '1.001', reason: 'r' }, 400, 'INVALID_AMOUNT', 'amount'],
      [paid.paymentId, { amount: '0', reason: 'r' }, 400, 'INVALID_AMOUNT', 'amount'],
      [paid.paymentId, { amount: 5, reason: 'r' }, 400, 'VALIDATION_FAILED', 'body.amount'],
      [paid.paymentId, { amount: '1.00' }, 400, 'VALIDATION_FAILED', 'body.reason'],
      [paid.paymentId, { reason: 'r', refundId: 'has space' }, 400, 'VALIDATION_FAILED', 'body.refundId'],
      ['p20260101doesnotexist0000000', { reason: 'r' }, 404, 'NOT_FOUND'],
    ];
    for (const [paymentId, body, status, code, field] of cases) {
      const answer = await refund(server, paymentId, body);
      expect({ paymentId, body, status: answer.status, code: answer.body.code }).toEqual({ paymentId, body, status, code });
      expect(answer.body.success).toBe(false);
      if (field) expect(answer.body.details?.[0]?.field).toBe(field);
    }
    const en = await refund(server, paid.paymentId, { amount: '99.00', reason: 'r' }, { 'accept-language': 'en' });
    expect(en.body.message).toBe('the refund of CN¥99.00 is above the refundable CN¥12.30');
    const zh = await refund(server, paid.paymentId, { amount: '99.00', reason: 'r' });
    expect(zh.body.message).toBe('退款金额 ¥99.00 超过可退金额 ¥12.30');
    // What a form shows at the amount field, in the caller's language.
    expect(zh.body.details?.[0]).toMatchObject({ field: 'amount', message: '退款金额 ¥99.00 超过可退金额 ¥12.30' });
    expect(en.body.details?.[0]).toMatchObject({ field: 'amount', message: 'the refund of CN¥99.00 is above the refundable CN¥12.30' });
    const unpaidEn = await refund(server, unpaid.body.data.paymentId, { reason: 'r' }, { 'accept-language': 'en' });
    expect(unpaidEn.body.message).toMatch(/has not been paid/);

    const after = await stored(server, paid.paymentId);
    expect(after.order.metadata.resourceVersion).toBe(before.paid.order.metadata.resourceVersion);
    expect(after.refunds).toHaveLength(0);
    expect(world.alipay.calls.length).toBe(before.calls);
    expect((await stored(server, unpaid.body.data.paymentId)).refunds).toHaveLength(0);
  });

  test('an order with a refund still pending cannot be deleted', async () => {
    const paid = await paidOrder(world, 'WALLET_B', 'wx-refund-delete');
    await refund(server, paid.paymentId, { amount: '1.00', reason: 'd' });
    const deleted = await api(server, 'DELETE', `${CONSOLE}/payments/${paid.paymentId}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body).toMatchObject({ code: 'REFUND_IN_PROGRESS' });
  });
});

describe('listing refunds', () => {
  test("listPaymentRefunds pages an order's refunds, newest first", async () => {
    const paid = await paidOrder(world, 'WALLET_A', 'ali-refund-list');
    for (const amount of ['1.00', '2.00', '3.00']) await refund(server, paid.paymentId, { amount, reason: `r${amount}` });
    const page = await api<{ items: Array<{ amount: string }>; total: number }>(
      server,
      'GET',
      `${CONSOLE}/payments/${paid.paymentId}/refunds?page=1&size=2`,
    );
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.items.map((r) => r.amount)).toEqual(['3.00', '2.00']);
  });
});

describe('20 concurrent refunds whose sum exceeds the paid amount (SQLite)', () => {
  test('refund at most the paid amount', async () => {
    const paid = await paidOrder(world, 'WALLET_A', 'ali-refund-race');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => refund(server, paid.paymentId, { amount: '1.00', reason: `race ${i}` })),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.every((a) => a.body.data.status === 'SUCCESS')).toBe(true);
    expect(ok).toHaveLength(12);
    expect(answers.filter((a) => a.status === 400).every((a) => a.body.code === 'REFUND_AMOUNT_EXCEEDS')).toBe(true);
    const { order: after, refunds } = await stored(server, paid.paymentId);
    expect(refunds).toHaveLength(12);
    expect(after.spec).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 1200, refundPendingAmount: 0 });
    const atGateway = [...world.alipay.refunds.values()].filter((r) => r.out_trade_no === paid.paymentId);
    expect(atGateway).toHaveLength(12);
  });
});

describe('the ledger port (until the ledger family exists, a stand-in records what it is told)', () => {
  test('reserve and settle run with the refund and its order; a refusal at reserve changes nothing and asks no provider', async () => {
    const deps = server.payment.deps as RefundDeps;
    const told: string[] = [];
    deps.refundLedger = {
      reserve: async (r, o) => void told.push(`reserve ${r.spec.amount} ${o.spec.refundPendingAmount}`),
      settle: async (r, o) => void told.push(`settle ${r.spec.status} ${o.spec.refundedAmount}`),
    };
    try {
      const paid = await paidOrder(world, 'WALLET_A', 'ali-refund-ledger');
      await refund(server, paid.paymentId, { amount: '2.00', reason: 'ledger' });
      expect(told).toEqual(['reserve 200 200', 'settle SUCCESS 200']);
      deps.refundLedger.reserve = async () => {
        throw new AppError('MERCHANT_BALANCE_TOO_LOW', '商户余额不足', { status: 409, messageEn: 'the merchant balance is too low' });
      };
      const calls = world.alipay.calls.length;
      const refused = await refund(server, paid.paymentId, { amount: '1.00', reason: 'ledger' });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('MERCHANT_BALANCE_TOO_LOW');
      expect(world.alipay.calls.length).toBe(calls);
      const { order: after, refunds } = await stored(server, paid.paymentId);
      expect(refunds).toHaveLength(1);
      expect(after.spec).toMatchObject({ refundedAmount: 200, refundPendingAmount: 0 });
    } finally {
      delete deps.refundLedger;
    }
  });
});
