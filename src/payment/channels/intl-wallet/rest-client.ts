import { callGateway } from '../http/gateway-fetch.js';
import type { ChannelDeps } from '../core/types.js';
import { AccessTokens } from './access-token.js';
import type { IntlWalletOptions } from './options.js';
import { parseJsonObject, type PayPalAnswer } from './paypal-answer.js';

export interface PayPalCall {
  /** A JSON value, or text already serialised (the verify call embeds the webhook body byte for byte). */
  body?: unknown;
  /** `PayPal-Request-Id`: PayPal answers a repeated id with the first call's result instead of acting twice. */
  requestId?: string;
  signal?: AbortSignal;
}

/**
 * PayPal REST calls with a bearer token from {@link AccessTokens}. A 401 means the token expired or was
 * revoked early: it is dropped and the call is sent once more with a new token. Non-2xx answers are returned
 * for the caller to read PayPal's issue code; outages are CHANNEL_UNAVAILABLE (callGateway).
 */
export class PayPalClient {
  readonly #tokens: AccessTokens;

  constructor(
    private readonly options: IntlWalletOptions,
    private readonly deps: ChannelDeps = {},
  ) {
    this.#tokens = new AccessTokens(options, deps);
  }

  async call(method: 'GET' | 'POST', path: string, call: PayPalCall = {}): Promise<PayPalAnswer> {
    let token = await this.#tokens.current();
    let answer = await this.#send(method, path, token, call);
    if (answer.status === 401) {
      this.#tokens.forget(token);
      token = await this.#tokens.current();
      answer = await this.#send(method, path, token, call);
    }
    return answer;
  }

  async #send(method: 'GET' | 'POST', path: string, token: string, call: PayPalCall): Promise<PayPalAnswer> {
    const body = call.body === undefined ? undefined : typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
    const response = await callGateway({
      url: `${this.options.baseUrl}${path}`,
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        // The whole order (with its captures) in every answer, not the minimal id/status/links.
        prefer: 'return=representation',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(call.requestId ? { 'paypal-request-id': call.requestId } : {}),
      },
      body,
      timeoutMs: this.deps.timeoutMs,
      fetch: this.deps.fetch,
      signal: call.signal,
    });
    return { status: response.status, body: parseJsonObject(path.split('?')[0], response.text) };
  }
}
