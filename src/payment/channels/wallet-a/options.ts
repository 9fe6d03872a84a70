import type { KeyObject } from 'node:crypto';
import type { ErrorDetail } from '../../../host/sdk/index.js';
import { ChannelError } from '../core/errors.js';
import { loadRsaPrivateKey, loadRsaPublicKey } from '../crypto/rsa-keys.js';

export const WALLET_A_CHANNELS = ['FACE_TO_FACE_PAYMENT', 'PC_WEBSITE', 'MOBILE_WEBSITE', 'ORDER_CODE'] as const;
export type WalletAChannelName = (typeof WALLET_A_CHANNELS)[number];

export const ALIPAY_GATEWAYS = {
  production: 'https://openapi.alipay.com/gateway.do',
  sandbox: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
} as const;

/** Alipay product_code per channel; merchants with other contracts override them. */
export const DEFAULT_PRODUCT_CODES: Readonly<Record<WalletAChannelName, string>> = {
  FACE_TO_FACE_PAYMENT: 'FACE_TO_FACE_PAYMENT',
  PC_WEBSITE: 'FAST_INSTANT_TRADE_PAY',
  MOBILE_WEBSITE: 'QUICK_WAP_WAY',
  ORDER_CODE: 'QR_CODE_OFFLINE',
};

/** Validated WALLET_A credentials with keys loaded once. */
export interface WalletAOptions {
  appId: string;
  privateKey: KeyObject;
  alipayPublicKey: KeyObject;
  signType: 'RSA2';
  gatewayUrl: string;
  productCodes: Readonly<Record<WalletAChannelName, string>>;
  /** When set, notifications for another seller (seller_id) are refused. */
  sellerId?: string;
}

type Raw = Record<string, unknown>;

/**
 * Checks raw settings: appId, privateKey (PKCS#1/PKCS#8 PEM or bare base64), alipayPublicKey, signType
 * (RSA2 only), gateway (`sandbox`, `production` or an http(s) URL), optional productCodes per channel
 * and sellerId. Throws CHANNEL_MISCONFIGURED listing every bad field, never echoing key material.
 */
export function validateWalletAOptions(input: unknown): WalletAOptions {
  const raw: Raw = typeof input === 'object' && input !== null ? (input as Raw) : {};
  const problems: ErrorDetail[] = [];
  const need = (field: string): string => {
    const value = raw[field];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    problems.push({ field, message: `${field} is required`, reason: 'REQUIRED' });
    return '';
  };
  const appId = need('appId');
  if (appId && !/^[A-Za-z0-9_-]{1,64}$/.test(appId))
    problems.push({ field: 'appId', message: 'appId is the application id (letters and digits)', reason: 'FORMAT' });
  const privateKey = loadKey(need('privateKey'), 'privateKey', loadRsaPrivateKey, problems);
  const alipayPublicKey = loadKey(need('alipayPublicKey'), 'alipayPublicKey', loadRsaPublicKey, problems);
  const signType = raw.signType ?? 'RSA2';
  if (signType !== 'RSA2') problems.push({ field: 'signType', message: 'only RSA2 is supported', reason: 'UNSUPPORTED' });
  const gatewayUrl = resolveGateway(raw.gateway, problems);
  const productCodes = resolveProductCodes(raw.productCodes, problems);
  const sellerId = typeof raw.sellerId === 'string' && raw.sellerId.trim() ? raw.sellerId.trim() : undefined;
  if (problems.length > 0) {
    throw new ChannelError('CHANNEL_MISCONFIGURED', `WALLET_A options invalid: ${problems.map((p) => p.field).join(', ')}`, {
      details: problems,
    });
  }
  return { appId, privateKey: privateKey!, alipayPublicKey: alipayPublicKey!, signType: 'RSA2', gatewayUrl, productCodes, sellerId };
}

function loadKey(text: string, field: string, load: (t: string) => KeyObject, problems: ErrorDetail[]): KeyObject | undefined {
  if (!text) return undefined;
  try {
    return load(text);
  } catch (err) {
    problems.push({ field, message: `${field} is not a usable RSA key: ${(err as Error).message}`, reason: 'KEY' });
    return undefined;
  }
}

function resolveGateway(value: unknown, problems: ErrorDetail[]): string {
  if (value === undefined || value === '' || value === 'production') return ALIPAY_GATEWAYS.production;
  if (value === 'sandbox') return ALIPAY_GATEWAYS.sandbox;
  if (typeof value === 'string' && /^https?:\/\//i.test(value)) {
    try {
      return new URL(value).toString();
    } catch {
      // reported below
    }
  }
  problems.push({ field: 'gateway', message: 'gateway is "sandbox", "production" or an http(s) URL', reason: 'FORMAT' });
  return '';
}

function resolveProductCodes(value: unknown, problems: ErrorDetail[]): Record<WalletAChannelName, string> {
  const codes = { ...DEFAULT_PRODUCT_CODES };
  if (value === undefined || value === null) return codes;
  if (typeof value !== 'object') {
    problems.push({ field: 'productCodes', message: 'productCodes maps a channel to an Alipay product_code', reason: 'FORMAT' });
    return codes;
  }
  for (const [channel, code] of Object.entries(value as Raw)) {
    if (!(WALLET_A_CHANNELS as readonly string[]).includes(channel) || typeof code !== 'string' || !/^[A-Z0-9_]+$/.test(code)) {
      problems.push({ field: `productCodes.${channel}`, message: 'unknown channel or malformed product code', reason: 'FORMAT' });
    } else {
      codes[channel as WalletAChannelName] = code;
    }
  }
  return codes;
}
