import type { ErrorDetail } from '../../../host/sdk/index.js';
import { ChannelError, isChannelError } from '../core/errors.js';
import { WALLET_A_CHANNELS, validateWalletAOptions, type WalletAOptions } from '../wallet-a/index.js';
import type { WalletAChannelName } from '../wallet-a/options.js';
import { WALLET_B_CHANNELS, validateWalletBOptions, type WalletBChannelName, type WalletBOptions } from '../wallet-b/index.js';

export const CUSTOM_CHANNELS = ['WALLET_A_COMPATIBLE', 'WALLET_B_COMPATIBLE'] as const;
export type CustomChannelName = (typeof CUSTOM_CHANNELS)[number];

/** An Alipay-protocol gateway of one's own: its credentials and which Alipay payment method it is asked for. */
export interface CustomWalletA {
  options: WalletAOptions;
  /** The WALLET_A channel whose method a WALLET_A_COMPATIBLE order uses (precreate QR, page or wap pay). */
  mode: WalletAChannelName;
}

/** A WeChat-Pay-protocol gateway of one's own: its credentials and which APIv3 channel it is asked for. */
export interface CustomWalletB {
  options: WalletBOptions;
  /** The WALLET_B channel whose prepay a WALLET_B_COMPATIBLE order uses (NATIVE, H5 or JSAPI). */
  mode: WalletBChannelName;
}

/** Validated CUSTOM options: the sub-providers that are configured (at least one). */
export interface CustomOptions {
  walletA?: CustomWalletA;
  walletB?: CustomWalletB;
}

type Raw = Record<string, unknown>;

/** Fields that choose a behaviour rather than carry credentials: set alone, they do not configure a sub-provider. */
const CHOICE_FIELDS = ['mode', 'h5Type', 'signType'];

/**
 * Checks raw CUSTOM options `{walletA?: {...WALLET_A options, gateway (required URL), mode}, walletB?: {...
 * WALLET_B options, gateway (required URL), mode}}`. A sub-provider with any credential set is validated in
 * full by its protocol's own validator; at least one must be configured. Problems are named with the
 * sub-provider's prefix (`walletB.apiV3Key`) and never echo key material.
 */
export function validateCustomOptions(input: unknown): CustomOptions {
  const raw: Raw = typeof input === 'object' && input !== null ? (input as Raw) : {};
  const problems: ErrorDetail[] = [];
  const options: CustomOptions = {};
  const walletA = subProvider(raw.walletA);
  if (walletA) {
    const mode = pickMode(walletA.mode, WALLET_A_CHANNELS, 'FACE_TO_FACE_PAYMENT', 'walletA.mode', problems);
    if (!(typeof walletA.gateway === 'string' && /^https?:\/\//i.test(walletA.gateway.trim()))) {
      problems.push({
        field: 'walletA.gateway',
        message: 'the gateway of an Alipay-compatible service is an http(s) URL',
        reason: 'REQUIRED',
      });
    }
    const validated = collect('walletA', () => validateWalletAOptions(walletA), problems);
    if (validated && mode) options.walletA = { options: validated, mode };
  }
  const walletB = subProvider(raw.walletB);
  if (walletB) {
    const mode = pickMode(walletB.mode, WALLET_B_CHANNELS, 'NATIVE', 'walletB.mode', problems);
    const validated = collect('walletB', () => validateWalletBOptions(walletB, { gatewayRequired: true }), problems);
    if (validated && mode) options.walletB = { options: validated, mode };
  }
  if (!walletA && !walletB) {
    problems.push({ field: 'walletA', message: 'configure an Alipay-compatible or a WeChat-Pay-compatible gateway', reason: 'REQUIRED' });
  }
  if (problems.length > 0) {
    throw new ChannelError('CHANNEL_MISCONFIGURED', `CUSTOM options invalid: ${problems.map((p) => p.field).join(', ')}`, {
      details: problems,
    });
  }
  return options;
}

/** The raw options of a sub-provider when any of its credentials is set. */
function subProvider(value: unknown): Raw | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const raw = value as Raw;
  const configured = Object.entries(raw).some(([key, v]) => !CHOICE_FIELDS.includes(key) && typeof v === 'string' && v.trim() !== '');
  return configured ? raw : undefined;
}

function pickMode<T extends string>(
  value: unknown,
  allowed: readonly T[],
  fallback: T,
  field: string,
  problems: ErrorDetail[],
): T | undefined {
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly unknown[]).includes(value)) return value as T;
  problems.push({ field, message: `${field} is one of ${allowed.join(', ')}`, reason: 'FORMAT' });
  return undefined;
}

/** Runs a protocol's validator and files its problems under the sub-provider's prefix. */
function collect<T>(prefix: string, validate: () => T, problems: ErrorDetail[]): T | undefined {
  try {
    return validate();
  } catch (err) {
    if (!isChannelError(err, 'CHANNEL_MISCONFIGURED')) throw err;
    for (const detail of err.details)
      if (!problems.some((p) => p.field === `${prefix}.${detail.field}`)) problems.push({ ...detail, field: `${prefix}.${detail.field}` });
    return undefined;
  }
}
