import type { ErrorDetail } from '../../../host/sdk/index.js';
import { ChannelError } from '../core/errors.js';
import type { EpaySignEncoding } from './signing-content.js';

/** The paymentChannel values of an epay service: the wallet the payer uses at the aggregator. */
export const EPAY_CHANNELS = ['WALLET_A', 'WALLET_B'] as const;
export type EpayChannelName = (typeof EPAY_CHANNELS)[number];

/** epay's `type` per channel; gateways that name them otherwise are configured with typeCodes. */
export const DEFAULT_TYPE_CODES: Readonly<Record<EpayChannelName, string>> = { WALLET_A: 'alipay', WALLET_B: 'wxpay' };

/** server: the gateway is asked for a QR code or link (mapi.php, api/pay/create); redirect: a signed link to its cashier. */
export type EpayInitiation = 'server' | 'redirect';
/** Which HTTP method notifications may use; the published protocol sends GET, some gateways POST. */
export type EpayNotifyMethod = 'ANY' | 'GET' | 'POST';

/** Options every epay service shares (V1 adds its key, V2 its RSA keys). */
export interface EpayCommonOptions {
  /** Base URL of the gateway, ending in `/` (endpoints such as `mapi.php` are resolved against it). */
  gatewayUrl: string;
  /** The merchant id (`pid`). */
  pid: string;
  initiation: EpayInitiation;
  signEncoding: EpaySignEncoding;
  notifyMethod: EpayNotifyMethod;
  typeCodes: Readonly<Record<EpayChannelName, string>>;
}

type Raw = Record<string, unknown>;

/** The raw options as an object (anything else reads as empty, so every field is reported missing). */
export function rawObject(input: unknown): Raw {
  return typeof input === 'object' && input !== null ? (input as Raw) : {};
}

/** A required, trimmed string field; pushes REQUIRED when absent. Never echoes the value. */
export function requiredText(raw: Raw, field: string, problems: ErrorDetail[]): string {
  const value = raw[field];
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  problems.push({ field, message: `${field} is required`, reason: 'REQUIRED' });
  return '';
}

/**
 * Checks the fields every epay service has: gateway (an http(s) base URL without credentials, query or
 * fragment; a trailing `submit.php`, `mapi.php`, `api.php` or `api/pay/…` is cut off), pid, initiation,
 * signEncoding, notifyMethod and typeCodes. Problems are collected, not thrown.
 */
export function validateEpayCommon(raw: Raw, problems: ErrorDetail[]): EpayCommonOptions {
  const pid = requiredText(raw, 'pid', problems);
  if (pid && !/^[A-Za-z0-9_-]{1,64}$/.test(pid))
    problems.push({ field: 'pid', message: 'pid is the merchant id (letters, digits, - and _)', reason: 'FORMAT' });
  return {
    gatewayUrl: gatewayBase(raw.gateway, problems),
    pid,
    initiation: oneOf(raw, 'initiation', ['server', 'redirect'] as const, 'server', problems),
    signEncoding: oneOf(raw, 'signEncoding', ['raw', 'urlencoded'] as const, 'raw', problems),
    notifyMethod: oneOf(raw, 'notifyMethod', ['ANY', 'GET', 'POST'] as const, 'ANY', problems),
    typeCodes: typeCodesOf(raw.typeCodes, problems),
  };
}

/** CHANNEL_MISCONFIGURED naming every bad field. */
export function misconfigured(service: string, problems: ErrorDetail[]): ChannelError {
  return new ChannelError('CHANNEL_MISCONFIGURED', `${service} options invalid: ${problems.map((p) => p.field).join(', ')}`, {
    details: problems,
  });
}

const ENDPOINT_SUFFIX = /(?:submit\.php|mapi\.php|api\.php|api\/pay\/[a-z]+)$/;

function gatewayBase(value: unknown, problems: ErrorDetail[]): string {
  if (value === undefined || value === null || value === '') {
    problems.push({ field: 'gateway', message: 'gateway is required', reason: 'REQUIRED' });
    return '';
  }
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value.trim()) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    problems.push({ field: 'gateway', message: 'gateway is the http(s) address of the epay site, without query', reason: 'FORMAT' });
    return '';
  }
  const path = url.pathname.replace(ENDPOINT_SUFFIX, '');
  url.pathname = path.endsWith('/') ? path : `${path}/`;
  return url.toString();
}

function oneOf<T extends string>(raw: Raw, field: string, allowed: readonly T[], fallback: T, problems: ErrorDetail[]): T {
  const value = raw[field];
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  problems.push({ field, message: `${field} is one of ${allowed.join(', ')}`, reason: 'FORMAT' });
  return fallback;
}

function typeCodesOf(value: unknown, problems: ErrorDetail[]): Record<EpayChannelName, string> {
  const codes = { ...DEFAULT_TYPE_CODES };
  if (value === undefined || value === null) return codes;
  if (typeof value !== 'object') {
    problems.push({ field: 'typeCodes', message: 'typeCodes maps WALLET_A / WALLET_B to the gateway type', reason: 'FORMAT' });
    return codes;
  }
  for (const [channel, code] of Object.entries(value as Raw)) {
    if (code === undefined || code === '') continue;
    if (!(EPAY_CHANNELS as readonly string[]).includes(channel) || typeof code !== 'string' || !/^[a-z0-9_]{1,32}$/i.test(code)) {
      problems.push({ field: `typeCodes.${channel}`, message: 'unknown channel or malformed type', reason: 'FORMAT' });
    } else {
      codes[channel as EpayChannelName] = code;
    }
  }
  return codes;
}
