import { hasHeader } from './callback-request.js';
import type { PaymentChannel } from './channel.js';
import { ChannelError } from './errors.js';
import type { CallbackRequest } from './types.js';

/**
 * Providers whose callbacks arrive at `asyncCallback/CUSTOM`: the card and international-wallet checkouts
 * (their webhooks are configured once per account, not per order) and the custom wallet-compatible
 * gateways. Listed in routing priority: header fingerprints first, body-shape matches last.
 */
export const CUSTOM_SUB_PROVIDERS = ['CARD', 'INTL_WALLET', 'WALLET_B_COMPATIBLE', 'WALLET_A_COMPATIBLE'] as const;

export type CustomSubProvider = (typeof CUSTOM_SUB_PROVIDERS)[number];

/**
 * Headers that identify a provider's webhook on their own. All listed headers must be present.
 * Alipay-compatible notifications carry no distinctive header; their adapter matches on the body.
 */
export const CUSTOM_HEADER_FINGERPRINTS: Readonly<Partial<Record<CustomSubProvider, readonly string[]>>> = {
  CARD: ['stripe-signature'],
  INTL_WALLET: ['paypal-transmission-id', 'paypal-transmission-sig'],
  WALLET_B_COMPATIBLE: ['wechatpay-signature', 'wechatpay-serial'],
};

/** A sub-provider available behind CUSTOM. */
export interface CustomRoute {
  sub: CustomSubProvider;
  channel: Pick<PaymentChannel, 'matchesCallback'> & Partial<PaymentChannel>;
}

/** The header-fingerprint matcher of a sub-provider (adapters may use it as their matchesCallback). */
export function matchesByFingerprint(sub: CustomSubProvider, request: Pick<CallbackRequest, 'headers'>): boolean {
  const headers = CUSTOM_HEADER_FINGERPRINTS[sub];
  return headers !== undefined && headers.every((name) => hasHeader(request, name));
}

/**
 * Picks the sub-provider for a CUSTOM callback: candidates are tried in CUSTOM_SUB_PROVIDERS order; each
 * decides through its adapter's matchesCallback, or the header fingerprint table when it has none.
 * Throws MISSING_SIGNATURE (400) when no configured sub-provider recognises the request.
 */
export function routeCustomCallback<R extends CustomRoute>(request: CallbackRequest, routes: readonly R[]): R {
  const ordered = [...routes].sort((a, b) => CUSTOM_SUB_PROVIDERS.indexOf(a.sub) - CUSTOM_SUB_PROVIDERS.indexOf(b.sub));
  for (const route of ordered) {
    const matches = route.channel.matchesCallback ? route.channel.matchesCallback(request) : matchesByFingerprint(route.sub, request);
    if (matches) return route;
  }
  throw new ChannelError('MISSING_SIGNATURE', 'no custom payment provider recognises this callback', {
    details: [{ field: 'headers', message: `configured: ${ordered.map((r) => r.sub).join(', ') || 'none'}`, reason: 'UNROUTABLE' }],
  });
}
