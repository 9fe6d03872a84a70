import { systemClock } from '../../../host/sdk/index.js';
import { ChannelError } from '../core/errors.js';
import { callGateway } from '../http/gateway-fetch.js';
import type { ChannelDeps } from '../core/types.js';
import type { IntlWalletOptions } from './options.js';
import { parseJsonObject, rejected } from './paypal-answer.js';

/** A token is renewed this long before PayPal's `expires_in` runs out, so no call leaves with a dying token. */
const EXPIRY_MARGIN_SECONDS = 60;

/**
 * OAuth2 client-credentials tokens (`POST /v1/oauth2/token`, Basic client id:secret): one token is cached
 * until shortly before it expires, concurrent callers share one request for a new one, and a token PayPal
 * refused (401 on a call) is forgotten so the next caller gets a fresh one.
 */
export class AccessTokens {
  #token?: { value: string; expiresAtMs: number };
  #pending?: Promise<string>;

  constructor(
    private readonly options: IntlWalletOptions,
    private readonly deps: ChannelDeps = {},
  ) {}

  /** The cached token or a new one; the shared request runs on its own time-out, not one caller's signal. */
  async current(): Promise<string> {
    if (this.#token && this.#now() < this.#token.expiresAtMs) return this.#token.value;
    this.#pending ??= this.#request().finally(() => (this.#pending = undefined));
    return this.#pending;
  }

  /** Drops a token PayPal no longer accepts (a token fetched meanwhile by another caller is kept). */
  forget(token: string): void {
    if (this.#token?.value === token) this.#token = undefined;
  }

  async #request(): Promise<string> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`, 'utf8').toString('base64');
    const response = await callGateway({
      url: `${this.options.baseUrl}/v1/oauth2/token`,
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      timeoutMs: this.deps.timeoutMs,
      fetch: this.deps.fetch,
    });
    const body = parseJsonObject('/v1/oauth2/token', response.text);
    if (response.status !== 200) throw rejected('access token', { status: response.status, body });
    const { access_token: value, expires_in: expiresIn } = body;
    if (typeof value !== 'string' || !value || typeof expiresIn !== 'number' || !(expiresIn > 0)) {
      throw new ChannelError('CHANNEL_BAD_RESPONSE', 'PayPal /v1/oauth2/token: no access_token and expires_in in the answer');
    }
    this.#token = { value, expiresAtMs: this.#now() + Math.max(0, expiresIn - EXPIRY_MARGIN_SECONDS) * 1000 };
    return value;
  }

  #now(): number {
    return (this.deps.clock ?? systemClock).now();
  }
}
