/**
 * A fake PayPal REST API on node:http (port 0) speaking the wire protocol: OAuth2 client-credentials tokens
 * (Basic client id:secret → Bearer, which it can revoke), Orders v2 (create with `PayPal-Request-Id`
 * idempotency, the payer's approval, capture — COMPLETED, PENDING, or refused as INSTRUMENT_DECLINED),
 * capture refunds and refund lookups, the webhook certificate at `/v1/notifications/certs/…`, and
 * verify-webhook-signature. Webhooks are built and signed in paypal-webhooks.ts; amounts are handled here
 * with PayPal's own decimals table (fake-paypal-model.ts), written independently of src/.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, X509Certificate } from 'node:crypto';
import {
  DECIMALS,
  SUPPORTED,
  error,
  fromMinor,
  id17,
  now,
  toMinor,
  type Amount,
  type CaptureOutcome,
  type FakeCapture,
  type FakeOrder,
  type FakeRefund,
  type Fault,
  type Json,
  type ReceivedRequest,
} from './fake-paypal-model.js';
import { eventBody, signedHeaders, verifyTransmission, type WebhookDelivery } from './paypal-webhooks.js';
import type { WebhookSigner } from './test-keys.js';

export * from './fake-paypal-model.js';

export interface FakePayPalOptions {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  signer: WebhookSigner;
  tokenLifetimeSeconds?: number;
}

export class FakePayPalGateway {
  readonly orders = new Map<string, FakeOrder>();
  readonly captures = new Map<string, FakeCapture>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly requests: ReceivedRequest[] = [];
  /** Tokens issued and still valid; `tokensIssued` counts every issue. */
  readonly tokens = new Set<string>();
  tokensIssued = 0;
  certificateFetches = 0;
  faults: Fault[] = [];
  captureOutcome: CaptureOutcome = 'COMPLETED';
  /** Capture another amount or currency than the order's (a bad-input case). */
  captureAmountOverride?: Amount;
  refundStatus: FakeRefund['status'] = 'COMPLETED';
  readonly #idempotent = new Map<string, [number, Json]>();
  #server?: http.Server;
  #stalled: http.ServerResponse[] = [];
  #origin = '';

  constructor(readonly options: FakePayPalOptions) {}

  get url(): string {
    return this.#origin;
  }

  /** Where this gateway serves its signing certificate (PayPal: https://api.paypal.com/v1/notifications/certs/CERT-…). */
  get certUrl(): string {
    return `${this.#origin}/v1/notifications/certs/CERT-360caa42-fca2a594-test`;
  }

  async start(): Promise<this> {
    this.#server = http.createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.#origin = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.#stalled) res.destroy();
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }

  /** Tokens expire or are revoked early at PayPal: every token issued so far stops working. */
  revokeTokens(): void {
    this.tokens.clear();
  }

  orderOf(paymentId: string): FakeOrder {
    const order = [...this.orders.values()].find((o) => o.unit.custom_id === paymentId);
    if (!order) throw new Error(`no PayPal order for ${paymentId}`);
    return order;
  }

  captureOf(paymentId: string): FakeCapture | undefined {
    const id = this.orderOf(paymentId).captureId;
    return id ? this.captures.get(id) : undefined;
  }

  /** The payer logs in at PayPal and approves the order. */
  approve(paymentId: string): FakeOrder {
    const order = this.orderOf(paymentId);
    order.status = 'APPROVED';
    return order;
  }

  /** The payer approves and PayPal captures without us asking (a capture made elsewhere, for benches and lost-webhook cases). */
  captureNow(paymentId: string): FakeCapture {
    const order = this.approve(paymentId);
    const [status] = this.#capture(order.id);
    if (status !== 201) throw new Error(`capture of ${paymentId} refused (${status})`);
    return this.captureOf(paymentId)!;
  }

  /** A pending capture clears (or is denied) later, as eChecks and reviewed payments do. */
  settleCapture(paymentId: string, status: 'COMPLETED' | 'DECLINED'): FakeCapture {
    const capture = this.captureOf(paymentId)!;
    capture.status = status;
    capture.time = now();
    return capture;
  }

  orderJson(order: FakeOrder): Json {
    const capture = order.captureId ? this.captures.get(order.captureId) : undefined;
    const refunds = capture ? [...this.refunds.values()].filter((r) => r.captureId === capture.id) : [];
    const payments = capture
      ? { payments: { captures: [this.captureJson(capture)], refunds: refunds.map((r) => this.refundJson(r)) } }
      : {};
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      purchase_units: [{ reference_id: 'default', payee: { merchant_id: 'TESTMERCHANT01' }, ...order.unit, ...payments }],
      create_time: order.time,
      links: [
        { href: `${this.#origin}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
        { href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' },
      ],
    };
  }

  captureJson(capture: FakeCapture): Json {
    return {
      id: capture.id,
      status: capture.status,
      amount: capture.amount,
      final_capture: true,
      custom_id: capture.customId,
      invoice_id: capture.customId,
      seller_protection: { status: 'ELIGIBLE' },
      create_time: capture.time,
      update_time: capture.time,
      supplementary_data: { related_ids: { order_id: capture.orderId } },
      links: [{ href: `${this.#origin}/v2/checkout/orders/${capture.orderId}`, rel: 'up', method: 'GET' }],
    };
  }

  refundJson(refund: FakeRefund): Json {
    return {
      id: refund.id,
      status: refund.status,
      amount: refund.amount,
      ...(refund.custom_id ? { custom_id: refund.custom_id } : {}),
      ...(refund.invoice_id ? { invoice_id: refund.invoice_id } : {}),
      ...(refund.note_to_payer ? { note_to_payer: refund.note_to_payer } : {}),
      create_time: refund.time,
      update_time: refund.time,
      links: [{ href: `${this.#origin}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' }],
    };
  }

  /** A signed webhook about a resource (headers may be overridden for negative cases). */
  webhook(eventType: string, resource: Json, sign: Partial<Parameters<typeof signedHeaders>[1]> = {}, eventId?: string): WebhookDelivery {
    const body = eventBody(eventType, resource, eventId);
    return { body, headers: this.sign(body, sign) };
  }

  sign(body: string, sign: Partial<Parameters<typeof signedHeaders>[1]> = {}): Record<string, string> {
    return signedHeaders(body, { webhookId: this.options.webhookId, certUrl: this.certUrl, signer: this.options.signer, ...sign });
  }

  /** POSTs a delivery to a URL (our asyncCallback/CUSTOM) and returns the answer. */
  async deliver(url: string, delivery: WebhookDelivery): Promise<{ status: number; body: string }> {
    const response = await fetch(url, { method: 'POST', headers: delivery.headers, body: delivery.body });
    return { status: response.status, body: await response.text() };
  }

  async #handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = req.url ?? '/';
    const method = req.method ?? 'GET';
    const fault = this.faults.shift();
    if (fault === 'drop') return void req.socket.destroy();
    if (fault === 'stall') return void this.#stalled.push(res);
    if (fault === 'revokeToken') this.revokeTokens();
    if (fault === 'http500')
      return void this.#send(res, ...error(500, 'INTERNAL_SERVER_ERROR', 'INTERNAL_SERVICE_ERROR', 'An internal server error occurred.'));
    const requestId = req.headers['paypal-request-id'] as string | undefined;
    this.requests.push({ method, path, body, requestId, authorization: req.headers.authorization ?? '' });
    if (method === 'GET' && path.startsWith('/v1/notifications/certs/')) return this.#certificate(res, path);
    const [status, answer] = path === '/v1/oauth2/token' ? this.#token(req, body) : this.#api(req, method, path, body, requestId);
    if (fault === 'notJson') return void res.writeHead(status, { 'content-type': 'text/html' }).end('<html>PayPal</html>');
    this.#send(res, status, answer);
  }

  #send(res: http.ServerResponse, status: number, answer: Json): void {
    res
      .writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': randomBytes(6).toString('hex') })
      .end(JSON.stringify(answer));
  }

  #certificate(res: http.ServerResponse, path: string): void {
    this.certificateFetches += 1;
    if (!path.endsWith('/CERT-360caa42-fca2a594-test')) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/x-pem-file' }).end(this.options.signer.certificatePem);
  }

  #token(req: http.IncomingMessage, body: string): [number, Json] {
    const expected = `Basic ${Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return [401, { error: 'invalid_client', error_description: 'Client Authentication failed' }];
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') return [400, { error: 'unsupported_grant_type' }];
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    this.tokens.add(token);
    this.tokensIssued += 1;
    return [
      200,
      {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: this.options.tokenLifetimeSeconds ?? 32400,
        nonce: randomBytes(8).toString('hex'),
      },
    ];
  }

  #api(req: http.IncomingMessage, method: string, path: string, body: string, requestId?: string): [number, Json] {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !this.tokens.has(bearer))
      return [401, { error: 'invalid_token', error_description: 'The token passed in was not found in the system' }];
    let json: Json = {};
    try {
      json = body ? (JSON.parse(body) as Json) : {};
    } catch {
      return error(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
    }
    const key = requestId ? `${method} ${path} ${requestId}` : undefined;
    const remembered = key ? this.#idempotent.get(key) : undefined;
    if (remembered) return remembered;
    const answer = this.#route(method, path, json, body);
    if (key && answer[0] < 300) this.#idempotent.set(key, answer);
    return answer;
  }

  #route(method: string, path: string, json: Json, body: string): [number, Json] {
    const order = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const captureRefund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    const refund = /^\/v2\/payments\/refunds\/([^/]+)$/.exec(path);
    if (method === 'POST' && path === '/v2/checkout/orders') return this.#createOrder(json);
    if (method === 'GET' && order && !order[2]) return this.#getOrder(decodeURIComponent(order[1]));
    if (method === 'POST' && order?.[2]) return this.#capture(decodeURIComponent(order[1]));
    if (method === 'POST' && captureRefund) return this.#refund(decodeURIComponent(captureRefund[1]), json);
    if (method === 'GET' && refund) {
      const found = this.refunds.get(decodeURIComponent(refund[1]));
      return found
        ? [200, this.refundJson(found)]
        : error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return this.#verify(json, body);
    return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'No such API.');
  }

  #createOrder(json: Json): [number, Json] {
    const unit = (Array.isArray(json.purchase_units) ? json.purchase_units[0] : undefined) as FakeOrder['unit'] | undefined;
    const amount = unit?.amount;
    if (json.intent !== 'CAPTURE' || !unit || !amount)
      return error(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'intent and purchase_units[0].amount are required.');
    if (!SUPPORTED.includes(amount.currency_code))
      return error(422, 'UNPROCESSABLE_ENTITY', 'CURRENCY_NOT_SUPPORTED', 'Currency code is not supported.');
    const places = DECIMALS[amount.currency_code] ?? 2;
    const pattern = places === 0 ? /^\d{1,10}$/ : /^\d{1,10}\.\d{2}$/;
    if (!pattern.test(amount.value))
      return error(422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION', 'The value field has an invalid number of decimals.');
    const created: FakeOrder = {
      id: id17(),
      status: 'PAYER_ACTION_REQUIRED',
      unit: { custom_id: unit.custom_id, invoice_id: unit.invoice_id, description: unit.description, amount },
      experience: ((json.payment_source as Json | undefined)?.paypal as Json | undefined)?.experience_context as Json,
      time: now(),
    };
    this.orders.set(created.id, created);
    return [200, this.orderJson(created)];
  }

  #getOrder(id: string): [number, Json] {
    const order = this.orders.get(id);
    return order
      ? [200, this.orderJson(order)]
      : error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
  }

  #capture(id: string): [number, Json] {
    const order = this.orders.get(id);
    if (!order) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    if (order.status === 'COMPLETED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
    if (order.status !== 'APPROVED')
      return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    if (this.captureOutcome === 'INSTRUMENT_DECLINED') {
      return error(
        422,
        'UNPROCESSABLE_ENTITY',
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const capture: FakeCapture = {
      id: id17(),
      status: this.captureOutcome,
      amount: this.captureAmountOverride ?? order.unit.amount,
      orderId: order.id,
      customId: order.unit.custom_id ?? '',
      time: now(),
      refundedMinor: 0,
    };
    this.captures.set(capture.id, capture);
    order.captureId = capture.id;
    order.status = 'COMPLETED';
    return [201, this.orderJson(order)];
  }

  #refund(captureId: string, json: Json): [number, Json] {
    const capture = this.captures.get(captureId);
    if (!capture) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    if (capture.status === 'REFUNDED')
      return error(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED')
      return error(422, 'UNPROCESSABLE_ENTITY', 'REFUND_NOT_ALLOWED', 'Refund cannot be issued for this capture.');
    const remaining = toMinor(capture.amount) - capture.refundedMinor;
    const amount = (json.amount as Amount | undefined) ?? fromMinor(remaining, capture.amount.currency_code);
    if (amount.currency_code !== capture.amount.currency_code)
      return error(422, 'UNPROCESSABLE_ENTITY', 'REFUND_CURRENCY_MISMATCH', 'Refund must be in the currency of the capture.');
    if (toMinor(amount) > remaining)
      return error(
        422,
        'UNPROCESSABLE_ENTITY',
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
      );
    const refund: FakeRefund = {
      id: id17(),
      status: this.refundStatus,
      amount,
      captureId,
      custom_id: json.custom_id as string | undefined,
      invoice_id: json.invoice_id as string | undefined,
      note_to_payer: json.note_to_payer as string | undefined,
      time: now(),
    };
    this.refunds.set(refund.id, refund);
    if (refund.status !== 'FAILED') {
      capture.refundedMinor += toMinor(amount);
      capture.status = capture.refundedMinor === toMinor(capture.amount) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    }
    return [201, this.refundJson(refund)];
  }

  /** PayPal's verify-webhook-signature: the event's bytes are taken as sent (the last member of the request). */
  #verify(json: Json, body: string): [number, Json] {
    const marker = body.indexOf('"webhook_event":');
    const rawEvent = marker < 0 ? JSON.stringify(json.webhook_event) : body.slice(marker + '"webhook_event":'.length, -1);
    const certUrl = String(json.cert_url);
    const key = certUrl === this.certUrl ? new X509Certificate(this.options.signer.certificatePem).publicKey : undefined;
    const ok = key !== undefined && verifyTransmission(json, rawEvent, this.options.webhookId, key);
    return [200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' }];
  }
}
