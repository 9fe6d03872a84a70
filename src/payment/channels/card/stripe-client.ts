import { ChannelError, channelRejected } from '../core/errors.js';
import { callGateway } from '../http/gateway-fetch.js';
import type { ChannelDeps } from '../core/types.js';
import type { CardOptions } from './options.js';
import { encodeStripeForm, type FormValue } from './stripe-form.js';

/** A Stripe answer: its HTTP status and JSON object (the resource, or `{error: {…}}`). */
export interface StripeAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface StripeCall {
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/**
 * Stripe's REST API as the adapter uses it: form-encoded requests with the secret key as Bearer credential,
 * an `Idempotency-Key` on POSTs that create, JSON answers. Network errors, 5xx and 429 are CHANNEL_UNAVAILABLE
 * (callGateway); other statuses are returned for the caller, which reads them with {@link stripeFault}.
 * The API version is the account's default (no Stripe-Version header): the fields read here are the same in all.
 */
export class StripeApiClient {
  constructor(
    private readonly options: CardOptions,
    private readonly deps: ChannelDeps = {},
  ) {}

  post(path: string, params: Record<string, FormValue>, call: StripeCall = {}): Promise<StripeAnswer> {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
    return this.#send('POST', path, encodeStripeForm(params), headers, call.signal);
  }

  get(path: string, query: Record<string, FormValue> = {}, signal?: AbortSignal): Promise<StripeAnswer> {
    const search = encodeStripeForm(query);
    return this.#send('GET', search ? `${path}?${search}` : path, undefined, {}, signal);
  }

  async #send(
    method: 'GET' | 'POST',
    pathAndQuery: string,
    body: string | undefined,
    headers: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<StripeAnswer> {
    const response = await callGateway({
      url: `${this.options.apiBaseUrl}${pathAndQuery}`,
      method,
      headers: {
        authorization: `Bearer ${this.options.secretKey}`,
        accept: 'application/json',
        'user-agent': 'AuthPay (Stripe Checkout)',
        ...headers,
      },
      body,
      timeoutMs: this.deps.timeoutMs,
      fetch: this.deps.fetch,
      signal,
    });
    return { status: response.status, body: parseObject(pathAndQuery, response.text) };
  }
}

function parseObject(pathAndQuery: string, text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new ChannelError('CHANNEL_BAD_RESPONSE', `Stripe ${pathAndQuery.split('?')[0]}: answer is not a JSON object`);
}

/** The `error` object of a Stripe error answer (`type`, `code`, `message`, `param`). */
export function stripeError(answer: StripeAnswer): Record<string, unknown> {
  const error = answer.body.error;
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
}

/**
 * The ChannelError for a Stripe error answer: CHANNEL_REJECTED with Stripe's code (or type), message and
 * param; a refused key without Stripe's text (which repeats part of the key); 409 — another request with the
 * same idempotency key still running — CHANNEL_UNAVAILABLE, to be retried.
 */
export function stripeFault(what: string, answer: StripeAnswer): ChannelError {
  const error = stripeError(answer);
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  if (answer.status === 401) return channelRejected(what, { code: 'authentication_error', message: 'Stripe refused the secret key' });
  if (answer.status === 409) {
    return new ChannelError('CHANNEL_UNAVAILABLE', `${what}: Stripe is still processing a request with the same idempotency key`, {
      details: [{ field: 'gateway', message: 'idempotency key in use', reason: 'HTTP_409' }],
    });
  }
  return channelRejected(what, {
    code: str(error.code) ?? str(error.type) ?? `HTTP_${answer.status}`,
    message: str(error.message),
    // Stripe names the offending parameter; subCode stays empty so the detail's reason is Stripe's code.
    subMessage: str(error.param) && `param ${String(error.param)}`,
  });
}

/** Whether an error answer says the object does not exist (`resource_missing`, HTTP 404). */
export function isMissing(answer: StripeAnswer): boolean {
  return answer.status === 404 || stripeError(answer).code === 'resource_missing';
}
