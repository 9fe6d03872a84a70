import { systemClock } from '../../../host/sdk/index.js';
import { ChannelError, channelRejected } from '../core/errors.js';
import { callGateway, type GatewayResponse } from '../http/gateway-fetch.js';
import type { ChannelDeps } from '../core/types.js';
import type { WalletBOptions } from './options.js';
import { authorizationHeader, checkWechatpaySignature, newNonce } from './signature.js';

/** A verified APIv3 answer: its HTTP status and parsed JSON body (none for 204). */
export interface WechatAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Signs APIv3 calls (Authorization: WECHATPAY2-SHA256-RSA2048), sends them through callGateway and verifies
 * the signed answers against the platform key named by `Wechatpay-Serial`. A 2xx answer must be signed,
 * fresh and valid (else CHANNEL_BAD_RESPONSE); an unsigned error answer is accepted as an error, since it
 * cannot move money. Non-2xx answers are returned for the caller to interpret by their `code`.
 */
export class WechatPayApiClient {
  constructor(
    private readonly options: WalletBOptions,
    private readonly deps: ChannelDeps = {},
  ) {}

  async call(method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>, signal?: AbortSignal): Promise<WechatAnswer> {
    const url = `${this.options.gatewayUrl}${path}`;
    const { pathname, search } = new URL(url);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const nowSeconds = this.#nowSeconds();
    const authorization = authorizationHeader(this.options, { method, pathAndQuery: `${pathname}${search}`, body }, nowSeconds, newNonce());
    const response = await callGateway({
      url,
      method,
      headers: {
        authorization,
        accept: 'application/json',
        'user-agent': 'AuthPay (WeChat Pay APIv3)',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: payload === undefined ? undefined : body,
      timeoutMs: this.deps.timeoutMs,
      fetch: this.deps.fetch,
      signal,
    });
    this.#verify(path, response);
    return { status: response.status, body: parseBody(path, response) };
  }

  #verify(path: string, response: GatewayResponse): void {
    const headers = {
      timestamp: response.headers.get('wechatpay-timestamp') ?? undefined,
      nonce: response.headers.get('wechatpay-nonce') ?? undefined,
      signature: response.headers.get('wechatpay-signature') ?? undefined,
      serial: response.headers.get('wechatpay-serial') ?? undefined,
    };
    const check = checkWechatpaySignature(headers, response.text, this.options.platformKeys, this.#nowSeconds());
    const success = response.status >= 200 && response.status < 300;
    if (check === 'VALID' || (check === 'UNSIGNED' && !success)) return;
    const reasons = {
      UNSIGNED: 'is not signed',
      UNKNOWN_SERIAL: 'is signed with a platform key we do not have (Wechatpay-Serial)',
      BAD_SIGNATURE: 'signature does not verify with the platform key',
      STALE: 'signature timestamp is more than 5 minutes from now',
    };
    throw new ChannelError('CHANNEL_BAD_RESPONSE', `WeChat Pay ${path.split('?')[0]}: answer ${reasons[check]}`, {
      details: [{ field: 'Wechatpay-Signature', message: check, reason: check }],
    });
  }

  #nowSeconds(): number {
    return Math.floor((this.deps.clock ?? systemClock).now() / 1000);
  }
}

function parseBody(path: string, response: GatewayResponse): Record<string, unknown> {
  if (response.text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(response.text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new ChannelError('CHANNEL_BAD_RESPONSE', `WeChat Pay ${path.split('?')[0]}: answer is not a JSON object`);
}

/** CHANNEL_REJECTED carrying WeChat Pay's error `code` and `message`. */
export function rejected(what: string, answer: WechatAnswer): ChannelError {
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return channelRejected(what, { code: str(answer.body.code) ?? `HTTP_${answer.status}`, message: str(answer.body.message) });
}
