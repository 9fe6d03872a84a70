import { systemClock } from '../../../host/sdk/index.js';
import { ChannelError, channelRejected } from '../core/errors.js';
import { callGateway } from '../http/gateway-fetch.js';
import type { ChannelDeps } from '../core/types.js';
import type { EpayCall, EpayDialect } from './epay-dialect.js';
import type { EpayCommonOptions } from './options.js';
import { checkReceivedSignature, signRequest } from './signature.js';

/** A JSON answer of the gateway; `ok` when its code is the version's success code (and, for V2, it verified). */
export interface EpayAnswer {
  ok: boolean;
  body: Record<string, unknown>;
}

/**
 * Signs calls to an epay gateway, sends them and reads the JSON answers. Failure answers are returned, not
 * thrown (the caller knows which mean "no such trade"); a successful answer must carry a valid signature
 * where the version signs answers. URLs are never put into errors or logs: V1 queries carry the key.
 */
export class EpayClient {
  constructor(
    readonly options: EpayCommonOptions,
    readonly dialect: EpayDialect,
    private readonly deps: ChannelDeps = {},
  ) {}

  nowMs(): number {
    return (this.deps.clock ?? systemClock).now();
  }

  /** Request parameters with pid, timestamp (V2), sign and sign_type. */
  sign(params: Readonly<Record<string, string>>): Record<string, string> {
    return signRequest(params, { pid: this.options.pid, dialect: this.dialect, encoding: this.options.signEncoding, nowMs: this.nowMs() });
  }

  /** An absolute gateway URL for a path, with the parameters in its query (the payer's redirect). */
  url(path: string, params: Readonly<Record<string, string>> = {}): string {
    const url = new URL(path, this.options.gatewayUrl);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }

  async call(call: EpayCall, signal?: AbortSignal): Promise<EpayAnswer> {
    const params = call.signed ? this.sign(call.params) : call.params;
    const form = new URLSearchParams(params).toString();
    const response = await callGateway({
      url: call.method === 'GET' ? this.url(call.path, params) : this.url(call.path),
      method: call.method,
      headers:
        call.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } : { accept: 'application/json' },
      body: call.method === 'POST' ? form : undefined,
      timeoutMs: this.deps.timeoutMs,
      fetch: this.deps.fetch,
      signal,
    });
    const what = `${this.dialect.label} ${call.path}`;
    if (response.status !== 200) throw badResponse(`${what} answered HTTP ${response.status}`);
    const body = parseObject(response.text, what);
    const code = text(body.code)?.trim();
    const ok = code !== undefined && code !== '' && Number(code) === this.dialect.successCode;
    if (ok && this.dialect.signedAnswers) this.#assertSigned(body, what);
    return { ok, body };
  }

  /** CHANNEL_REJECTED with the gateway's code and msg. */
  rejected(what: string, answer: EpayAnswer): ChannelError {
    return channelRejected(`${this.dialect.label} ${what}`, { code: text(answer.body.code), message: text(answer.body.msg) });
  }

  /** A successful V2 answer is signed by the platform over all its scalar fields, with a fresh timestamp. */
  #assertSigned(body: Record<string, unknown>, what: string): void {
    const check = checkReceivedSignature(answerParams(body), {
      dialect: this.dialect,
      encoding: this.options.signEncoding,
      nowMs: this.nowMs(),
    });
    if (!check.ok) throw badResponse(`${what}: answer refused (${check.reason})`);
  }
}

/** The answer's fields as PHP concatenates them into the signed string: scalars only, booleans as "1"/"". */
export function answerParams(body: Readonly<Record<string, unknown>>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') params[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) params[key] = String(value);
    else if (typeof value === 'boolean') params[key] = value ? '1' : '';
  }
  return params;
}

/** The scalar text of an answer field, or undefined. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function parseObject(raw: string, what: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw badResponse(`${what}: answer is not JSON`, err);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badResponse(`${what}: answer is not a JSON object`);
  return parsed as Record<string, unknown>;
}

export function badResponse(message: string, cause?: unknown): ChannelError {
  return new ChannelError('CHANNEL_BAD_RESPONSE', message, { cause });
}
