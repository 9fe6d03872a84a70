import type { ErrorDetail } from '../../../host/sdk/index.js';
import { ChannelError } from '../core/errors.js';

export const INTL_WALLET_CHANNELS = ['CHECKOUT'] as const;

/** PayPal's REST hosts (the `api-m` names PayPal publishes for API calls). */
export const PAYPAL_LIVE = 'https://api-m.paypal.com';
export const PAYPAL_SANDBOX = 'https://api-m.sandbox.paypal.com';

/** Hosts that serve PayPal's webhook signing certificates (`PAYPAL-CERT-URL`), reached over https only. */
export const PAYPAL_CERT_HOSTS: readonly string[] = ['api.paypal.com', 'api.sandbox.paypal.com'];

/**
 * Currencies PayPal takes for payments, all with their ISO 4217 exponent (JPY 0, the rest 2). HUF and TWD are
 * left out on purpose: PayPal takes them in whole units only while ISO (and our stored amounts) give them two
 * decimals, which a currency rule cannot express without changing the unit of the stored amount.
 */
export const PAYPAL_CURRENCIES: readonly string[] = [
  'AUD',
  'BRL',
  'CAD',
  'CHF',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'GBP',
  'HKD',
  'ILS',
  'JPY',
  'MXN',
  'MYR',
  'NOK',
  'NZD',
  'PHP',
  'PLN',
  'SEK',
  'SGD',
  'THB',
  'USD',
];

/** offline: check the signature with PayPal's certificate here; api: ask PayPal's verify-webhook-signature. */
export const VERIFICATION_MODES = ['offline', 'api'] as const;
export type VerificationMode = (typeof VERIFICATION_MODES)[number];

/** Validated INTL_WALLET (PayPal Orders v2) credentials. */
export interface IntlWalletOptions {
  clientId: string;
  clientSecret: string;
  /** The id of the webhook configured at PayPal for our `asyncCallback/CUSTOM` URL (part of the signed text). */
  webhookId: string;
  /** Currencies orders may be in (the `currency` option: one code or several separated by commas). */
  currencies: readonly string[];
  /** REST base URL without a trailing slash. */
  baseUrl: string;
  verification: VerificationMode;
  /**
   * Origins (`scheme://host[:port]`) besides PayPal's certificate hosts from which a webhook's certificate
   * may be fetched: the configured gateway's own origin when it is not PayPal (a local test gateway), plus
   * the `certOrigins` option.
   */
  certOrigins: readonly string[];
}

type Raw = Record<string, unknown>;

/** PayPal's client ids and secrets are long base64url-like strings; a space or quote means a paste went wrong. */
const CREDENTIAL = /^[A-Za-z0-9_.~+/=-]{8,256}$/;
const WEBHOOK_ID = /^[A-Za-z0-9-]{4,64}$/;

/**
 * Checks raw settings: clientId, clientSecret, webhookId, currency (default USD), gateway (`live` default,
 * `sandbox`, or an http(s) base URL), verification (`offline` default or `api`) and certOrigins. Throws
 * CHANNEL_MISCONFIGURED naming every bad field, never echoing the secret.
 */
export function validateIntlWalletOptions(input: unknown): IntlWalletOptions {
  const raw: Raw = typeof input === 'object' && input !== null ? (input as Raw) : {};
  const problems: ErrorDetail[] = [];
  const text = (field: string): string => (typeof raw[field] === 'string' ? (raw[field] as string).trim() : '');
  const need = (field: string, pattern: RegExp, shape: string): string => {
    const value = text(field);
    if (!value) problems.push({ field, message: `${field} is required`, reason: 'REQUIRED' });
    else if (!pattern.test(value)) problems.push({ field, message: `${field} is ${shape}`, reason: 'FORMAT' });
    return value;
  };
  const clientId = need('clientId', CREDENTIAL, 'the REST app client ID (8–256 letters, digits and -_.~+/=)');
  const clientSecret = need('clientSecret', CREDENTIAL, 'the REST app secret (8–256 letters, digits and -_.~+/=)');
  const webhookId = need('webhookId', WEBHOOK_ID, 'the webhook ID PayPal shows for our callback URL (letters and digits)');
  const currencies = parseCurrencies(raw.currency, problems);
  const baseUrl = resolveBaseUrl(raw.gateway, problems);
  const verification = (text('verification') || 'offline') as VerificationMode;
  if (!VERIFICATION_MODES.includes(verification)) {
    problems.push({ field: 'verification', message: `verification is one of ${VERIFICATION_MODES.join(', ')}`, reason: 'FORMAT' });
  }
  const certOrigins = resolveCertOrigins(raw.certOrigins, baseUrl, problems);
  if (problems.length > 0) {
    throw new ChannelError('CHANNEL_MISCONFIGURED', `INTL_WALLET options invalid: ${problems.map((p) => p.field).join(', ')}`, {
      details: problems,
    });
  }
  return { clientId, clientSecret, webhookId, currencies, baseUrl, verification, certOrigins };
}

function parseCurrencies(value: unknown, problems: ErrorDetail[]): string[] {
  const text = typeof value === 'string' && value.trim() ? value : 'USD';
  const codes = [
    ...new Set(
      text
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((c) => c.toUpperCase()),
    ),
  ];
  const refused = codes.filter((code) => !PAYPAL_CURRENCIES.includes(code));
  if (refused.length > 0) {
    problems.push({
      field: 'currency',
      message: `PayPal does not take ${refused.join(', ').slice(0, 64)}; one or more of ${PAYPAL_CURRENCIES.join(', ')}`,
      reason: 'UNSUPPORTED',
    });
  }
  return codes;
}

function resolveBaseUrl(value: unknown, problems: ErrorDetail[]): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '' || text === 'live') return PAYPAL_LIVE;
  if (text === 'sandbox') return PAYPAL_SANDBOX;
  const url = httpUrl(text);
  if (url) return url.toString().replace(/\/+$/, '');
  problems.push({ field: 'gateway', message: 'gateway is live, sandbox or an http(s) URL without query or credentials', reason: 'FORMAT' });
  return '';
}

function resolveCertOrigins(value: unknown, baseUrl: string, problems: ErrorDetail[]): string[] {
  const origins = new Set<string>();
  // A gateway other than PayPal's (a local test gateway) also serves the certificates of its webhooks.
  if (baseUrl && baseUrl !== PAYPAL_LIVE && baseUrl !== PAYPAL_SANDBOX) origins.add(new URL(baseUrl).origin);
  const listed = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  for (const entry of listed) {
    const url = typeof entry === 'string' ? httpUrl(entry.trim()) : undefined;
    if (url) origins.add(url.origin);
    else
      problems.push({ field: 'certOrigins', message: 'certOrigins are http(s) origins such as https://certs.example', reason: 'FORMAT' });
  }
  return [...origins];
}

function httpUrl(text: string): URL | undefined {
  if (!/^https?:\/\//i.test(text)) return undefined;
  try {
    const url = new URL(text);
    return url.search || url.hash || url.username || url.password ? undefined : url;
  } catch {
    return undefined;
  }
}
