import { InvalidAmountError, parseAmount } from '../../money/index.js';
import { callbackParams } from '../core/callback-request.js';
import { ChannelError } from '../core/errors.js';
import type { CallbackEvent, CallbackRequest } from '../core/types.js';
import { beijingTimeToIso } from './beijing-time.js';
import type { WalletAOptions } from './options.js';
import { verifyNotifySignature } from './signature.js';
import { mapTradeStatus } from './trade-status.js';

/** The only notify_type of trade notifications; others (e.g. fund changes) are acknowledged and ignored. */
const TRADE_NOTIFY_TYPE = 'trade_status_sync';

/**
 * Verifies an Alipay asynchronous notification (POST form) and normalises it. Order: signature first
 * (nothing unverified is trusted), then that it is for our app (and seller), then its content.
 */
export function verifyAlipayNotify(request: CallbackRequest, options: WalletAOptions): CallbackEvent {
  const params = callbackParams(request);
  if (!params.sign) throw new ChannelError('MISSING_SIGNATURE', 'Alipay notification without sign');
  if (params.sign_type && params.sign_type !== options.signType) {
    throw new ChannelError('BAD_SIGNATURE', `Alipay notification sign_type ${params.sign_type} is not ${options.signType}`);
  }
  if (!verifyNotifySignature(params, options.alipayPublicKey)) {
    throw new ChannelError('BAD_SIGNATURE', 'Alipay notification signature does not verify with the Alipay public key');
  }
  if (params.app_id !== options.appId) mismatch('app_id', 'notification is for another application');
  if (options.sellerId && params.seller_id && params.seller_id !== options.sellerId)
    mismatch('seller_id', 'notification is for another seller');
  if (params.notify_type && params.notify_type !== TRADE_NOTIFY_TYPE) {
    throw new ChannelError('UNSUPPORTED_EVENT', `Alipay notify_type ${params.notify_type} is not handled`);
  }
  if (!params.out_trade_no) throw new ChannelError('UNSUPPORTED_EVENT', 'Alipay notification without out_trade_no');
  const event: CallbackEvent = {
    orderRef: params.out_trade_no,
    status: mapTradeStatus(params.trade_status),
    amountMinor: notifiedAmount(params.total_amount),
    currency: 'CNY',
    channelTradeNo: params.trade_no || undefined,
    paidAt: beijingTimeToIso(params.gmt_payment),
    eventId: params.notify_id || undefined,
    sentAt: beijingTimeToIso(params.notify_time),
    vendorStatus: params.trade_status,
    raw: params,
  };
  return params.out_biz_no ? { ...event, refund: refundOf(params) } : event;
}

/**
 * A trade notification sent because of a refund carries the refund's out_request_no as `out_biz_no` and
 * `gmt_refund` (its `refund_fee` is the trade's running total, so no amount of this refund is claimed): a hint
 * that the refund service confirms with the refund query.
 */
function refundOf(params: Record<string, string>): NonNullable<CallbackEvent['refund']> {
  return {
    refundId: params.out_biz_no,
    status: 'SUCCESS',
    refundedAt: beijingTimeToIso(params.gmt_refund),
    vendorStatus: 'REFUND_NOTIFIED',
    raw: params,
  };
}

/** total_amount is a yuan string; compared with the order later as integer fen. */
function notifiedAmount(totalAmount: string | undefined): number | undefined {
  if (totalAmount === undefined) return undefined;
  try {
    return parseAmount(totalAmount, 'CNY', { field: 'total_amount' }).amountMinor;
  } catch (err) {
    if (err instanceof InvalidAmountError) mismatch('total_amount', `total_amount "${totalAmount}" is not a valid amount`);
    throw err;
  }
}

function mismatch(field: string, message: string): never {
  throw new ChannelError('CALLBACK_MISMATCH', `Alipay ${message}`, { details: [{ field, message, reason: 'MISMATCH' }] });
}
