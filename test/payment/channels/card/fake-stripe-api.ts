/**
 * A local Stripe API on node:http (port 0) that speaks the wire protocol the adapter uses: form-encoded
 * requests authenticated with `Authorization: Bearer <secret key>`, JSON answers, errors in Stripe's shape
 * (`{error: {type, code, message, param}}`), `Idempotency-Key` (the same key and body replay the first answer
 * with `Idempotent-Replayed: true`; another body is an `idempotency_error`). It keeps Checkout Sessions,
 * PaymentIntents, Charges and Refunds, applies Stripe's currency rules and session lifetime bounds, and sends
 * webhooks signed by the official `stripe` package (`webhooks.generateTestHeaderString`) to the endpoint it
 * is given. The official client (`new Stripe(key, {host, port, protocol})`) talks to it (stripe-oracle.test.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { amountProblem, parseStripeForm, ZERO_DECIMAL, THREE_DECIMAL, WHOLE_UNITS_AS_CENTS, type FormTree } from './stripe-wire.js';

type Json = Record<string, unknown>;

export interface FakeStripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Unix milliseconds (tests move it). */
  now?: () => number;
}

export interface ReceivedStripeRequest {
  method: string;
  path: string;
  query: FormTree;
  form: FormTree;
  idempotencyKey?: string;
  authorized: boolean;
}

export interface WebhookDelivery {
  body: string;
  headers: Record<string, string>;
}

/** Misbehaviour for the next request(s): each request takes one from the front of the list. */
export type StripeFault = 'http500' | 'drop' | 'stall' | 'notJson' | 'http429';

const KNOWN_CURRENCIES = new Set([
  ...ZERO_DECIMAL,
  ...THREE_DECIMAL,
  ...WHOLE_UNITS_AS_CENTS,
  'usd', 'eur', 'gbp', 'cny', 'hkd', 'aud', 'cad', 'chf', 'huf', 'twd', 'sek', 'nok', 'dkk', 'pln', 'czk', 'sgd', 'inr', 'brl', 'mxn',
]); // prettier-ignore

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export class FakeStripeApi {
  readonly sessions = new Map<string, Json>();
  readonly intents = new Map<string, Json>();
  readonly charges = new Map<string, Json>();
  readonly refunds = new Map<string, Json>();
  readonly requests: ReceivedStripeRequest[] = [];
  readonly deliveries: Array<{ type: string; delivery: WebhookDelivery; answer: { status: number; body: string } }> = [];
  faults: StripeFault[] = [];
  /** Where webhooks go (the endpoint configured in the Stripe Dashboard). */
  webhookUrl = '';
  /** Status of new refunds (card refunds usually succeed at once; some methods stay pending). */
  refundStatus: 'succeeded' | 'pending' = 'succeeded';
  private readonly idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();
  private readonly stripe = new Stripe('sk_test_signing_only');
  private server?: http.Server;

  constructor(private readonly options: FakeStripeOptions) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  nowSeconds(): number {
    return Math.floor((this.options.now?.() ?? Date.now()) / 1000);
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  // ---- what happens at Stripe's side (the payer, the bank, time) --------------------------------------------

  /**
   * The payer pays on the hosted page: the session completes (paid, or — for a delayed method — unpaid with a
   * processing PaymentIntent) and `checkout.session.completed` is sent unless `notify` is false (a lost webhook).
   */
  async pay(
    sessionId: string,
    options: { delayed?: boolean; notify?: boolean } = {},
  ): Promise<{ status: number; body: string } | undefined> {
    const session = this.session(sessionId);
    if (session.status !== 'open') throw new Error(`session ${sessionId} is ${String(session.status)}`);
    const intent = this.createIntent(session, options.delayed ? 'processing' : 'succeeded');
    Object.assign(session, { status: 'complete', payment_status: options.delayed ? 'unpaid' : 'paid', payment_intent: intent.id });
    return options.notify === false ? undefined : this.sendEvent('checkout.session.completed', session);
  }

  /** A delayed payment settles: `checkout.session.async_payment_succeeded` or `_failed`. */
  async settleDelayed(sessionId: string, outcome: 'succeeded' | 'failed', options: { notify?: boolean } = {}) {
    const session = this.session(sessionId);
    const intent = this.intents.get(String(session.payment_intent))!;
    if (outcome === 'succeeded') {
      intent.status = 'succeeded';
      this.charges.get(String(intent.latest_charge))!.status = 'succeeded';
      session.payment_status = 'paid';
    } else {
      intent.status = 'requires_payment_method';
      this.charges.get(String(intent.latest_charge))!.status = 'failed';
    }
    if (options.notify === false) return undefined;
    return this.sendEvent(`checkout.session.async_payment_${outcome}`, session);
  }

  /** The session's lifetime ends without payment (Stripe sends `checkout.session.expired`). */
  async expire(sessionId: string, options: { notify?: boolean } = {}) {
    const session = this.session(sessionId);
    session.status = 'expired';
    return options.notify === false ? undefined : this.sendEvent('checkout.session.expired', session);
  }

  /** A pending refund settles at the bank: `refund.updated` and `charge.refunded` follow. */
  async settleRefund(refundId: string, status: 'succeeded' | 'failed') {
    const refund = this.refunds.get(refundId)!;
    refund.status = status;
    if (status === 'failed') refund.failure_reason = 'expired_or_canceled_card';
    return this.sendEvent('refund.updated', refund);
  }

  session(sessionId: string): Json {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    return session;
  }

  sessionOf(paymentId: string): Json | undefined {
    return [...this.sessions.values()].find((s) => s.client_reference_id === paymentId);
  }

  // ---- webhooks ---------------------------------------------------------------------------------------------

  /** An event as Stripe sends it (`{id, object: 'event', created, data: {object}, livemode, type, …}`). */
  event(type: string, object: Json, overrides: Json = {}): Json {
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: this.nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      ...overrides,
    };
  }

  /** The body and headers of a webhook, signed by the official package (`t=…,v1=…`). */
  signed(body: string, options: { timestamp?: number; secret?: string } = {}): WebhookDelivery {
    const header = this.stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: options.secret ?? this.options.webhookSecret,
      timestamp: options.timestamp ?? this.nowSeconds(),
    });
    return {
      body,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': header,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
    };
  }

  async sendEvent(type: string, object: Json, overrides: Json = {}): Promise<{ status: number; body: string }> {
    const delivery = this.signed(JSON.stringify(this.event(type, object, overrides), null, 2));
    const answer = await this.deliver(delivery);
    this.deliveries.push({ type, delivery, answer });
    return answer;
  }

  async deliver(delivery: WebhookDelivery): Promise<{ status: number; body: string }> {
    if (!this.webhookUrl) throw new Error('no webhook endpoint configured');
    const res = await fetch(this.webhookUrl, { method: 'POST', headers: delivery.headers, body: delivery.body });
    return { status: res.status, body: await res.text() };
  }

  // ---- the API ----------------------------------------------------------------------------------------------

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stripe');
    const authorized = req.headers.authorization === `Bearer ${this.options.secretKey}`;
    const idempotencyKey = text(req.headers['idempotency-key']);
    const request: ReceivedStripeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: parseStripeForm(url.search.slice(1)),
      form: parseStripeForm(body),
      idempotencyKey,
      authorized,
    };
    this.requests.push(request);
    const fault = this.faults.shift();
    if (fault === 'drop') return void req.socket.destroy();
    if (fault === 'stall') return;
    if (fault === 'http500') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"type":"api_error"}}');
    if (fault === 'http429')
      return void res.writeHead(429, { 'content-type': 'application/json' }).end('{"error":{"type":"rate_limit_error"}}');
    if (fault === 'notJson') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    if (!authorized) {
      const shown = String(req.headers.authorization ?? '').slice(-4);
      return this.answer(res, 401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: sk_test_****${shown}` } });
    }
    if (request.method === 'POST' && idempotencyKey) {
      const fingerprint = createHash('sha256').update(`${request.path}\n${body}`).digest('hex');
      const earlier = this.idempotency.get(idempotencyKey);
      if (earlier && earlier.fingerprint !== fingerprint) {
        return this.answer(res, 400, {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with. '
              + `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      if (earlier) {
        return void res.writeHead(earlier.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' }).end(earlier.body);
      }
      const [status, answer] = this.route(request);
      this.idempotency.set(idempotencyKey, { fingerprint, status, body: JSON.stringify(answer) });
      return this.answer(res, status, answer);
    }
    const [status, answer] = this.route(request);
    this.answer(res, status, answer);
  }

  private answer(res: http.ServerResponse, status: number, body: Json): void {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(body));
  }

  private route(r: ReceivedStripeRequest): [number, Json] {
    const parts = r.path.split('/').filter(Boolean);
    if (r.method === 'POST' && r.path === '/v1/checkout/sessions') return this.createSession(r.form);
    if (parts[0] === 'v1' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts[3]) {
      const session = this.sessions.get(parts[3]);
      if (!session) return missing('checkout.session', parts[3]);
      if (r.method === 'POST' && parts[4] === 'expire') return this.expireSession(session);
      if (r.method === 'GET' && !parts[4]) return [200, this.expanded(session, expandList(r.query))];
    }
    if (r.method === 'POST' && r.path === '/v1/refunds') return this.createRefund(r.form);
    if (r.method === 'GET' && r.path === '/v1/refunds') {
      const data = [...this.refunds.values()].filter((x) => x.payment_intent === text(r.query.payment_intent));
      return [200, { object: 'list', data, has_more: false, url: '/v1/refunds' }];
    }
    if (r.method === 'GET' && parts[1] === 'refunds' && parts[2]) {
      const refund = this.refunds.get(parts[2]);
      return refund ? [200, refund] : missing('refund', parts[2]);
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${r.method}: ${r.path}).` } }];
  }

  private createSession(form: FormTree): [number, Json] {
    const item = ((form.line_items as FormTree[] | undefined) ?? [])[0] as FormTree | undefined;
    const price = item?.price_data as FormTree | undefined;
    const currency = text(price?.currency) ?? '';
    const amount = Number(text(price?.unit_amount));
    const quantity = Number(text(item?.quantity) ?? '1');
    if (form.mode !== 'payment') return invalid('mode', 'This integration only creates sessions in payment mode.');
    if (!price || !text((price.product_data as FormTree | undefined)?.name))
      return invalid('line_items[0][price_data]', 'Missing required param.');
    if (!KNOWN_CURRENCIES.has(currency)) return invalid('line_items[0][price_data][currency]', `Invalid currency: ${currency}.`);
    const problem = amountProblem(amount, currency);
    if (problem) return invalid('line_items[0][price_data][unit_amount]', problem, 'invalid_charge_amount');
    if (!text(form.success_url)) return invalid('success_url', 'Missing required param: success_url.');
    const created = this.nowSeconds();
    const expiresAt = form.expires_at === undefined ? created + 24 * 3600 : Number(text(form.expires_at));
    if (!(expiresAt >= created + 30 * 60 && expiresAt <= created + 24 * 3600)) {
      return invalid('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.');
    }
    const sessionId = `cs_test_${randomBytes(24).toString('hex')}`;
    const session: Json = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: amount * quantity,
      amount_total: amount * quantity,
      cancel_url: form.cancel_url ?? null,
      client_reference_id: form.client_reference_id ?? null,
      created,
      currency,
      expires_at: expiresAt,
      livemode: false,
      metadata: form.metadata ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: form.success_url,
      url: `${this.url}/c/pay/${sessionId}`,
      line_item: { currency, unit_amount: amount, quantity, name: (price.product_data as FormTree).name },
      payment_intent_data: form.payment_intent_data ?? {},
    };
    this.sessions.set(sessionId, session);
    return [200, publicSession(session)];
  }

  private expireSession(session: Json): [number, Json] {
    if (session.status !== 'open') {
      return invalid(
        undefined,
        'Only Checkout Sessions with a status in ["open"] can be expired. '
          + `This Checkout Session has a status of "${String(session.status)}".`,
      );
    }
    session.status = 'expired';
    return [200, publicSession(session)];
  }

  private createIntent(session: Json, status: 'succeeded' | 'processing'): Json {
    const metadata = ((session.payment_intent_data as FormTree).metadata as FormTree | undefined) ?? {};
    const intentId = id('pi');
    const charge: Json = {
      id: id('ch'),
      object: 'charge',
      amount: session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      created: this.nowSeconds(),
      // Stripe copies the PaymentIntent's metadata to the Charge it creates.
      metadata: { ...metadata },
      payment_intent: intentId,
      refunded: false,
      status: status === 'succeeded' ? 'succeeded' : 'pending',
    };
    const intent: Json = {
      id: intentId,
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      latest_charge: charge.id,
      metadata: { ...metadata },
      status,
    };
    this.charges.set(String(charge.id), charge);
    this.intents.set(intentId, intent);
    return intent;
  }

  private expanded(session: Json, expand: string[]): Json {
    const out = publicSession(session);
    const intent = session.payment_intent ? this.intents.get(String(session.payment_intent)) : undefined;
    if (intent && expand.some((e) => e === 'payment_intent' || e.startsWith('payment_intent.'))) {
      out.payment_intent = expand.includes('payment_intent.latest_charge')
        ? { ...intent, latest_charge: this.charges.get(String(intent.latest_charge)) }
        : { ...intent };
    }
    return out;
  }

  private createRefund(form: FormTree): [number, Json] {
    const intent = this.intents.get(text(form.payment_intent) ?? '');
    if (!intent) return missing('payment_intent', text(form.payment_intent) ?? '', 'payment_intent');
    const charge = this.charges.get(String(intent.latest_charge))!;
    if (intent.status !== 'succeeded')
      return invalid('payment_intent', `This PaymentIntent (${String(intent.id)}) does not have a successful charge to refund.`);
    const remaining = Number(charge.amount) - Number(charge.amount_refunded);
    if (remaining === 0) return invalid(undefined, `Charge ${String(charge.id)} has already been refunded.`, 'charge_already_refunded');
    const amount = form.amount === undefined ? remaining : Number(text(form.amount));
    const problem = amountProblem(amount, String(charge.currency));
    if (problem) return invalid('amount', problem, 'invalid_charge_amount');
    if (amount > remaining) {
      return invalid('amount', `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`);
    }
    const refund: Json = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: this.nowSeconds(),
      currency: charge.currency,
      metadata: form.metadata ?? {},
      payment_intent: intent.id,
      reason: form.reason ?? null,
      status: this.refundStatus,
    };
    this.refunds.set(String(refund.id), refund);
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return [200, refund];
  }
}

function expandList(query: FormTree): string[] {
  const expand = query.expand;
  return Array.isArray(expand) ? expand.map(String) : typeof expand === 'string' ? [expand] : [];
}

/** A session as the API shows it (the fake's own bookkeeping left out). */
function publicSession(session: Json): Json {
  const { line_item: _item, payment_intent_data: _data, ...rest } = session;
  return structuredClone(rest);
}

function invalid(param: string | undefined, message: string, code?: string): [number, Json] {
  return [400, { error: { type: 'invalid_request_error', ...(code ? { code } : {}), message, ...(param ? { param } : {}) } }];
}

function missing(kind: string, what: string, param = 'id'): [number, Json] {
  return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${what}'`, param } }];
}
