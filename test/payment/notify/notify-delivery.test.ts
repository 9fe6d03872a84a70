import os from 'node:os';
import { lookup } from 'node:dns/promises';
import { eq, isNonPublicAddress, systemClock } from '../../../src/host/sdk/index.js';
import { PaymentNotifyDelivery, withStatus, type NotifyDelivery } from '../../../src/payment/notify/types.js';
import { RETRY_DELAYS_MS } from '../../../src/payment/notify/retry-schedule.js';
import { NotifyReceiver } from '../support/notify-receiver.js';
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
} from '../support/payment-server.js';

let server: PaymentServer;
let receiver: NotifyReceiver;

beforeAll(async () => {
  server = await startPaymentServer();
  receiver = await new NotifyReceiver().start();
  await configure(server, { sandboxEnabled: true, allowPrivateNotifyTargets: true });
  receiver.publicKeyPem = (await api<InterfaceKey>(server, 'GET', `${CONSOLE}/interface-keys/public`)).body.data.publicKey;
}, 60_000);
afterEach(() => {
  server.payment.deps.clock = systemClock;
});
afterAll(async () => {
  await receiver?.stop();
  await server?.stop();
});

async function paidOrder(orderId: string, notifyUrl = receiver.url): Promise<string> {
  const created = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId,
    subject: 'Notify test',
    paymentAmount: 1,
    paymentType: 'SANDBOX',
    paymentChannel: 'SIMULATED',
    notifyUrl,
  });
  expect(created.status).toBe(200);
  await api(server, 'POST', `${PUBLIC}/payments/${created.body.data.paymentId}/sandboxPay`, { outcome: 'success' }, anonymous);
  return created.body.data.paymentId;
}

async function chainOf(paymentId: string): Promise<NotifyDelivery> {
  const page = await server.runtime.client.list(PaymentNotifyDelivery, { where: eq('spec.paymentId', paymentId) });
  expect(page.items).toHaveLength(1);
  return withStatus(page.items[0]);
}

/** Moves the service's clock past the next attempt and wakes the worker (no waiting for real 15 s). */
function advanceClock(ms: number): void {
  const offset = ms;
  server.payment.deps.clock = { ...systemClock, now: () => Date.now() + offset };
  server.payment.worker.wake();
}

describe('notifyUrl delivery', () => {
  test('a 500 answer is retried after 15 s; the next 2xx marks the chain delivered', async () => {
    receiver.failFirst = 1;
    const paymentId = await paidOrder('retry-1');
    await eventually(() => receiver.forPayment(paymentId).length === 1);
    const afterFailure = await eventually(async () => {
      const chain = await chainOf(paymentId);
      return chain.status.attempts === 1 && chain.status.lastStatusCode === 500 && chain;
    });
    expect(afterFailure.status).toMatchObject({ phase: 'PENDING', delivered: false });
    expect(Date.parse(afterFailure.status.nextAttemptAt!) - Date.parse(afterFailure.status.lastAttemptAt!)).toBeGreaterThanOrEqual(
      RETRY_DELAYS_MS[0] - 1000,
    );
    advanceClock(RETRY_DELAYS_MS[0] + 1000);
    await eventually(() => receiver.forPayment(paymentId).length === 2);
    const done = await eventually(async () => {
      const chain = await chainOf(paymentId);
      return chain.status.phase === 'DELIVERED' && chain;
    });
    expect(done.status).toMatchObject({ delivered: true, attempts: 2, lastStatusCode: 200 });
    const [first, second] = receiver.forPayment(paymentId);
    expect(second.eventId).toBe(first.eventId);
    expect(second.signatureValid && first.signatureValid).toBe(true);
  });

  test('resendPaymentNotify sends a delivered event again and keeps delivered', async () => {
    const paymentId = await paidOrder('resend-1');
    await eventually(async () => (await chainOf(paymentId)).status.phase === 'DELIVERED');
    const resent = await api(server, 'POST', `${CONSOLE}/payments/${paymentId}/resend-notify`);
    expect(resent.status).toBe(200);
    await eventually(() => receiver.forPayment(paymentId).length === 2);
    const chain = await eventually(async () => {
      const c = await chainOf(paymentId);
      return c.status.phase === 'DELIVERED' && c.status.manualResends === 1 && c;
    });
    expect(chain.status.delivered).toBe(true);
  });

  test('a notifyUrl on a private or loopback address is refused unless allowPrivateNotifyTargets', async () => {
    await configure(server, { allowPrivateNotifyTargets: false });
    try {
      const literal = [
        'http://127.0.0.1:9/hook',
        'http://localhost/hook',
        'http://10.1.2.3/hook',
        'http://[::1]/hook',
        'http://169.254.169.254/latest/meta-data',
      ];
      // IPv6 addresses that carry a loopback IPv4 address reach it: IPv4-mapped (both spellings) and IPv4-compatible.
      const carried = ['http://[::ffff:127.0.0.1]/hook', 'http://[::ffff:7f00:1]/hook', 'http://[::127.0.0.1]/hook'];
      for (const url of [...literal, ...carried]) {
        const refused = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
          orderId: `ssrf-${Math.random()}`,
          subject: 'x',
          paymentAmount: 1,
          paymentType: 'SANDBOX',
          paymentChannel: 'SIMULATED',
          notifyUrl: url,
        });
        expect(refused.status).toBe(400);
        expect(refused.body.details?.[0].field).toBe('notifyUrl');
      }
    } finally {
      await configure(server, { allowPrivateNotifyTargets: true });
    }
  });

  test('a stored target is checked again at delivery: a host name resolving to a private address is not contacted', async () => {
    const before = receiver.received.length;
    // The machine's own name resolves (through the resolver, not by a literal address) to a private address.
    const { address } = await lookup(os.hostname());
    expect(isNonPublicAddress(address)).toBe(true);
    const notifyUrl = receiver.url.replace('127.0.0.1', os.hostname());
    const created = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
      orderId: 'ssrf-later',
      subject: 'x',
      paymentAmount: 1,
      paymentType: 'SANDBOX',
      paymentChannel: 'SIMULATED',
      notifyUrl,
    });
    expect(created.status).toBe(200);
    await configure(server, { allowPrivateNotifyTargets: false });
    try {
      await api(server, 'POST', `${PUBLIC}/payments/${created.body.data.paymentId}/sandboxPay`, { outcome: 'success' }, anonymous);
      const chain = await eventually(async () => {
        const c = await chainOf(created.body.data.paymentId);
        return c.status.phase === 'GAVE_UP' && c;
      });
      expect(chain.status.lastError).toMatch(/private/);
      expect(receiver.received.length).toBe(before);
    } finally {
      await configure(server, { allowPrivateNotifyTargets: true });
    }
  });
});
