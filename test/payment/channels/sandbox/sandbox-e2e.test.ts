import { createHmac } from 'node:crypto';
import { eq } from '../../../../src/host/sdk/index.js';
import { dedupeIdOf } from '../../../../src/host/notifications/enqueue-messages.js';
import { SandboxChannel, SandboxTrade } from '../../../../src/payment/channels/sandbox/index.js';
import { reserveRefund } from '../../../../src/payment/refunds/reserve-refund.js';
import { toChannelOrder } from '../../../../src/payment/orders/order-view.js';
import { PaymentInfo } from '../../../../src/payment/orders/types.js';
import { NotifyReceiver } from '../../support/notify-receiver.js';
import {
  anonymous,
  api,
  configure,
  CONSOLE,
  eventually,
  PUBLIC,
  startPaymentServer,
  type PaymentServer,
  type PaymentView,
  type InterfaceKey,
} from '../../support/payment-server.js';
import { PaymentCallbackLog } from '../../../../src/payment/callbacks/callback-log.js';
import { PaymentNotifyDelivery } from '../../../../src/payment/notify/types.js';

let server: PaymentServer;
let receiver: NotifyReceiver;

beforeAll(async () => {
  server = await startPaymentServer();
  receiver = await new NotifyReceiver().start();
  await configure(server, {
    sandboxEnabled: true,
    allowPrivateNotifyTargets: true,
    notificationUsers: ['admin'],
    allowLocalCallbackDomain: true,
    callbackDomain: server.url,
  });
  receiver.publicKeyPem = (await api<InterfaceKey>(server, 'GET', `${CONSOLE}/interface-keys/public`)).body.data.publicKey;
}, 60_000);
afterAll(async () => {
  await receiver?.stop();
  await server?.stop();
});

const order = (orderId: string, extra: Record<string, unknown> = {}) => ({
  orderId,
  subject: '会员 1 个月',
  body: 'monthly plan',
  paymentAmount: '12.30',
  paymentType: 'SANDBOX',
  paymentChannel: 'SIMULATED',
  notifyUrl: receiver.url,
  returnUrl: 'https://shop.example.com/orders/1',
  ...extra,
});

async function storedOrder(paymentId: string): Promise<PaymentInfo> {
  return server.runtime.client.get(PaymentInfo, paymentId);
}

describe('SANDBOX payment end to end over HTTP', () => {
  test('createPayment answers the order with its payment page; paying sends one signed notification and one admin message', async () => {
    const created = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, order('sbx-1'));
    expect(created.status).toBe(200);
    const data = created.body.data;
    expect(data).toMatchObject({
      orderId: 'sbx-1',
      status: 'PAYING',
      paymentAmount: 12.3,
      amountMinor: 1230,
      currency: 'CNY',
      platform: 'system',
    });
    expect(data.payUrl).toBe(`${server.url}/payment/${data.paymentId}`);

    const paid = await api(server, 'POST', `${PUBLIC}/payments/${data.paymentId}/sandboxPay`, { outcome: 'success' }, anonymous);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'SUCCESS', callback: { status: 200 } });

    const [delivery] = await eventually(() =>
      receiver.forPayment(data.paymentId).length ? receiver.forPayment(data.paymentId) : undefined,
    );
    expect(delivery.signatureValid).toBe(true);
    expect(delivery.eventId).toBe(`${data.paymentId}-success-1`);
    expect(delivery.body).toMatchObject({
      eventId: delivery.eventId,
      orderId: 'sbx-1',
      paymentId: data.paymentId,
      status: 'SUCCESS',
      amount: '12.30',
      amountMinor: 1230,
      currency: 'CNY',
      type: 'SANDBOX',
      channel: 'SIMULATED',
    });
    expect(typeof delivery.body.paidAt).toBe('string');

    // The outbox indexes a message's identity (dedupeId: dedupeKey, channel, recipient), not the dedupeKey alone.
    const queued = await server.runtime.client.list('OutboxMessage', {
      where: eq('spec.dedupeId', dedupeIdOf(`payment-status:${delivery.eventId}`, 'INBOX', 'admin')),
    });
    // An inbox message, or (when admin has an address) one e-mail message that also goes into admin's inbox.
    const inboxMessages = queued.items.filter(
      (m) => (m.spec as { channel: string; inbox?: boolean }).channel === 'INBOX' || (m.spec as { inbox?: boolean }).inbox,
    );
    expect(inboxMessages).toHaveLength(1);
    expect(inboxMessages[0].spec).toMatchObject({ username: 'admin', template: 'payment-status-changed' });
    const text = (inboxMessages[0].spec as { text: string }).text;
    for (const part of ['会员 1 个月', data.paymentId, 'sbx-1', '¥12.30', '支付成功', `${server.url}/payment/${data.paymentId}`])
      expect(text).toContain(part);
    // The status in words only: no raw code beside it (issue 29).
    expect(text).not.toContain('SUCCESS');
  });

  test('the admin message is written in the transaction of the status change: a crash right after the commit cannot lose it', async () => {
    const created = (await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, order('sbx-admin-tx'))).body.data;
    // A recorder subscribed after notify's runs inside the same transaction, after notify's writes.
    let inTransaction: number | undefined;
    const stop = server.payment.deps.orderEvents.onRecord(async (event) => {
      if (event.order.spec.paymentId !== created.paymentId) return;
      const dedupeId = dedupeIdOf(`payment-status:${event.eventId}`, 'INBOX', 'admin');
      inTransaction = (await server.runtime.client.list('OutboxMessage', { where: eq('spec.dedupeId', dedupeId) })).items.length;
    });
    try {
      const paid = await api(server, 'POST', `${PUBLIC}/payments/${created.paymentId}/sandboxPay`, { outcome: 'success' }, anonymous);
      expect(paid.status).toBe(200);
    } finally {
      stop();
    }
    expect(inTransaction).toBe(1);
  });

  test(
    'a success callback replayed 100 times concurrently moves the order once, ' + 'queues one delivery chain and one admin message',
    async () => {
      const created = (await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, order('sbx-replay'))).body.data;
      const sandbox = (await server.payment.deps.channels.instance('SANDBOX')) as SandboxChannel;
      const callback = await sandbox.simulateOutcome(toChannelOrder((await storedOrder(created.paymentId)).spec), 'success');
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          fetch(`${server.url}${PUBLIC}/asyncCallback/SANDBOX`, {
            method: 'POST',
            headers: callback.headers as Record<string, string>,
            body: String(callback.rawBody),
          }).then(async (r) => ({ status: r.status, body: await r.text() })),
        ),
      );
      expect(answers.every((a) => a.status === 200 && a.body === '{"received":true}')).toBe(true);

      const stored = await storedOrder(created.paymentId);
      expect(stored.spec.status).toBe('SUCCESS');
      expect((stored.status?.transitions ?? []).filter((t) => t.to === 'SUCCESS')).toHaveLength(1);
      const chains = await server.runtime.client.list(PaymentNotifyDelivery, { where: eq('spec.paymentId', created.paymentId) });
      expect(chains.items).toHaveLength(1);
      await eventually(() => receiver.forPayment(created.paymentId).length === 1);
      // admin's messages: inbox ones (recipient admin) and, when admin has an address, inbox e-mail ones (username admin).
      const adminMessages = {
        items: (await server.runtime.client.list('OutboxMessage')).items.filter(
          (m) => (m.spec as { username?: string }).username === 'admin',
        ),
      };
      expect(adminMessages.items.filter((m) => String((m.spec as { text: string }).text).includes(created.paymentId))).toHaveLength(1);
      const logs = await server.runtime.client.list(PaymentCallbackLog, { where: eq('spec.paymentId', created.paymentId) });
      // One log per notification (its event id), counting the 100 arrivals, showing the copy that moved the order.
      expect(logs.items).toHaveLength(1);
      expect(logs.items[0].spec).toMatchObject({ receivedCount: 100, reason: 'TRANSITIONED', transition: 'PAYING->SUCCESS' });
      // Once delivered, nothing is sent again.
      server.payment.worker.wake();
      expect(receiver.forPayment(created.paymentId)).toHaveLength(1);
    },
  );

  test('a tampered or unsigned callback is refused and changes nothing', async () => {
    const created = (await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, order('sbx-forged'))).body.data;
    const sandbox = (await server.payment.deps.channels.instance('SANDBOX')) as SandboxChannel;
    const callback = await sandbox.simulateOutcome(toChannelOrder((await storedOrder(created.paymentId)).spec), 'success');
    const tampered = String(callback.rawBody).replace('"amountMinor":1230', '"amountMinor":1');
    const bad = await fetch(`${server.url}${PUBLIC}/asyncCallback/SANDBOX`, {
      method: 'POST',
      headers: callback.headers as Record<string, string>,
      body: tampered,
    });
    expect(bad.status).toBe(401);
    const unsigned = await fetch(`${server.url}${PUBLIC}/asyncCallback/SANDBOX`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: String(callback.rawBody),
    });
    expect(unsigned.status).toBe(400);
    expect((await storedOrder(created.paymentId)).spec.status).toBe('PAYING');
  });

  test('the fail button fails the order; the page then shows failure with a resubmit link', async () => {
    const created = (await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, order('sbx-fail'))).body.data;
    const failed = await api<PaymentView>(
      server,
      'POST',
      `${PUBLIC}/payments/${created.paymentId}/sandboxPay`,
      { outcome: 'fail' },
      anonymous,
    );
    expect(failed.body.data.status).toBe('FAILED');
    const page = await fetch(`${server.url}/payment/${created.paymentId}`);
    const html = await page.text();
    expect(html).toContain('id="resubmit-link"');
    expect(html).toContain('已关闭或失败');
  });
});

describe('SANDBOX event ids are keyed on the order', () => {
  const send = (callback: { headers: Record<string, string>; body: string }) =>
    fetch(`${server.url}${PUBLIC}/asyncCallback/SANDBOX`, { method: 'POST', ...callback }).then(async (r) => ({
      status: r.status,
      body: await r.text(),
    }));
  const logsOf = async (paymentId: string) =>
    (await server.runtime.client.list(PaymentCallbackLog, { where: eq('spec.paymentId', paymentId) })).items.map((l) => l.spec);
  /** A body signed with the installation's secret, as the simulated gateway signs (`t=…,v1=HMAC(t.body)`). */
  async function signed(body: string): Promise<{ headers: Record<string, string>; body: string }> {
    const secret = (await server.payment.deps.settings.read()).sandboxSecret!;
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    return { headers: { 'content-type': 'application/json', 'x-sandbox-signature': `t=${t},v1=${v1}` }, body };
  }
  const received = { status: 200, body: '{"received":true}' };

  test('a verified callback for another order reusing an event id is applied; a true resend of the first is a repeat', async () => {
    const sandbox = (await server.payment.deps.channels.instance('SANDBOX')) as SandboxChannel;
    const first = (await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, order('sbx-key-a'))).body.data;
    const original = await sandbox.simulateOutcome(toChannelOrder((await storedOrder(first.paymentId)).spec), 'success');
    expect(await send({ headers: original.headers as Record<string, string>, body: String(original.rawBody) })).toEqual(received);
    expect((await storedOrder(first.paymentId)).spec.status).toBe('SUCCESS');
    const reusedId = (original.json as { id: string }).id;

    // The sandbox makes a fresh id per event; one signed with the installation's secret can carry any id.
    const second = (await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, order('sbx-key-b'))).body.data;
    const own = await sandbox.simulateOutcome(toChannelOrder((await storedOrder(second.paymentId)).spec), 'success');
    expect(await send(await signed(JSON.stringify({ ...(own.json as object), id: reusedId })))).toEqual(received);
    expect((await storedOrder(second.paymentId)).spec.status).toBe('SUCCESS');
    expect(await logsOf(second.paymentId)).toEqual([
      expect.objectContaining({ eventId: reusedId, reason: 'TRANSITIONED', receivedCount: 1 }),
    ]);
    expect(await logsOf(first.paymentId)).toEqual([expect.objectContaining({ eventId: reusedId, receivedCount: 1 })]);

    // The first order's own callback again (signed afresh): a repeat, nothing changed.
    const paid = await storedOrder(first.paymentId);
    expect(await send(await signed(String(original.rawBody)))).toEqual(received);
    expect(await logsOf(first.paymentId)).toEqual([expect.objectContaining({ reason: 'TRANSITIONED', receivedCount: 2 })]);
    expect((await storedOrder(first.paymentId)).metadata.resourceVersion).toBe(paid.metadata.resourceVersion);
  });
});

describe('SANDBOX refunds end to end: a new installation can try refunds without credentials', () => {
  const refund = (paymentId: string, body: Record<string, unknown>) =>
    api<{ refundNo: string; status: string; amount: string; channelRefundNo?: string; refundedAt?: string }>(
      server,
      'POST',
      `${CONSOLE}/payments/${paymentId}/refunds`,
      body,
    );
  async function paid(orderId: string): Promise<string> {
    const created = (await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, order(orderId))).body.data;
    await api(server, 'POST', `${PUBLIC}/payments/${created.paymentId}/sandboxPay`, { outcome: 'success' }, anonymous);
    return created.paymentId;
  }

  test('part, then the rest: SUCCESS at once, the order PARTIALLY_REFUNDED then REFUNDED, the notifyUrl told each time', async () => {
    const paymentId = await paid('sbx-refund');
    const first = await refund(paymentId, { amount: '5.00', reason: '试用退款', refundId: 'try-1' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'SUCCESS', amount: '5.00', channelRefundNo: expect.stringMatching(/^SBXR/) });
    expect((await storedOrder(paymentId)).spec).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 500 });
    // A double click or a retry with the same refundId refunds once.
    expect((await refund(paymentId, { amount: '5.00', reason: '试用退款', refundId: 'try-1' })).body.data).toEqual(first.body.data);
    const above = await refund(paymentId, { amount: '7.31', reason: 'too much' });
    expect({ status: above.status, code: above.body.code, field: above.body.details?.[0]?.field }).toEqual({
      status: 400,
      code: 'REFUND_AMOUNT_EXCEEDS',
      field: 'amount',
    });
    const rest = await refund(paymentId, { reason: '其余全部' });
    expect(rest.body.data).toMatchObject({ status: 'SUCCESS', amount: '7.30' });
    expect((await storedOrder(paymentId)).spec).toMatchObject({ status: 'REFUNDED', refundedAmount: 1230, refundPendingAmount: 0 });

    const trade = await server.runtime.client.get(SandboxTrade, paymentId.toLowerCase());
    expect(trade.spec.refunds?.map((r) => [r.amountMinor, r.refundNo])).toEqual([
      [500, first.body.data.channelRefundNo],
      [730, rest.body.data.channelRefundNo],
    ]);
    const told = await eventually(() => {
      const refunded = receiver.forPayment(paymentId).filter((n) => n.body.event === 'payment.refunded');
      return refunded.length === 2 ? refunded : undefined;
    });
    expect(told.every((n) => n.signatureValid && n.body.type === 'SANDBOX')).toBe(true);
    expect(told.map((n) => (n.body.refund as { amount: string }).amount).sort()).toEqual(['5.00', '7.30']);
  });

  test('a refund reserved but never sent (a crash before the call): sync keeps it PENDING, a person resolves it', async () => {
    const paymentId = await paid('sbx-refund-lost');
    const { refund: lost } = await reserveRefund(
      server.payment.deps,
      paymentId,
      { refundId: 'never-sent', amount: '1.00', reason: 'crash' },
      { actor: 'admin', source: 'CONSOLE' },
    );
    const synced = await api<{ status: string; vendorStatus?: string }>(server, 'POST', `${CONSOLE}/refunds/${lost.spec.refundNo}/sync`);
    expect(synced.body.data).toMatchObject({ status: 'PENDING', vendorStatus: 'NOT_FOUND' });
    expect((await storedOrder(paymentId)).spec).toMatchObject({ status: 'SUCCESS', refundPendingAmount: 100 });
    const resolved = await api(server, 'POST', `${CONSOLE}/refunds/${lost.spec.refundNo}/resolve`, {
      status: 'FAILED',
      reason: 'never sent',
    });
    expect(resolved.body.data).toMatchObject({ status: 'FAILED' });
    expect((await storedOrder(paymentId)).spec).toMatchObject({ status: 'SUCCESS', refundPendingAmount: 0 });
  });

  test('the shared trade store: 20 refunds of 1.00 sent at once on a 12.30 trade, 12 made, none lost', async () => {
    const paymentId = await paid('sbx-refund-race');
    const sandbox = (await server.payment.deps.channels.instance('SANDBOX')) as SandboxChannel;
    const channelOrder = toChannelOrder((await storedOrder(paymentId)).spec);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        sandbox.refund(channelOrder, { refundId: `race-${i}`, amountMinor: 100, currency: 'CNY', paidAmountMinor: 1230 }),
      ),
    );
    const made = results.filter((r) => r.status === 'fulfilled');
    expect(made).toHaveLength(12);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason.provider?.code);
    expect(refusals).toEqual(Array(8).fill('REFUND_AMOUNT_EXCEEDS'));
    const trade = await server.runtime.client.get(SandboxTrade, paymentId.toLowerCase());
    expect(trade.spec.refunds).toHaveLength(12);
    expect(new Set(trade.spec.refunds!.map((r) => r.refundId)).size).toBe(12);
  });
});
