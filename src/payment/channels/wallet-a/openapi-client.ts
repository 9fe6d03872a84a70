import { systemClock } from '../../../host/sdk/index.js';
import { callGateway } from '../http/gateway-fetch.js';
import { ChannelError, channelRejected } from '../core/errors.js';
import type { ChannelDeps } from '../core/types.js';
import { formatBeijingTime } from './beijing-time.js';
import type { WalletAOptions } from './options.js';
import { topLevelJsonMembers } from './response-text.js';
import { rsa2Verify, signRequest } from './signature.js';

/** Alipay's code for a successful call; 20000 means the service itself is unavailable. */
export const ALIPAY_SUCCESS = '10000';
const ALIPAY_SERVICE_UNAVAILABLE = '20000';

/** Common parameters that travel in the gateway URL; biz_content goes in the form body. */
const URL_PARAMS = [
  'app_id',
  'method',
  'format',
  'charset',
  'sign_type',
  'sign',
  'timestamp',
  'version',
  'notify_url',
  'return_url',
  'app_auth_token',
];

/** The `<method>_response` node of a verified answer. */
export interface AlipayAnswer {
  code: string;
  node: Record<string, unknown>;
}

/** Optional common parameters of a call. */
export interface CallExtras {
  notify_url?: string;
  return_url?: string;
}

/** Signs OpenAPI calls, sends them, and verifies the gateway's signed answers. */
export class AlipayOpenApiClient {
  constructor(
    private readonly options: WalletAOptions,
    private readonly deps: ChannelDeps = {},
  ) {}

  /** All parameters of a call, signed (request signing: sorted, raw values, RSA-SHA256, base64). */
  signedParams(method: string, biz: Record<string, unknown>, extras: CallExtras = {}): Record<string, string> {
    const now = new Date((this.deps.clock ?? systemClock).now());
    const params: Record<string, string> = {
      app_id: this.options.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: this.options.signType,
      timestamp: formatBeijingTime(now),
      version: '1.0',
      biz_content: JSON.stringify(biz),
    };
    for (const [key, value] of Object.entries(extras)) if (value) params[key] = value;
    return signRequest(params, this.options.privateKey);
  }

  /** A GET URL to the gateway carrying every signed parameter (page and wap pay: the payer's redirect). */
  pageUrl(method: string, biz: Record<string, unknown>, extras: CallExtras = {}): string {
    const url = new URL(this.options.gatewayUrl);
    for (const [key, value] of Object.entries(this.signedParams(method, biz, extras))) url.searchParams.set(key, value);
    return url.toString();
  }

  /** Calls a server-side method and returns its verified response node (any code; callers judge). */
  async execute(method: string, biz: Record<string, unknown>, extras: CallExtras = {}, signal?: AbortSignal): Promise<AlipayAnswer> {
    const params = this.signedParams(method, biz, extras);
    const url = new URL(this.options.gatewayUrl);
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (URL_PARAMS.includes(key)) url.searchParams.set(key, value);
      else body.set(key, value);
    }
    const response = await callGateway({
      url: url.toString(),
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: body.toString(),
      timeoutMs: this.deps.timeoutMs,
      fetch: this.deps.fetch,
      signal,
    });
    if (response.status !== 200) throw badResponse(`${method} answered HTTP ${response.status}`);
    const answer = this.verifiedNode(method, response.text);
    if (answer.code === ALIPAY_SERVICE_UNAVAILABLE) {
      throw new ChannelError('CHANNEL_UNAVAILABLE', `${method}: Alipay service temporarily unavailable`, { provider: fault(answer.node) });
    }
    return answer;
  }

  /**
   * Finds `<method>_response` (or `error_response`) and checks `sign` over its raw text. Unsigned answers
   * are tolerated only as failures: they cannot move money.
   */
  private verifiedNode(method: string, text: string): AlipayAnswer {
    let members: Map<string, string>;
    try {
      members = topLevelJsonMembers(text);
    } catch (err) {
      throw badResponse(`${method}: response is not JSON`, err);
    }
    const nodeText = members.get(`${method.replaceAll('.', '_')}_response`) ?? members.get('error_response');
    if (nodeText === undefined) throw badResponse(`${method}: response has no ${method} node`);
    const node = JSON.parse(nodeText) as Record<string, unknown>;
    const code = String(node.code ?? '');
    const signText = members.get('sign');
    if (signText !== undefined) {
      if (!rsa2Verify(nodeText, JSON.parse(signText) as string, this.options.alipayPublicKey)) {
        throw badResponse(`${method}: response signature does not verify with the Alipay public key`);
      }
    } else if (code === ALIPAY_SUCCESS) {
      throw badResponse(`${method}: successful response is not signed`);
    }
    return { code, node };
  }
}

/** The provider's code/msg/sub_code/sub_msg of a response node. */
export function fault(node: Record<string, unknown>) {
  const str = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
  return { code: str(node.code), message: str(node.msg), subCode: str(node.sub_code), subMessage: str(node.sub_msg) };
}

/** CHANNEL_REJECTED for a non-success answer. */
export function rejected(method: string, node: Record<string, unknown>): ChannelError {
  return channelRejected(method, fault(node));
}

function badResponse(message: string, cause?: unknown): ChannelError {
  return new ChannelError('CHANNEL_BAD_RESPONSE', message, { cause });
}
