import { randomBytes } from 'node:crypto';
import { systemClock } from '../../../host/sdk/index.js';
import { ChannelError, channelRejected } from '../core/errors.js';
import { callGateway } from '../http/gateway-fetch.js';
import type { ChannelDeps } from '../core/types.js';
import { verifyXunhupayHash, xunhupayHash } from './hash.js';
import type { Aggregator2Options } from './options.js';

/** Collaborators of the adapter; `nonce` lets a test reproduce a request byte for byte. */
export interface Aggregator2Deps extends ChannelDeps {
  nonce?: () => string;
}

/** A JSON answer of xunhupay whose errcode is 0. */
export type XunhupayAnswer = Record<string, unknown>;

export interface CallOptions {
  /** Check `hash` when the answer carries one (initiation answers are flat and signed like requests). */
  verifyHash: boolean;
  signal?: AbortSignal;
}

/** Signs xunhupay calls (appid, time, nonce_str, hash), posts them as a form and checks the answers. */
export class XunhupayClient {
  constructor(
    private readonly options: Aggregator2Options,
    private readonly deps: Aggregator2Deps = {},
  ) {}

  /** The parameters with appid, time (Unix seconds), nonce_str and their hash added. */
  signedParams(params: Record<string, string>): Record<string, string> {
    const now = (this.deps.clock ?? systemClock).now();
    const full: Record<string, string> = {
      ...params,
      appid: this.options.appId,
      time: String(Math.floor(now / 1000)),
      nonce_str: this.deps.nonce?.() ?? randomBytes(8).toString('hex'),
    };
    return { ...full, hash: xunhupayHash(full, this.options.appSecret) };
  }

  /**
   * POSTs the signed parameters as a urlencoded form. A non-200 status, an answer that is not a JSON
   * object or one whose hash does not verify is CHANNEL_BAD_RESPONSE; errcode other than 0 is
   * CHANNEL_REJECTED with xunhupay's errcode and errmsg; outages are CHANNEL_UNAVAILABLE (callGateway).
   */
  async call(what: string, url: string, params: Record<string, string>, call: CallOptions): Promise<XunhupayAnswer> {
    const response = await callGateway({
      url,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: new URLSearchParams(this.signedParams(params)).toString(),
      timeoutMs: this.deps.timeoutMs,
      fetch: this.deps.fetch,
      signal: call.signal,
    });
    if (response.status !== 200) throw badResponse(`${what} answered HTTP ${response.status}`);
    const answer = parseObject(what, response.text);
    const errcode = answer.errcode;
    if (errcode === undefined || errcode === null || errcode === '') throw badResponse(`${what}: answer has no errcode`);
    // A refusal cannot move money, so it is reported whatever its hash says (a wrong appsecret is refused this way).
    if (String(errcode) !== '0') {
      throw channelRejected(what, { code: String(errcode), message: typeof answer.errmsg === 'string' ? answer.errmsg : undefined });
    }
    if (call.verifyHash && answer.hash !== undefined && !verifyXunhupayHash(answer, this.options.appSecret)) {
      throw badResponse(`${what}: answer hash does not verify with the appsecret`);
    }
    return answer;
  }
}

function parseObject(what: string, text: string): XunhupayAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw badResponse(`${what}: answer is not JSON`, err);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badResponse(`${what}: answer is not a JSON object`);
  return parsed as XunhupayAnswer;
}

export function badResponse(message: string, cause?: unknown): ChannelError {
  return new ChannelError('CHANNEL_BAD_RESPONSE', message, { cause });
}
