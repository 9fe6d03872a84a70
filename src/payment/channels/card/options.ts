import type { ErrorDetail } from '../../../host/sdk/index.js';
import { ChannelError } from '../core/errors.js';
import { CARD_CURRENCIES } from './stripe-amount.js';

export const CARD_CHANNELS = ['CHECKOUT'] as const;

export const STRIPE_API_BASE = 'https://api.stripe.com';

/** Validated CARD (Stripe Checkout) options. */
export interface CardOptions {
  /** Secret (`sk_…`) or restricted (`rk_…`) API key: the Bearer credential of every API call. */
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`): the HMAC-SHA256 key of `Stripe-Signature`. */
  webhookSecret: string;
  /** The currency of an initiation that names none (upper-case ISO 4217, one Stripe presents). */
  currency: string;
  /** Base URL without a trailing slash; API paths (`/v1/…`) are appended. */
  apiBaseUrl: string;
  /** Whether the key is a live one: events must say the same (`livemode`). */
  livemode: boolean;
}

type Raw = Record<string, unknown>;

const SECRET_KEY = /^(sk|rk)_(test|live)_[0-9A-Za-z]{8,240}$/;
const WEBHOOK_SECRET = /^whsec_[0-9A-Za-z+/=_-]{8,240}$/;

/**
 * Checks raw settings: secretKey, webhookSecret, currency (default USD) and apiBaseUrl (default
 * https://api.stripe.com; another http(s) URL for a proxy or a test gateway). Throws CHANNEL_MISCONFIGURED
 * listing every bad field; messages describe the expected shape and never contain a key.
 */
export function validateCardOptions(input: unknown): CardOptions {
  const raw: Raw = typeof input === 'object' && input !== null ? (input as Raw) : {};
  const problems: ErrorDetail[] = [];
  const text = (field: string): string => (typeof raw[field] === 'string' ? (raw[field] as string).trim() : '');
  const problem = (field: string, message: string, reason = 'FORMAT') => problems.push({ field, message, reason });

  const secretKey = text('secretKey');
  if (!secretKey) problem('secretKey', 'secretKey is required', 'REQUIRED');
  else if (/^pk_/.test(secretKey)) problem('secretKey', 'secretKey is the secret key (sk_…), not the publishable key (pk_…)');
  else if (!SECRET_KEY.test(secretKey)) problem('secretKey', 'secretKey is a Stripe secret or restricted key (sk_… or rk_…)');

  const webhookSecret = text('webhookSecret');
  if (!webhookSecret) problem('webhookSecret', 'webhookSecret is required', 'REQUIRED');
  else if (!WEBHOOK_SECRET.test(webhookSecret))
    problem('webhookSecret', "webhookSecret is the webhook endpoint's signing secret (whsec_…)");

  const currency = (text('currency') || 'USD').toUpperCase();
  if (!(currency in CARD_CURRENCIES)) problem('currency', 'currency is the ISO 4217 code of a currency Stripe presents (USD, EUR, JPY, …)');

  const apiBaseUrl = resolveApiBase(raw.apiBaseUrl, problem);
  if (problems.length > 0) {
    throw new ChannelError('CHANNEL_MISCONFIGURED', `CARD options invalid: ${problems.map((p) => p.field).join(', ')}`, {
      details: problems,
    });
  }
  return { secretKey, webhookSecret, currency, apiBaseUrl, livemode: secretKey.includes('_live_') };
}

function resolveApiBase(value: unknown, problem: (field: string, message: string) => void): string {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return STRIPE_API_BASE;
  if (typeof value === 'string' && /^https?:\/\//i.test(value.trim())) {
    try {
      const url = new URL(value.trim());
      if (!url.search && !url.hash && !url.username && !url.password) return url.toString().replace(/\/+$/, '');
    } catch {
      // reported below
    }
  }
  problem('apiBaseUrl', 'apiBaseUrl is an http(s) URL without query, fragment or credentials');
  return '';
}
