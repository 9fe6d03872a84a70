/**
 * PayPal webhooks as INTL_WALLET verifies them: offline (SHA256withRSA over
 * `transmission_id|transmission_time|webhook_id|CRC32(body)` with the certificate at PAYPAL-CERT-URL, PayPal's
 * hosts only, cached) and through verify-webhook-signature; then the events. Deliveries are signed by the
 * local gateway with a node-forge certificate, and the CRC32 with the independent `crc-32` package.
 */
import { randomBytes } from 'node:crypto';
import CRC32 from 'crc-32';
import { intlWalletDefinition, signedText } from '../../../../src/payment/channels/intl-wallet/index.js';
import { routeCustomCallback } from '../../../../src/payment/channels/core/custom-router.js';
import type { PaymentChannel } from '../../../../src/payment/channels/core/channel.js';
import type { CallbackRequest, ChannelDeps } from '../../../../src/payment/channels/core/types.js';
import { FakePayPalGateway, type FakeOrder } from './fake-paypal-gateway.js';
import { eventBody, paypalCrc32, paypalTime, signedHeaders, transmissionText, type WebhookDelivery } from './paypal-webhooks.js';
import { CLIENT_ID, CLIENT_SECRET, FORGER, PAYPAL_SIGNER, WEBHOOK_ID, intlWalletOptions, webhookSigner } from './test-keys.js';

let gateway: FakePayPalGateway;
let channel: PaymentChannel;

const make = (extra: Record<string, unknown> = {}, deps: ChannelDeps = {}) =>
  intlWalletDefinition.create(intlWalletDefinition.validateOptions(intlWalletOptions(gateway.url, extra)), deps);
const request = (delivery: WebhookDelivery): CallbackRequest => ({
  method: 'POST',
  headers: Object.fromEntries(Object.entries(delivery.headers).map(([k, v]) => [k.toLowerCase(), v])),
  query: {},
  rawBody: Buffer.from(delivery.body, 'utf8'),
});

/** A PayPal order for a payment of ours, approved and captured at the gateway. */
async function capturedOrder(amountMinor = 1230): Promise<FakeOrder> {
  const paymentId = `p20260101${randomBytes(10).toString('hex')}`;
  const o = {
    paymentId,
    orderId: 'b',
    paymentType: 'INTL_WALLET' as const,
    paymentChannel: 'CHECKOUT',
    subject: 's',
    amountMinor,
    currency: 'USD',
  };
  const started = await channel.initiate(o, { callbackUrl: 'https://pay.example.com/cb', baseUrl: 'https://pay.example.com' });
  gateway.approve(paymentId);
  await channel.query({ ...o, channelTradeNo: started.channelTradeNo });
  return gateway.orderOf(paymentId);
}
const completed = async (amountMinor?: number) => {
  const order = await capturedOrder(amountMinor);
  return { order, delivery: gateway.webhook('PAYMENT.CAPTURE.COMPLETED', gateway.captureJson(gateway.captures.get(order.captureId!)!)) };
};

beforeAll(async () => {
  gateway = await new FakePayPalGateway({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    webhookId: WEBHOOK_ID,
    signer: PAYPAL_SIGNER,
  }).start();
  channel = make();
});
afterAll(async () => {
  await gateway?.stop();
});

describe('CRC32 and the signed text', () => {
  test('transmission_id|transmission_time|webhook_id|CRC32 — the same text as the gateway signs', () => {
    const body = eventBody('PAYMENT.CAPTURE.COMPLETED', { id: 'X' });
    const t = { id: 'b2384410-f8d2-11e6-8a0e-1f1f0f7c9c3a', time: '2026-01-01T10:00:00Z' };
    expect(signedText(t, WEBHOOK_ID, Buffer.from(body))).toBe(transmissionText(t.id, t.time, WEBHOOK_ID, body));
    expect(signedText(t, WEBHOOK_ID, body)).toBe(`${t.id}|${t.time}|${WEBHOOK_ID}|${CRC32.str(body) >>> 0}`);
  });

  test('the CRC32 is the unsigned decimal of the raw bytes, for empty, binary and UTF-8 bodies', () => {
    const t = { id: 'T', time: '2026-01-01T10:00:00Z' };
    const samples = [
      Buffer.alloc(0),
      Buffer.from('{"id":"WH-1","summary":"支付 €"}'),
      ...Array.from({ length: 50 }, (_, i) => randomBytes(i * 37)),
    ];
    // crc-32 answers a signed int32; PayPal signs the unsigned decimal, so a body whose int32 is negative matters.
    expect(samples.some((sample) => CRC32.buf(sample) < 0)).toBe(true);
    for (const sample of samples) expect(signedText(t, WEBHOOK_ID, sample)).toBe(`T|${t.time}|${WEBHOOK_ID}|${paypalCrc32(sample)}`);
  });
});

describe('offline verification', () => {
  test('a signed PAYMENT.CAPTURE.COMPLETED verifies: our payment, captured amount, event id, transmission time', async () => {
    const { order, delivery } = await completed(1230);
    const event = await channel.verifyCallback(request(delivery));
    const body = JSON.parse(delivery.body);
    expect(event).toMatchObject({
      orderRef: order.unit.custom_id,
      status: 'SUCCESS',
      amountMinor: 1230,
      currency: 'USD',
      channelTradeNo: order.id,
      eventId: body.id,
      sentAt: new Date(delivery.headers['paypal-transmission-time']).toISOString(),
      vendorStatus: 'COMPLETED',
    });
  });

  test('the certificate is fetched once and cached for later webhooks', async () => {
    const fresh = make();
    const before = gateway.certificateFetches;
    for (let i = 0; i < 3; i += 1) await fresh.verifyCallback(request((await completed()).delivery));
    expect(gateway.certificateFetches - before).toBe(1);
  });

  test('a tampered body, another webhook id, another key, another algorithm: BAD_SIGNATURE (401)', async () => {
    const { delivery } = await completed();
    const tampered = { ...delivery, body: delivery.body.replace('"value":"12.30"', '"value":"12.31"') };
    const otherWebhook = { ...delivery, headers: gateway.sign(delivery.body, { webhookId: '1JE4291016473214C' }) };
    const forged = { ...delivery, headers: gateway.sign(delivery.body, { signer: FORGER }) };
    const algo = { ...delivery, headers: { ...delivery.headers, 'paypal-auth-algo': 'SHA1withRSA' } };
    const swappedTime = {
      ...delivery,
      headers: { ...delivery.headers, 'paypal-transmission-time': paypalTime(new Date(Date.now() + 1000)) },
    };
    for (const bad of [tampered, otherWebhook, forged, algo, swappedTime]) {
      await expect(channel.verifyCallback(request(bad))).rejects.toMatchObject({ code: 'BAD_SIGNATURE', status: 401 });
    }
    // The service configured with another webhook id refuses PayPal's genuine delivery to us.
    await expect(make({ webhookId: '1JE4291016473214C' }).verifyCallback(request(delivery))).rejects.toMatchObject({
      code: 'BAD_SIGNATURE',
    });
  });

  test('a certificate host that is not PayPal’s is refused before anything is fetched', async () => {
    const { delivery } = await completed();
    const before = gateway.requests.length + gateway.certificateFetches;
    const foreign = [
      'https://evil.example/v1/notifications/certs/CERT-1',
      'https://api.paypal.com.evil.example/v1/notifications/certs/CERT-1',
      'http://api.paypal.com/v1/notifications/certs/CERT-1',
      'https://api.paypal.com:8443/v1/notifications/certs/CERT-1',
      'https://user@api.paypal.com/v1/notifications/certs/CERT-1',
      gateway.certUrl.replace('127.0.0.1', 'localhost'),
      'not a url',
    ];
    for (const certUrl of foreign) {
      const signed = { ...delivery, headers: gateway.sign(delivery.body, { certUrl }) };
      const err = await channel.verifyCallback(request(signed)).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'BAD_SIGNATURE', status: 401, message: expect.stringContaining('PAYPAL-CERT-URL') });
    }
    expect(gateway.requests.length + gateway.certificateFetches).toBe(before);
  });

  test('PayPal’s own hosts are the default allow-list (https, default port)', async () => {
    const live = intlWalletDefinition.create(intlWalletDefinition.validateOptions(intlWalletOptions('live')), {
      fetch: async () => new Response('', { status: 404 }),
    });
    const { delivery } = await completed();
    for (const host of ['api.paypal.com', 'api.sandbox.paypal.com']) {
      const signed = { ...delivery, headers: gateway.sign(delivery.body, { certUrl: `https://${host}/v1/notifications/certs/CERT-1` }) };
      // Allowed, so the certificate is asked for (the stub answers 404: no certificate, refused).
      await expect(live.verifyCallback(request(signed))).rejects.toMatchObject({
        code: 'BAD_SIGNATURE',
        message: expect.stringContaining('HTTP 404'),
      });
    }
  });

  test('an expired certificate or none at the URL is refused; an unreachable host asks PayPal to resend (503)', async () => {
    const expired = webhookSigner({ notBefore: new Date(Date.now() - 2 * 86400_000), notAfter: new Date(Date.now() - 86400_000) });
    const old = await new FakePayPalGateway({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      webhookId: WEBHOOK_ID,
      signer: expired,
    }).start();
    try {
      const body = eventBody('PAYMENT.CAPTURE.COMPLETED', {});
      const headers = signedHeaders(body, { webhookId: WEBHOOK_ID, certUrl: old.certUrl, signer: expired });
      const trusting = make({ certOrigins: [old.url] });
      await expect(trusting.verifyCallback(request({ body, headers }))).rejects.toMatchObject({
        code: 'BAD_SIGNATURE',
        message: expect.stringContaining('not valid now'),
      });
      const missing = { body, headers: { ...headers, 'paypal-cert-url': `${old.url}/v1/notifications/certs/CERT-other` } };
      await expect(trusting.verifyCallback(request(missing))).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
    } finally {
      await old.stop();
    }
    const down = make({ certOrigins: ['http://127.0.0.1:9'] });
    const body = eventBody('PAYMENT.CAPTURE.COMPLETED', {});
    const headers = signedHeaders(body, { webhookId: WEBHOOK_ID, certUrl: 'http://127.0.0.1:9/cert.pem', signer: PAYPAL_SIGNER });
    await expect(down.verifyCallback(request({ body, headers }))).rejects.toMatchObject({ code: 'CHANNEL_UNAVAILABLE', status: 503 });
  });

  test('missing transmission headers are MISSING_SIGNATURE (400)', async () => {
    const { delivery } = await completed();
    for (const header of [
      'paypal-transmission-id',
      'paypal-transmission-time',
      'paypal-transmission-sig',
      'paypal-cert-url',
      'paypal-auth-algo',
    ]) {
      const headers = { ...delivery.headers };
      delete headers[header];
      await expect(channel.verifyCallback(request({ ...delivery, headers }))).rejects.toMatchObject({
        code: 'MISSING_SIGNATURE',
        status: 400,
      });
    }
  });
});

describe('verification through PayPal’s verify-webhook-signature', () => {
  test('the event is sent byte for byte; SUCCESS verifies, a tampered body or another webhook id does not', async () => {
    const viaApi = make({ verification: 'api' });
    const { order } = await completed();
    const resource = gateway.captureJson(gateway.captures.get(order.captureId!)!);
    // Not the compact form JSON.stringify would give: re-serialising would break the CRC32.
    const body = JSON.stringify(JSON.parse(eventBody('PAYMENT.CAPTURE.COMPLETED', resource)), null, 1);
    const delivery = { body, headers: gateway.sign(body) };
    expect(await viaApi.verifyCallback(request(delivery))).toMatchObject({ orderRef: order.unit.custom_id, status: 'SUCCESS' });
    const call = gateway.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature').at(-1)!;
    expect(call.body.endsWith(`"webhook_event":${body}}`)).toBe(true);
    expect(JSON.parse(call.body)).toMatchObject({
      auth_algo: 'SHA256withRSA',
      webhook_id: WEBHOOK_ID,
      transmission_id: delivery.headers['paypal-transmission-id'],
    });

    const tampered = { ...delivery, body: body.replace('12.30', '99.30') };
    await expect(viaApi.verifyCallback(request(tampered))).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
    await expect(make({ verification: 'api', webhookId: '1JE4291016473214C' }).verifyCallback(request(delivery))).rejects.toMatchObject({
      code: 'BAD_SIGNATURE',
    });
    const foreign = { ...delivery, headers: gateway.sign(body, { certUrl: 'https://evil.example/cert' }) };
    await expect(viaApi.verifyCallback(request(foreign))).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
  });
});

describe('events', () => {
  test('PENDING → PAYING, DENIED → FAILED, both with the amount; COMPLETED carries the paid time', async () => {
    const order = await capturedOrder();
    const capture = gateway.captureJson(gateway.captures.get(order.captureId!)!);
    const pending = await channel.verifyCallback(request(gateway.webhook('PAYMENT.CAPTURE.PENDING', { ...capture, status: 'PENDING' })));
    expect(pending).toMatchObject({ status: 'PAYING', amountMinor: 1230, vendorStatus: 'PENDING', paidAt: undefined });
    const denied = await channel.verifyCallback(request(gateway.webhook('PAYMENT.CAPTURE.DENIED', { ...capture, status: 'DECLINED' })));
    expect(denied).toMatchObject({ status: 'FAILED', vendorStatus: 'DECLINED' });
    const done = await channel.verifyCallback(request(gateway.webhook('PAYMENT.CAPTURE.COMPLETED', capture)));
    expect(done.paidAt).toBe(capture.update_time);
  });

  test('CHECKOUT.ORDER.APPROVED: UNKNOWN until captured (the route’s query captures), with the order’s amount', async () => {
    const paymentId = `p20260101${randomBytes(10).toString('hex')}`;
    const o = {
      paymentId,
      orderId: 'b',
      paymentType: 'INTL_WALLET' as const,
      paymentChannel: 'CHECKOUT',
      subject: 's',
      amountMinor: 500,
      currency: 'USD',
    };
    await channel.initiate(o, { callbackUrl: 'x', baseUrl: 'https://pay.example.com' });
    const approved = gateway.approve(paymentId);
    const event = await channel.verifyCallback(request(gateway.webhook('CHECKOUT.ORDER.APPROVED', gateway.orderJson(approved))));
    expect(event).toMatchObject({
      orderRef: paymentId,
      status: 'UNKNOWN',
      amountMinor: 500,
      currency: 'USD',
      channelTradeNo: approved.id,
      vendorStatus: 'APPROVED',
    });
  });

  test('PAYMENT.CAPTURE.REFUNDED: a refund event (our refund id from invoice_id), no payment amount to compare', async () => {
    const order = await capturedOrder(1000);
    const o = {
      paymentId: order.unit.custom_id!,
      orderId: 'b',
      paymentType: 'INTL_WALLET' as const,
      paymentChannel: 'CHECKOUT',
      subject: 's',
      amountMinor: 1000,
      currency: 'USD',
      channelTradeNo: order.id,
    };
    const refund = await channel.refund!(o, { refundId: 'r-webhook-1', amountMinor: 250, currency: 'USD', paidAmountMinor: 1000 });
    const event = await channel.verifyCallback(
      request(gateway.webhook('PAYMENT.CAPTURE.REFUNDED', gateway.refundJson(gateway.refunds.get(refund.channelRefundNo!)!))),
    );
    expect(event).toMatchObject({
      orderRef: o.paymentId,
      status: 'UNKNOWN',
      currency: 'USD',
      refund: { refundId: 'r-webhook-1', status: 'SUCCESS', amountMinor: 250, channelRefundNo: refund.channelRefundNo },
    });
    expect(event.amountMinor).toBeUndefined();
  });

  test('unknown event types, and captures or refunds made outside our orders, are UNSUPPORTED_EVENT (acknowledged)', async () => {
    const order = await capturedOrder();
    const capture = gateway.captureJson(gateway.captures.get(order.captureId!)!);
    const cases = [
      gateway.webhook('CUSTOMER.DISPUTE.CREATED', { dispute_id: 'PP-D-1' }),
      gateway.webhook('PAYMENT.CAPTURE.COMPLETED', { ...capture, custom_id: undefined, invoice_id: undefined }),
      gateway.webhook('PAYMENT.CAPTURE.REFUNDED', { id: 'R1', status: 'COMPLETED', amount: { currency_code: 'USD', value: '1.00' } }),
    ];
    for (const delivery of cases) {
      const err = await channel.verifyCallback(request(delivery)).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'UNSUPPORTED_EVENT', status: 200 });
      expect(channel.answerCallback({ outcome: 'refused', error: err })).toEqual({
        status: 200,
        contentType: 'application/json',
        body: '{"received":true}',
      });
    }
  });

  test('a capture amount that is not an amount of a known currency is CALLBACK_MISMATCH', async () => {
    const order = await capturedOrder();
    const capture = gateway.captureJson(gateway.captures.get(order.captureId!)!);
    const delivery = gateway.webhook('PAYMENT.CAPTURE.COMPLETED', { ...capture, amount: { currency_code: 'XXX', value: '12.30' } });
    await expect(channel.verifyCallback(request(delivery))).rejects.toMatchObject({ code: 'CALLBACK_MISMATCH' });
  });
});

describe('answers and CUSTOM routing', () => {
  test('2xx when acknowledged, the error’s status otherwise (PayPal resends on anything but 2xx)', () => {
    expect(channel.answerCallback({ outcome: 'accepted' })).toEqual({
      status: 200,
      contentType: 'application/json',
      body: '{"received":true}',
    });
    const bad = channel.answerCallback({ outcome: 'refused', error: Object.assign(new Error('x'), {}) });
    expect(bad.status).toBe(400);
  });

  test('PayPal webhooks at asyncCallback/CUSTOM are routed to INTL_WALLET by their transmission headers', async () => {
    const { delivery } = await completed();
    const other = { sub: 'WALLET_B_COMPATIBLE' as const, channel: { matchesCallback: () => false } };
    expect(routeCustomCallback(request(delivery), [other, { sub: 'INTL_WALLET', channel }]).sub).toBe('INTL_WALLET');
    expect(channel.matchesCallback!({ ...request(delivery), headers: { 'wechatpay-signature': 'x', 'wechatpay-serial': 'y' } })).toBe(
      false,
    );
  });
});
