import { InvalidAmountError, parseAmount } from '../../money/index.js';
import { callbackParams } from '../core/callback-request.js';
import { ChannelError } from '../core/errors.js';
import type { CallbackEvent, CallbackRequest } from '../core/types.js';
import { verifyXunhupayHash } from './hash.js';
import type { Aggregator2Options } from './options.js';
import { mapXunhupayStatus } from './trade-status.js';

/**
 * Verifies a xunhupay notification (a POSTed form; a GET query is read the same way) and normalises it.
 * Order: the hash over every received parameter first (nothing unverified is trusted), then that it is for
 * our APPID, then its content.
 */
export function verifyXunhupayNotify(request: CallbackRequest, options: Aggregator2Options): CallbackEvent {
  const params = callbackParams(request);
  if (!params.hash) throw new ChannelError('MISSING_SIGNATURE', 'xunhupay notification without hash');
  if (!verifyXunhupayHash(params, options.appSecret)) {
    throw new ChannelError('BAD_SIGNATURE', 'xunhupay notification hash does not verify with the appsecret');
  }
  // The APPID is covered by the hash; older notifications omit it, and the appsecret already ties them to us.
  if (params.appid && params.appid !== options.appId) mismatch('appid', 'notification is for another APPID');
  if (!params.trade_order_id) throw new ChannelError('UNSUPPORTED_EVENT', 'xunhupay notification without trade_order_id');
  return {
    orderRef: params.trade_order_id,
    status: mapXunhupayStatus(params.status),
    amountMinor: notifiedAmount(params.total_fee),
    currency: 'CNY',
    channelTradeNo: params.open_order_id || undefined,
    eventId: notificationId(params),
    sentAt: unixSecondsToIso(params.time),
    vendorStatus: params.status,
    raw: params,
  };
}

/**
 * xunhupay gives a notification no id of its own, and a resend may carry a new time and nonce_str. What
 * stays the same on every copy of one event is the order, its new status and xunhupay's order (or, when
 * that is absent, the wallet's transaction): together they name the notification.
 */
export function notificationId(params: Readonly<Record<string, string>>): string {
  return [params.trade_order_id, params.status ?? '', params.open_order_id || params.transaction_id || ''].join(':');
}

/** total_fee is a yuan string; compared with the order later as integer fen. */
function notifiedAmount(totalFee: string | undefined): number | undefined {
  if (totalFee === undefined || totalFee === '') return undefined;
  try {
    return parseAmount(totalFee, 'CNY', { field: 'total_fee' }).amountMinor;
  } catch (err) {
    if (err instanceof InvalidAmountError) mismatch('total_fee', `total_fee "${totalFee}" is not a valid amount`);
    throw err;
  }
}

/** `time` is the signed send time in Unix seconds. */
function unixSecondsToIso(time: string | undefined): string | undefined {
  if (!time || !/^\d{9,11}$/.test(time)) return undefined;
  return new Date(Number(time) * 1000).toISOString();
}

function mismatch(field: string, message: string): never {
  throw new ChannelError('CALLBACK_MISMATCH', `xunhupay ${message}`, { details: [{ field, message, reason: 'MISMATCH' }] });
}
