import type { ErrorDetail } from '../../../host/sdk/index.js';
import { ChannelError } from '../core/errors.js';

export const AGGREGATOR_2_CHANNELS = ['WALLET_A', 'WALLET_B'] as const;
export type Aggregator2ChannelName = (typeof AGGREGATOR_2_CHANNELS)[number];

/**
 * xunhupay's published addresses. Initiation and query live on different hosts (the query of the v2 API
 * is answered by pay.xunhupay.com); both are configurable because xunhupay runs several gateway domains.
 */
export const XUNHUPAY_GATEWAY_URL = 'https://api.xunhupay.com/payment/do.html';
export const XUNHUPAY_QUERY_URL = 'https://pay.xunhupay.com/v2/payment/query.html';

/** Validated AGGREGATOR_2 (xunhupay) options. */
export interface Aggregator2Options {
  /** payment/do.html: initiation. */
  gatewayUrl: string;
  /** payment/query.html: order query, on its own host. */
  queryUrl: string;
  appId: string;
  /** The MD5 `hash` key; a secret. */
  appSecret: string;
}

/** xunhupay app secrets are 32 characters; anything much shorter is a paste error, not a key. */
const MIN_SECRET_LENGTH = 16;
const MAX_SECRET_LENGTH = 128;

type Raw = Record<string, unknown>;

/**
 * Checks raw settings: appId (letters, digits, `_`, `-`), appSecret (16–128 printable characters, no
 * spaces), gatewayUrl and queryUrl (http(s) URLs; empty = the published defaults). Throws
 * CHANNEL_MISCONFIGURED listing every bad field; the secret's value never appears in a message.
 */
export function validateAggregator2Options(input: unknown): Aggregator2Options {
  const raw: Raw = typeof input === 'object' && input !== null ? (input as Raw) : {};
  const problems: ErrorDetail[] = [];
  const appId = text(raw.appId);
  if (!appId) problems.push({ field: 'appId', message: 'appId is required', reason: 'REQUIRED' });
  else if (!/^[A-Za-z0-9_-]{1,64}$/.test(appId))
    problems.push({ field: 'appId', message: 'appId is the xunhupay APPID (letters and digits)', reason: 'FORMAT' });
  const appSecret = text(raw.appSecret);
  if (!appSecret) problems.push({ field: 'appSecret', message: 'appSecret is required', reason: 'REQUIRED' });
  else if (!isPlausibleSecret(appSecret))
    problems.push({
      field: 'appSecret',
      message: `appSecret must be ${MIN_SECRET_LENGTH}-${MAX_SECRET_LENGTH} printable characters without spaces`,
      reason: 'FORMAT',
    });
  const gatewayUrl = httpUrl(raw.gatewayUrl, 'gatewayUrl', XUNHUPAY_GATEWAY_URL, problems);
  const queryUrl = httpUrl(raw.queryUrl, 'queryUrl', XUNHUPAY_QUERY_URL, problems);
  if (problems.length > 0) {
    throw new ChannelError('CHANNEL_MISCONFIGURED', `AGGREGATOR_2 options invalid: ${problems.map((p) => p.field).join(', ')}`, {
      details: problems,
    });
  }
  return { gatewayUrl, queryUrl, appId, appSecret };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function isPlausibleSecret(secret: string): boolean {
  return secret.length >= MIN_SECRET_LENGTH && secret.length <= MAX_SECRET_LENGTH && /^[\x21-\x7e]+$/.test(secret);
}

function httpUrl(value: unknown, field: string, fallback: string, problems: ErrorDetail[]): string {
  const given = text(value);
  if (!given) return fallback;
  try {
    const url = new URL(given);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.hostname) return url.toString();
  } catch {
    // reported below
  }
  problems.push({ field, message: `${field} is an absolute http(s) URL`, reason: 'FORMAT' });
  return '';
}
