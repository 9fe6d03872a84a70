import { createHmac } from 'node:crypto';
import {
  generateSandboxSecret,
  MemorySandboxTradeStore,
  SandboxChannel,
  signSandboxPayload,
  validateSandboxOptions,
} from '../../../../src/payment/channels/sandbox/index.js';
import type { CallbackRequest, ChannelOrder, RefundRequest } from '../../../../src/payment/channels/core/types.js';
import { systemClock } from '../../../../src/host/sdk/index.js';
import { startCallbackReceiver } from '../callback-receiver.js';

const secret = generateSandboxSecret();
let clock = new Date('2024-05-01T00:00:00Z');
const now = () => clock.getTime();
let seq = 0;

function makeChannel(options: Partial<{ enabled: boolean; secret: string }> = {}, store?: MemorySandboxTradeStore): SandboxChannel {
  return new SandboxChannel(validateSandboxOptions({ enabled: true, secret, ...options }), { clock: { ...systemClock, now }, store });
}

function order(overrides: Partial<ChannelOrder> = {}): ChannelOrder {
  seq += 1;
  return {
    paymentId: `SBXP${seq}`,
    orderId: `o${seq}`,
    paymentType: 'SANDBOX',
    paymentChannel: 'SIMULATED',
    subject: 'try',
    amountMinor: 990,
    currency: 'CNY',
    ...overrides,
  };
}

function withBody(request: CallbackRequest, rawBody: string, header?: string): CallbackRequest {
  const headers = { ...request.headers, 'x-sandbox-signature': header ?? request.headers['x-sandbox-signature'] };
  return { ...request, rawBody, headers };
}

beforeEach(() => {
  clock = new Date('2024-05-01T00:00:00Z');
});

describe('SANDBOX initiation, query and close', () => {
  test('initiate points the payer at our payment page and the trade is then PAYING', async () => {
    const channel = makeChannel();
    const o = order({ paymentId: 'A B/1' });
    const result = await channel.initiate(o, { callbackUrl: 'http://x/cb', baseUrl: 'https://pay.example.com' });
    expect(result).toMatchObject({
      status: 'PAYING',
      payUrl: 'https://pay.example.com/payment/A%20B%2F1',
      channelTradeNo: expect.stringMatching(/^SBX/),
    });
    expect((await channel.initiate(o, { callbackUrl: 'http://x/cb' })).payUrl).toBe('/payment/A%20B%2F1');
    expect(await channel.query(o)).toMatchObject({
      status: 'PAYING',
      amountMinor: 990,
      currency: 'CNY',
      channelTradeNo: result.channelTradeNo,
    });
    expect((await channel.query(order())).status).toBe('UNPAID');
  });

  test('is off unless enabled: initiate and simulateOutcome throw CHANNEL_DISABLED', async () => {
    const off = makeChannel({ enabled: false });
    expect(off.enabled).toBe(false);
    await expect(off.initiate(order(), { callbackUrl: 'x' })).rejects.toMatchObject({ code: 'CHANNEL_DISABLED', status: 403 });
    await expect(off.simulateOutcome(order(), 'success')).rejects.toMatchObject({ code: 'CHANNEL_DISABLED' });
    expect(validateSandboxOptions({ secret }).enabled).toBe(false);
  });

  test('refuses another channel and misconfigured options', async () => {
    await expect(makeChannel().initiate(order({ paymentChannel: 'NATIVE' }), { callbackUrl: 'x' })).rejects.toMatchObject({
      code: 'UNSUPPORTED_PAYMENT_CHANNEL',
    });
    expect(() => validateSandboxOptions({ enabled: 'yes', secret: 'short' })).toThrow(
      expect.objectContaining({
        code: 'CHANNEL_MISCONFIGURED',
        details: [expect.objectContaining({ field: 'enabled' }), expect.objectContaining({ field: 'secret' })],
      }),
    );
  });

  test('close: unknown trade → not at channel; waiting trade → closed (FAILED); paid trade → CHANNEL_REJECTED', async () => {
    const channel = makeChannel();
    expect((await channel.close(order())).closedAtChannel).toBe(false);
    const waiting = order();
    await channel.initiate(waiting, { callbackUrl: 'x' });
    expect((await channel.close(waiting)).closedAtChannel).toBe(true);
    expect((await channel.query(waiting)).status).toBe('FAILED');
    await expect(channel.simulateOutcome(waiting, 'success')).rejects.toMatchObject({ code: 'CHANNEL_REJECTED' });
    const paid = order();
    await channel.simulateOutcome(paid, 'success');
    await expect(channel.close(paid)).rejects.toMatchObject({ code: 'CHANNEL_REJECTED' });
  });
});

describe('SANDBOX signed callbacks', () => {
  test('simulateOutcome(success) yields a signed request that verifies into a SUCCESS event; query agrees', async () => {
    const channel = makeChannel();
    const o = order();
    await channel.initiate(o, { callbackUrl: 'x' });
    const request = await channel.simulateOutcome(o, 'success');
    const rawBody = String(request.rawBody);
    const expectedSig = createHmac('sha256', secret).update(`${1714521600}.${rawBody}`).digest('hex');
    expect(request.headers['x-sandbox-signature']).toBe(`t=1714521600,v1=${expectedSig}`);
    const event = await channel.verifyCallback(request);
    expect(event).toMatchObject({
      orderRef: o.paymentId,
      status: 'SUCCESS',
      amountMinor: 990,
      currency: 'CNY',
      paidAt: '2024-05-01T00:00:00.000Z',
      eventId: expect.stringMatching(/^evt_/),
    });
    expect(await channel.query(o)).toMatchObject({ status: 'SUCCESS', paidAt: '2024-05-01T00:00:00.000Z' });
  });

  test('simulateOutcome(fail) yields a FAILED event; a paid trade cannot fail; repeating success re-sends SUCCESS', async () => {
    const channel = makeChannel();
    const failed = order();
    expect((await channel.verifyCallback(await channel.simulateOutcome(failed, 'fail'))).status).toBe('FAILED');
    const paid = order();
    await channel.simulateOutcome(paid, 'success');
    await expect(channel.simulateOutcome(paid, 'fail')).rejects.toMatchObject({ code: 'CHANNEL_REJECTED' });
    expect((await channel.verifyCallback(await channel.simulateOutcome(paid, 'success'))).status).toBe('SUCCESS');
  });

  test('missing or malformed signature header → MISSING_SIGNATURE (400)', async () => {
    const channel = makeChannel();
    const request = await channel.simulateOutcome(order(), 'success');
    const { 'x-sandbox-signature': _dropped, ...headers } = request.headers;
    await expect(channel.verifyCallback({ ...request, headers })).rejects.toMatchObject({ code: 'MISSING_SIGNATURE', status: 400 });
    for (const header of ['garbage', 't=abc,v1=00', 't=1714521600', 'v1=' + 'a'.repeat(64)]) {
      await expect(channel.verifyCallback(withBody(request, String(request.rawBody), header))).rejects.toMatchObject({
        code: 'MISSING_SIGNATURE',
      });
    }
  });

  test('tampered body, another installation secret, or a wrong v1 → BAD_SIGNATURE (401)', async () => {
    const channel = makeChannel();
    const request = await channel.simulateOutcome(order(), 'success');
    const raw = String(request.rawBody);
    await expect(channel.verifyCallback(withBody(request, raw.replace('"amountMinor":990', '"amountMinor":1')))).rejects.toMatchObject({
      code: 'BAD_SIGNATURE',
      status: 401,
    });
    const other = makeChannel({ secret: generateSandboxSecret() });
    await expect(other.verifyCallback(request)).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
    await expect(channel.verifyCallback(withBody(request, raw, `t=1714521600,v1=${'0'.repeat(64)}`))).rejects.toMatchObject({
      code: 'BAD_SIGNATURE',
    });
  });

  test('any one matching v1 among several is accepted (secret rotation)', async () => {
    const channel = makeChannel();
    const request = await channel.simulateOutcome(order(), 'success');
    const header = String(request.headers['x-sandbox-signature']).replace('v1=', `v1=${'1'.repeat(64)},v1=`);
    await expect(channel.verifyCallback(withBody(request, String(request.rawBody), header))).resolves.toMatchObject({ status: 'SUCCESS' });
  });

  test('the timestamp must be within 300 s of now, in either direction', async () => {
    const channel = makeChannel();
    const request = await channel.simulateOutcome(order(), 'success');
    clock = new Date('2024-05-01T00:05:00Z');
    await expect(channel.verifyCallback(request)).resolves.toMatchObject({ status: 'SUCCESS' });
    clock = new Date('2024-05-01T00:05:01Z');
    await expect(channel.verifyCallback(request)).rejects.toMatchObject({
      code: 'BAD_SIGNATURE',
      message: expect.stringContaining('tolerance'),
    });
    clock = new Date('2024-04-30T23:54:59Z');
    await expect(channel.verifyCallback(request)).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
  });

  test('a correctly signed event of an unknown type or shape is UNSUPPORTED_EVENT (answered 200)', async () => {
    const channel = makeChannel();
    const t = 1714521600;
    for (const body of [
      JSON.stringify({
        id: 'evt_1',
        type: 'payment.refunded',
        created: t,
        data: { paymentId: 'P', tradeNo: 'T', amountMinor: 1, currency: 'CNY' },
      }),
      JSON.stringify({ id: 'evt_2', type: 'payment.succeeded', created: t, data: { paymentId: 'P' } }),
      'not json',
    ]) {
      const request: CallbackRequest = {
        method: 'POST',
        headers: { 'x-sandbox-signature': signSandboxPayload(body, t, secret) },
        query: {},
        rawBody: body,
      };
      const err = await channel.verifyCallback(request).catch((e) => e);
      expect(err).toMatchObject({ code: 'UNSUPPORTED_EVENT' });
      expect(channel.answerCallback({ outcome: 'refused', error: err })).toEqual({
        status: 200,
        contentType: 'application/json',
        body: '{"received":true}',
      });
    }
  });

  test('matchesCallback looks for the sandbox signature header', async () => {
    const channel = makeChannel();
    expect(channel.matchesCallback(await channel.simulateOutcome(order(), 'success'))).toBe(true);
    expect(channel.matchesCallback({ method: 'POST', headers: { 'stripe-signature': 'x' }, query: {}, rawBody: '' })).toBe(false);
  });

  test('end to end over HTTP: the simulated callback POSTed to a route verifies, and a replay with a stale clock is refused', async () => {
    const channel = makeChannel();
    const receiver = await startCallbackReceiver(() => channel);
    try {
      const o = order();
      await channel.initiate(o, { callbackUrl: receiver.url });
      const request = await channel.simulateOutcome(o, 'success');
      const send = () =>
        fetch(receiver.url, { method: 'POST', headers: request.headers as Record<string, string>, body: String(request.rawBody) });
      const first = await send();
      expect([first.status, await first.json()]).toEqual([200, { received: true }]);
      expect(receiver.events.at(-1)).toMatchObject({ orderRef: o.paymentId, status: 'SUCCESS', amountMinor: 990 });
      clock = new Date(clock.getTime() + 301_000);
      const replay = await send();
      expect([replay.status, await replay.json()]).toEqual([401, { received: false }]);
    } finally {
      await receiver.stop();
    }
  });
});

describe('SANDBOX refunds (the refund contract)', () => {
  const refundOf = (refundId: string, amountMinor: number, extra: Partial<RefundRequest> = {}): RefundRequest => ({
    refundId,
    amountMinor,
    currency: 'CNY',
    paidAmountMinor: 990,
    reason: 'try refunds',
    ...extra,
  });
  async function paidOrder(channel: SandboxChannel): Promise<ChannelOrder> {
    const o = order();
    await channel.simulateOutcome(o, 'success');
    return o;
  }

  test('part, then the rest: each SUCCESS at once with its own refund number, amount and time; query agrees', async () => {
    const channel = makeChannel();
    const o = await paidOrder(channel);
    const first = await channel.refund(o, refundOf('p1-r1', 300));
    expect(first).toMatchObject({
      status: 'SUCCESS',
      amountMinor: 300,
      channelRefundNo: expect.stringMatching(/^SBXR[0-9a-f]{24}$/),
      refundedAt: '2024-05-01T00:00:00.000Z',
      vendorStatus: 'SUCCESS',
    });
    clock = new Date('2024-05-01T00:05:00Z');
    const rest = await channel.refund(o, refundOf('p1-r2', 690));
    expect(rest).toMatchObject({ status: 'SUCCESS', amountMinor: 690, refundedAt: '2024-05-01T00:05:00.000Z' });
    expect(rest.channelRefundNo).not.toBe(first.channelRefundNo);
    expect(await channel.queryRefund(o, { refundId: 'p1-r1' })).toMatchObject({
      status: 'SUCCESS',
      amountMinor: 300,
      channelRefundNo: first.channelRefundNo,
    });
    expect(await channel.queryRefund(o, { refundId: 'other', channelRefundNo: rest.channelRefundNo })).toMatchObject({ amountMinor: 690 });
    // The payment itself stays paid at the gateway: a refund does not undo it.
    expect((await channel.query(o)).status).toBe('SUCCESS');
    await expect(channel.refund(o, refundOf('p1-r3', 1))).rejects.toMatchObject({
      code: 'CHANNEL_REJECTED',
      provider: { code: 'REFUND_AMOUNT_EXCEEDS' },
    });
  });

  test('idempotent by refund number: the same number answers the first refund; with another amount it is refused', async () => {
    const channel = makeChannel();
    const o = await paidOrder(channel);
    const first = await channel.refund(o, refundOf('idem-1', 500));
    clock = new Date('2024-05-01T01:00:00Z');
    expect(await channel.refund(o, refundOf('idem-1', 500))).toEqual(first);
    await expect(channel.refund(o, refundOf('idem-1', 400))).rejects.toMatchObject({
      code: 'CHANNEL_REJECTED',
      provider: { code: 'REFUND_ID_REUSED' },
    });
    // Only one refund was made: 490 are left.
    await expect(channel.refund(o, refundOf('idem-2', 491))).rejects.toMatchObject({ provider: { code: 'REFUND_AMOUNT_EXCEEDS' } });
    expect(await channel.refund(o, refundOf('idem-2', 490))).toMatchObject({ status: 'SUCCESS' });
  });

  test('refused: a trade the sandbox never saw, an unpaid or closed trade, another currency, a zero amount', async () => {
    const channel = makeChannel();
    await expect(channel.refund(order(), refundOf('x', 1))).rejects.toMatchObject({ provider: { code: 'TRADE_NOT_EXIST' } });
    const waiting = order();
    await channel.initiate(waiting, { callbackUrl: 'x' });
    await expect(channel.refund(waiting, refundOf('x', 1))).rejects.toMatchObject({ provider: { code: 'TRADE_NOT_PAID' } });
    await channel.close(waiting);
    await expect(channel.refund(waiting, refundOf('x', 1))).rejects.toMatchObject({ provider: { code: 'TRADE_NOT_PAID' } });
    const paid = await paidOrder(channel);
    await expect(channel.refund(paid, refundOf('x', 1, { currency: 'USD' }))).rejects.toMatchObject({
      code: 'CHANNEL_REJECTED',
      provider: { code: 'CURRENCY_MISMATCH' },
    });
    await expect(channel.refund(paid, refundOf('x', 0))).rejects.toMatchObject({ provider: { code: 'INVALID_AMOUNT' } });
    expect(await channel.queryRefund(paid, { refundId: 'x' })).toMatchObject({ status: 'FAILED', vendorStatus: 'NOT_FOUND' });
  });

  test('a refund unknown to the sandbox is NOT_FOUND; refunds work while the service is switched off', async () => {
    const store = new MemorySandboxTradeStore();
    const on = makeChannel({}, store);
    const o = await paidOrder(on);
    expect(await on.queryRefund(o, { refundId: 'never-sent' })).toEqual({
      status: 'FAILED',
      vendorStatus: 'NOT_FOUND',
      raw: { found: false },
    });
    const off = makeChannel({ enabled: false }, store);
    expect(await off.refund(o, refundOf('off-1', 990))).toMatchObject({ status: 'SUCCESS', amountMinor: 990 });
    expect(await on.queryRefund(o, { refundId: 'off-1' })).toMatchObject({ status: 'SUCCESS' });
  });

  test('20 concurrent refunds of 1.00 on a 9.90 trade: 9 succeed, the others are refused', async () => {
    const channel = makeChannel();
    const o = await paidOrder(channel);
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => channel.refund(o, refundOf(`c-${i}`, 100))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(9);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.provider.code)).toEqual(
      Array(11).fill('REFUND_AMOUNT_EXCEEDS'),
    );
  });
});
