import {
  api,
  anonymous,
  BOOTSTRAP_TOKEN,
  configure,
  CONSOLE,
  PUBLIC,
  startPaymentServer,
  type PaymentServer,
  type PaymentView,
} from '../support/payment-server.js';
import { PaymentInfo } from '../../../src/payment/orders/types.js';
import { ALIPAY, APP } from '../channels/wallet-a/test-keys.js';

let server: PaymentServer;

beforeAll(async () => {
  server = await startPaymentServer();
  await configure(server, { sandboxEnabled: true, supportedChannels: ['SANDBOX:SIMULATED', 'WALLET_A:FACE_TO_FACE_PAYMENT'] });
}, 60_000);
afterAll(() => server?.stop());

const valid = { orderId: 'bad-base', subject: 'x', paymentAmount: '1.00', paymentType: 'SANDBOX', paymentChannel: 'SIMULATED' };

async function countOrders(): Promise<number> {
  return server.runtime.client.count(PaymentInfo);
}

describe('initiation refuses bad input with a clear error and writes nothing', () => {
  const rows: Array<[string, Record<string, unknown>, number, string]> = [
    ['more than 2 decimals', { paymentAmount: 1.001 }, 400, 'INVALID_AMOUNT'],
    ['more than 2 decimals as a string', { paymentAmount: '0.001' }, 400, 'INVALID_AMOUNT'],
    ['zero', { paymentAmount: 0 }, 400, 'INVALID_AMOUNT'],
    ['negative', { paymentAmount: -5 }, 400, 'INVALID_AMOUNT'],
    ['absurdly large', { paymentAmount: 1e12 }, 400, 'INVALID_AMOUNT'],
    ['not a number', { paymentAmount: 'abc' }, 400, 'INVALID_AMOUNT'],
    ['unknown currency', { currency: 'XXX' }, 400, 'UNKNOWN_CURRENCY'],
    ['unknown payment type', { paymentType: 'BITCOIN' }, 400, 'UNKNOWN_PAYMENT_TYPE'],
    ['unknown channel', { paymentChannel: 'NATIVE' }, 400, 'UNSUPPORTED_PAYMENT_CHANNEL'],
    ['disabled service', { paymentType: 'WALLET_A', paymentChannel: 'FACE_TO_FACE_PAYMENT' }, 400, 'PAYMENT_SERVICE_DISABLED'],
    ['malformed notifyUrl', { notifyUrl: 'not a url' }, 400, 'VALIDATION_FAILED'],
    ['notifyUrl with another scheme', { notifyUrl: 'ftp://example.com/x' }, 400, 'VALIDATION_FAILED'],
    ['malformed returnUrl', { returnUrl: 'javascript:alert(1)' }, 400, 'VALIDATION_FAILED'],
    ['missing subject', { subject: undefined }, 400, 'VALIDATION_FAILED'],
    ['unknown field', { platform: 'someone-else' }, 400, 'VALIDATION_FAILED'],
    ['orderId with spaces', { orderId: 'a b' }, 400, 'VALIDATION_FAILED'],
  ];
  test.each(rows)('%s', async (_name, change, status, code) => {
    const before = await countOrders();
    const res = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
      ...valid,
      orderId: `bad-${Math.random().toString(36).slice(2)}`,
      ...change,
    });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, code });
    expect(res.body.message).toEqual(expect.any(String));
    expect(await countOrders()).toBe(before);
  });

  test('an enabled service whose channel is not in supportedChannels: 当前支付渠道未启用 (English on request)', async () => {
    // An enabled service needs complete credentials (refused at save time otherwise).
    await configure(server, {
      walletAEnabled: true,
      walletAAppId: '2021000000000000',
      walletAPrivateKey: APP.privatePkcs8Pem,
      walletAPublicKey: ALIPAY.publicSpkiPem,
    });
    await configure(server, { supportedChannels: ['SANDBOX:SIMULATED'] });
    const zh = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, { ...valid, orderId: 'wl-1', paymentType: 'SANDBOX' });
    expect(zh.status).toBe(200);
    const refused = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
      ...valid,
      orderId: 'wl-2',
      paymentType: 'ALIPAY',
      paymentChannel: 'FACE_TO_FACE_PAYMENT',
    });
    expect(refused.body).toMatchObject({ code: 'PAYMENT_CHANNEL_DISABLED', message: '当前支付渠道未启用' });
    const en = await api(
      server,
      'POST',
      `${CONSOLE}/payments`,
      { ...valid, orderId: 'wl-3', paymentType: 'ALIPAY', paymentChannel: 'FACE_TO_FACE_PAYMENT' },
      { authorization: `Bearer ${BOOTSTRAP_TOKEN}`, 'accept-language': 'en' },
    );
    expect(en.body.message).toMatch(/not enabled/);
    await configure(server, { walletAEnabled: false, supportedChannels: ['SANDBOX:SIMULATED', 'WALLET_A:FACE_TO_FACE_PAYMENT'] });
  });

  test('a second initiation of one orderId returns the same unpaid order; other terms or a finished order are 409', async () => {
    const first = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, { ...valid, orderId: 'dup-1' });
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, () => api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, { ...valid, orderId: 'dup-1' })),
    );
    expect(new Set(concurrent.map((r) => r.body.data.paymentId))).toEqual(new Set([first.body.data.paymentId]));
    const other = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, { ...valid, orderId: 'dup-1', paymentAmount: '2.00' });
    expect(other).toMatchObject({ status: 409, body: { code: 'ORDER_ID_CONFLICT' } });
    await api(server, 'POST', `${PUBLIC}/payments/${first.body.data.paymentId}/sandboxPay`, { outcome: 'success' }, anonymous);
    const again = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, { ...valid, orderId: 'dup-1' });
    expect(again).toMatchObject({ status: 409, body: { code: 'ORDER_ALREADY_FINISHED' } });
  });

  test('callbacks for an unknown payment type, and status reads of unknown orders, are refused', async () => {
    const cb = await api(server, 'POST', `${PUBLIC}/asyncCallback/NOPE`, { a: 1 }, anonymous);
    expect(cb.status).toBe(404);
    const custom = await api(server, 'POST', `${PUBLIC}/asyncCallback/CUSTOM`, { a: 1 }, anonymous);
    expect(custom.status).toBe(400);
    const status = await api(server, 'GET', `${PUBLIC}/payments/p20990101zzzzzzzzzzzzzzzzzzzz/status`, undefined, anonymous);
    expect(status.status).toBe(404);
    const page = await fetch(`${server.url}/payment/nope`);
    expect(page.status).toBe(404);
  });

  test('console and user-center operations need a login; the public ones do not', async () => {
    expect((await api(server, 'GET', `${CONSOLE}/payments`, undefined, anonymous)).status).toBe(401);
    expect((await api(server, 'GET', '/apis/uc.api.payment.authpay.dev/v1alpha1/payments', undefined, anonymous)).status).toBe(401);
  });

  test('an illegal status edit is 422 naming the field; SUCCESS stays final', async () => {
    const created = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, { ...valid, orderId: 'edit-1' });
    await api(server, 'POST', `${PUBLIC}/payments/${created.body.data.paymentId}/sandboxPay`, { outcome: 'success' }, anonymous);
    const res = await api(server, 'PUT', `${CONSOLE}/payments/${created.body.data.paymentId}`, { status: 'FAILED' });
    expect(res.status).toBe(422);
    expect(res.body.details?.[0].field).toBe('status');
    const edited = await api(server, 'PUT', `${CONSOLE}/payments/${created.body.data.paymentId}`, { subject: 'renamed' });
    expect(edited.body.data).toMatchObject({ subject: 'renamed', status: 'SUCCESS' });
  });
});
