import { isIP } from 'node:net';
import { ChannelError } from '../core/errors.js';
import type { InitiateContext } from '../core/types.js';
import type { WalletBChannelName } from './options.js';

/** WeChat openids are 28 characters today; the pattern leaves room without admitting anything odd. */
export const OPENID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** The payer's IP as WeChat Pay wants `payer_client_ip`: an IPv4-mapped IPv6 address is written as IPv4. */
export function payerIp(ctx: Pick<InitiateContext, 'clientIp'>): string | undefined {
  const ip = ctx.clientIp?.trim();
  if (!ip) return undefined;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1] : ip;
}

/**
 * H5 needs the payer's IP (scene_info) and JSAPI the payer's openid under our appId; without them WeChat Pay
 * refuses the prepay. Checked before an order is created so that a missing fact changes nothing.
 */
export function assertPayerFacts(channel: WalletBChannelName, ctx: Pick<InitiateContext, 'clientIp' | 'payerOpenId'>): void {
  if (channel === 'H5' && !isIP(payerIp(ctx) ?? '')) {
    throw new ChannelError('PAYER_DETAILS_REQUIRED', '微信 H5 支付需要付款人的 IP 地址', {
      messageEn: 'WeChat Pay H5 needs the payer IP address',
      details: [{ field: 'clientIp', message: 'the payer IP address is required for H5', reason: 'REQUIRED' }],
    });
  }
  if (channel === 'JSAPI' && !OPENID_PATTERN.test(ctx.payerOpenId ?? '')) {
    throw new ChannelError('PAYER_DETAILS_REQUIRED', '微信 JSAPI 支付需要付款人的 openid（additionalData.openid）', {
      messageEn: 'WeChat Pay JSAPI needs the payer openid (additionalData.openid)',
      details: [{ field: 'additionalData.openid', message: 'the payer openid under this appId is required for JSAPI', reason: 'REQUIRED' }],
    });
  }
}
