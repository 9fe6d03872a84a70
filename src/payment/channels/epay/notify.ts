import { InvalidAmountError, parseAmount } from '../../money/index.js';
import { rawBodyText } from '../core/callback-request.js';
import { ChannelError } from '../core/errors.js';
import type { CallbackEvent, CallbackRequest } from '../core/types.js';
import { beijingTimeToIso } from '../wallet-a/beijing-time.js';
import type { EpayDialect } from './epay-dialect.js';
import type { EpayCommonOptions } from './options.js';
import { PAID_TRADE_STATUS } from './order-status.js';
import { checkReceivedSignature, unixSecondsToIso } from './signature.js';

/**
 * The notification's parameters exactly as signed: the query string of a GET; the urlencoded body of a
 * POST, decoded once (or its query string when the body is empty, as some gateways POST that way).
 */
export function notifyParams(request: CallbackRequest): Record<string, string> {
  if (request.method.toUpperCase() === 'GET') return { ...request.query };
  const body = rawBodyText(request);
  return body.trim() === '' ? { ...request.query } : Object.fromEntries(new URLSearchParams(body));
}

/**
 * Verifies an epay notification and normalises it. Order: the method the service accepts, then the signature
 * over every received parameter (and the V2 timestamp) — nothing unverified is trusted —, then that it is for
 * our merchant id, then its content. epay notifies only payments (`trade_status=TRADE_SUCCESS`); any other
 * status is acknowledged and ignored. epay has no notification id: `trade_no:trade_status` stands for one,
 * the same on every resend of the same payment.
 */
export function verifyEpayNotify(
  request: CallbackRequest,
  context: { options: EpayCommonOptions; dialect: EpayDialect; nowMs: number },
): CallbackEvent {
  const { options, dialect } = context;
  const method = request.method.toUpperCase();
  if (options.notifyMethod !== 'ANY' && method !== options.notifyMethod) {
    throw new ChannelError(
      'MISSING_SIGNATURE',
      `${dialect.label} notifications are accepted by ${options.notifyMethod} only, not ${method}`,
    );
  }
  const params = notifyParams(request);
  const check = checkReceivedSignature(params, { dialect, encoding: options.signEncoding, nowMs: context.nowMs });
  if (!check.ok) throw new ChannelError(check.code, check.reason);
  if (params.pid !== options.pid) mismatch(dialect.label, 'pid', 'notification is for another merchant id');
  if (!params.out_trade_no) throw new ChannelError('UNSUPPORTED_EVENT', `${dialect.label} notification without out_trade_no`);
  if (params.trade_status !== PAID_TRADE_STATUS) {
    throw new ChannelError('UNSUPPORTED_EVENT', `${dialect.label} trade_status ${params.trade_status ?? '(none)'} is not handled`);
  }
  return {
    orderRef: params.out_trade_no,
    status: 'SUCCESS',
    amountMinor: notifiedAmount(params.money, dialect.label),
    currency: 'CNY',
    channelTradeNo: params.trade_no || undefined,
    paidAt: beijingTimeToIso(params.endtime),
    // The site's trade_no is not unique across orders (a reused or forged one must not make a repeat).
    eventId: `${params.out_trade_no}:${params.trade_no ?? ''}:${params.trade_status}`,
    sentAt: dialect.timestamped ? unixSecondsToIso(params.timestamp) : undefined,
    vendorStatus: params.trade_status,
    raw: withoutSignature(params),
  };
}

/** money is a yuan string; compared with the order later as integer fen. */
function notifiedAmount(money: string | undefined, label: string): number {
  try {
    return parseAmount(money, 'CNY', { field: 'money' }).amountMinor;
  } catch (err) {
    if (err instanceof InvalidAmountError) mismatch(label, 'money', 'notification has no valid amount');
    throw err;
  }
}

function withoutSignature(params: Record<string, string>): Record<string, string> {
  const { sign: _sign, ...rest } = params;
  return rest;
}

function mismatch(label: string, field: string, message: string): never {
  throw new ChannelError('CALLBACK_MISMATCH', `${label} ${message}`, { details: [{ field, message, reason: 'MISMATCH' }] });
}
