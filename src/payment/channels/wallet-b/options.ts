import type { KeyObject } from 'node:crypto';
import type { ErrorDetail } from '../../../host/sdk/index.js';
import { loadRsaPrivateKey } from '../crypto/rsa-keys.js';
import { ChannelError } from '../core/errors.js';
import {
  PUBLIC_KEY_ID_PATTERN,
  loadPlatformCertificates,
  loadPlatformPublicKey,
  normalizeSerial,
  type PlatformKeys,
} from './platform-keys.js';

export const WALLET_B_CHANNELS = ['NATIVE', 'H5', 'JSAPI'] as const;
export type WalletBChannelName = (typeof WALLET_B_CHANNELS)[number];

export const WECHAT_PAY_GATEWAY = 'https://api.mch.weixin.qq.com';

/** `scene_info.h5_info.type` of H5 payments: the payer's environment as WeChat Pay names it. */
export const H5_TYPES = ['Wap', 'iOS', 'Android'] as const;
export type H5Type = (typeof H5_TYPES)[number];

/** The APIv3 key is the AES-256-GCM key of notifications: exactly 32 bytes. */
export const API_V3_KEY_BYTES = 32;

/** Validated WALLET_B credentials with keys loaded once. */
export interface WalletBOptions {
  appId: string;
  mchId: string;
  apiV3Key: Buffer;
  /** Serial number of the merchant API certificate (names our key in the Authorization header). */
  serialNo: string;
  privateKey: KeyObject;
  /** Platform keys by `Wechatpay-Serial`: certificate serials and/or the public key's PUB_KEY_ID. */
  platformKeys: PlatformKeys;
  /** Base URL without a trailing slash; API paths (`/v3/…`) are appended. */
  gatewayUrl: string;
  h5Type: H5Type;
}

type Raw = Record<string, unknown>;

/** Settings of a WeChat-Pay-protocol gateway; `gatewayRequired` for self-hosted compatible gateways (CUSTOM). */
export interface WalletBValidation {
  label?: string;
  gatewayRequired?: boolean;
}

/**
 * Checks raw settings: appId, mchId, apiV3Key (32 bytes), serialNo (merchant certificate serial, hex),
 * privateKey (PKCS#8/PKCS#1 PEM or bare base64), platform keys (`platformPublicKey` with its
 * `platformPublicKeyId` PUB_KEY_ID_…, and/or `platformCertificates`: one or more PEM certificates whose
 * serials are read from the certificates), gateway (default https://api.mch.weixin.qq.com) and h5Type.
 * Throws CHANNEL_MISCONFIGURED listing every bad field, never echoing key material.
 */
export function validateWalletBOptions(input: unknown, settings: WalletBValidation = {}): WalletBOptions {
  const raw: Raw = typeof input === 'object' && input !== null ? (input as Raw) : {};
  const problems: ErrorDetail[] = [];
  const text = (field: string): string => (typeof raw[field] === 'string' ? (raw[field] as string).trim() : '');
  const need = (field: string): string => {
    const value = text(field);
    if (!value) problems.push({ field, message: `${field} is required`, reason: 'REQUIRED' });
    return value;
  };
  const format = (field: string, ok: boolean, message: string) => ok || problems.push({ field, message, reason: 'FORMAT' });

  const appId = need('appId');
  if (appId) format('appId', /^[A-Za-z0-9_-]{1,32}$/.test(appId), 'appId is the AppID bound to the merchant (letters and digits)');
  const mchId = need('mchId');
  if (mchId) format('mchId', /^[A-Za-z0-9_-]{1,32}$/.test(mchId), 'mchId is the merchant number (digits)');
  const apiV3Key = need('apiV3Key');
  if (apiV3Key) format('apiV3Key', Buffer.byteLength(apiV3Key, 'utf8') === API_V3_KEY_BYTES, `apiV3Key must be ${API_V3_KEY_BYTES} bytes`);
  const serialNo = normalizeSerial(need('serialNo'));
  if (serialNo)
    format('serialNo', /^[0-9A-F]{8,64}$/.test(serialNo), 'serialNo is the hexadecimal serial number of the merchant API certificate');
  const privateKey = loadKey('privateKey', need('privateKey'), loadRsaPrivateKey, problems);
  const platformKeys = resolvePlatformKeys(text, problems);
  if (serialNo && platformKeys.has(serialNo)) {
    problems.push({ field: 'serialNo', message: 'serialNo names a platform certificate, not the merchant certificate', reason: 'FORMAT' });
  }
  const gatewayUrl = resolveGateway(raw.gateway, settings.gatewayRequired === true, problems);
  const h5Type = (raw.h5Type ?? 'Wap') as H5Type;
  format('h5Type', (H5_TYPES as readonly unknown[]).includes(h5Type), `h5Type is one of ${H5_TYPES.join(', ')}`);
  if (problems.length > 0) {
    const label = settings.label ?? 'WALLET_B';
    throw new ChannelError('CHANNEL_MISCONFIGURED', `${label} options invalid: ${problems.map((p) => p.field).join(', ')}`, {
      details: problems,
    });
  }
  return { appId, mchId, apiV3Key: Buffer.from(apiV3Key, 'utf8'), serialNo, privateKey: privateKey!, platformKeys, gatewayUrl, h5Type };
}

/** Public-key mode, certificate mode, or both (a migration): at least one is needed to verify anything. */
function resolvePlatformKeys(text: (field: string) => string, problems: ErrorDetail[]): PlatformKeys {
  const keys = new Map<string, KeyObject>();
  const publicKey = text('platformPublicKey');
  const publicKeyId = text('platformPublicKeyId');
  const certificates = text('platformCertificates');
  if (publicKey || publicKeyId) {
    if (!PUBLIC_KEY_ID_PATTERN.test(publicKeyId)) {
      problems.push({ field: 'platformPublicKeyId', message: 'platformPublicKeyId is the key id PUB_KEY_ID_…', reason: 'FORMAT' });
    }
    const loaded = loadKey('platformPublicKey', publicKey, (t) => loadPlatformPublicKey(publicKeyId, t), problems, true);
    for (const [id, key] of loaded ?? []) keys.set(id, key);
  }
  if (certificates) {
    const loaded = loadKey('platformCertificates', certificates, loadPlatformCertificates, problems);
    for (const [serial, key] of loaded ?? []) keys.set(serial, key);
  }
  if (!publicKey && !certificates) {
    problems.push({
      field: 'platformPublicKey',
      message: 'the WeChat Pay public key (with its PUB_KEY_ID) or the platform certificates are required',
      reason: 'REQUIRED',
    });
  }
  return keys;
}

function loadKey<T>(field: string, value: string, load: (text: string) => T, problems: ErrorDetail[], required = false): T | undefined {
  if (!value) {
    if (required) problems.push({ field, message: `${field} is required`, reason: 'REQUIRED' });
    return undefined;
  }
  try {
    return load(value);
  } catch (err) {
    problems.push({ field, message: `${field} is not usable: ${(err as Error).message}`, reason: 'KEY' });
    return undefined;
  }
}

function resolveGateway(value: unknown, required: boolean, problems: ErrorDetail[]): string {
  if ((value === undefined || value === '') && !required) return WECHAT_PAY_GATEWAY;
  if (typeof value === 'string' && /^https?:\/\//i.test(value.trim())) {
    try {
      const url = new URL(value.trim());
      if (!url.search && !url.hash && !url.username && !url.password) return url.toString().replace(/\/+$/, '');
    } catch {
      // reported below
    }
  }
  problems.push({
    field: 'gateway',
    message: 'gateway is an http(s) URL without query, fragment or credentials',
    reason: required && !value ? 'REQUIRED' : 'FORMAT',
  });
  return '';
}
