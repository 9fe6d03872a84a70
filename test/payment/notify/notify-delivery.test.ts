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
  BOOTSTRAP_TOKEN,
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

const EN_ADMIN = { authorization: `Bearer ${BOOTSTRAP_TOKEN}`, 'accept-language': 'en' };

/** IPv6 literals that reach a loopback, private or metadata IPv4 address: mapped, compatible, NAT64, 6to4. */
const CARRYING_LOCAL = [
  'http://[::ffff:127.0.0.1]:8080/x',
  'http://[::ffff:7f00:1]/hook',
  'http://[0:0:0:0:0:ffff:7f00:1]/hook',
  'http://[::ffff:169.254.169.254]/latest/meta-data',
  'http://[::ffff:10.0.0.1]/hook',
  'http://[::127.0.0.1]/hook',
  'http://[64:ff9b::127.0.0.1]/hook',
  'http://[64:ff9b::a9fe:a9fe]/hook',
  'http://[2002:7f00:1::1]/hook',
  'http://[2002:c0a8:101::]/hook',
];

function orderWith(orderId: string, notifyUrl?: string): Record<string, unknown> {
  return { orderId, subject: 'x', paymentAmount: 1, paymentType: 'SANDBOX', paymentChannel: 'SIMULATED', notifyUrl };
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
      for (const url of [...literal, ...CARRYING_LOCAL]) {
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
      const english = await api(server, 'POST', `${CONSOLE}/payments`, orderWith('ssrf-en', CARRYING_LOCAL[0]), EN_ADMIN);
      expect(english.body.message).toMatch(/private or loopback/);
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
  test('updatePayment refuses every IPv6 form that carries a local IPv4 address and leaves the order unchanged', async () => {
    await configure(server, { allowPrivateNotifyTargets: false });
    try {
      const created = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, orderWith('ssrf-update', 'https://93.184.216.34/hook'));
      expect(created.status).toBe(200);
      const paymentId = created.body.data.paymentId;
      for (const notifyUrl of [...CARRYING_LOCAL, 'http://127.0.0.1/hook', 'http://localhost./hook']) {
        const refused = await api(server, 'PUT', `${CONSOLE}/payments/${paymentId}`, { notifyUrl });
        expect({ notifyUrl, status: refused.status, field: refused.body.details?.[0].field }).toEqual({
          notifyUrl,
          status: 400,
          field: 'notifyUrl',
        });
      }
      const order = await api<PaymentView>(server, 'GET', `${CONSOLE}/payments/${paymentId}`);
      expect(order.text).toContain('https://93.184.216.34/hook');
    } finally {
      await configure(server, { allowPrivateNotifyTargets: true });
    }
  });

  test("a target's answer body is never stored: a 500 leaves only the status in the delivery and the console", async () => {
    const secret = 'SECRET-ANSWER-d41d8cd98f00b204';
    receiver.failFirst = 1;
    receiver.failBody = `internal error: ${secret}`;
    try {
      const paymentId = await paidOrder('secret-body');
      const chain = await eventually(async () => {
        const c = await chainOf(paymentId);
        return c.status.attempts === 1 && c.status.lastStatusCode === 500 && c;
      });
      expect(chain.status.lastError).toBe('HTTP 500');
      expect(JSON.stringify(chain)).not.toContain(secret);
      const details = await api(server, 'GET', `${CONSOLE}/payments/${paymentId}`);
      expect(details.status).toBe(200);
      expect(details.text).toContain('HTTP 500');
      expect(details.text).not.toContain(secret);
    } finally {
      receiver.failBody = 'try later';
    }
  });

  test('a redirect is not followed: the delivery fails with the 3xx and the redirect target receives nothing', async () => {
    const elsewhere = await new NotifyReceiver().start();
    const redirecting = await new NotifyReceiver().start();
    redirecting.redirectTo = elsewhere.url;
    try {
      const paymentId = await paidOrder('redirect-1', redirecting.url);
      const chain = await eventually(async () => {
        const c = await chainOf(paymentId);
        // attempts counts at the claim; the answer's status is written when the attempt settles.
        return c.status.attempts === 1 && c.status.lastStatusCode !== undefined && c;
      });
      expect(chain.status).toMatchObject({ delivered: false, lastStatusCode: 302, lastError: 'HTTP 302' });
      expect(redirecting.forPayment(paymentId)).toHaveLength(1);
      expect(elsewhere.received).toHaveLength(0);
    } finally {
      await redirecting.stop();
      await elsewhere.stop();
    }
  });
});
