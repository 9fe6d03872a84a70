import { formatMinor, InvalidAmountError, parseAmount } from '../../money/index.js';
import { ChannelError, isChannelError } from '../core/errors.js';
import type { ChannelOrder, CloseResult, InitiateContext, InitiateResult, QueryResult } from '../core/types.js';
import { badResponse, type XunhupayAnswer, type XunhupayClient } from './gateway-client.js';
import type { Aggregator2ChannelName, Aggregator2Options } from './options.js';
import { mapXunhupayStatus } from './trade-status.js';

/** The `payment` parameter that picks the wallet behind one xunhupay APPID. */
export const XUNHUPAY_PAYMENT: Readonly<Record<Aggregator2ChannelName, string>> = {
  WALLET_A: 'alipay',
  WALLET_B: 'wechat',
};

/** xunhupay accepts order titles of at most 32 characters. */
const MAX_TITLE_CHARS = 32;

/** The payment/do.html parameters of an order, before appid, time, nonce_str and hash are added. */
export function initiationParams(order: ChannelOrder, channel: Aggregator2ChannelName, ctx: InitiateContext): Record<string, string> {
  const returnUrl = ctx.returnUrl ?? (ctx.baseUrl ? `${ctx.baseUrl}/payment/${order.paymentId}` : undefined);
  return {
    version: '1.1',
    trade_order_id: order.paymentId,
    payment: XUNHUPAY_PAYMENT[channel],
    total_fee: formatMinor(order.amountMinor, order.currency),
    title: Array.from(order.subject).slice(0, MAX_TITLE_CHARS).join(''),
    notify_url: ctx.callbackUrl,
    ...(returnUrl ? { return_url: returnUrl } : {}),
  };
}

/**
 * payment/do.html. `url` is xunhupay's cashier page (it shows its own QR code on a computer and opens the
 * wallet on a phone); `url_qrcode` is a picture of a QR code, not its content, so the QR code our payment
 * page draws encodes `url`, which the wallet app opens when scanned.
 */
export async function initiateTrade(
  client: XunhupayClient,
  options: Aggregator2Options,
  order: ChannelOrder,
  channel: Aggregator2ChannelName,
  ctx: InitiateContext,
): Promise<InitiateResult> {
  const answer = await client.call('payment/do.html', options.gatewayUrl, initiationParams(order, channel, ctx), {
    verifyHash: true,
    signal: ctx.signal,
  });
  const url = httpUrlOf(answer.url);
  const qrPicture = httpUrlOf(answer.url_qrcode);
  if (!url && !qrPicture) throw badResponse('payment/do.html: a successful answer without url or url_qrcode');
  return {
    status: 'PAYING',
    qrCode: url,
    payUrl: url ?? qrPicture,
    channelTradeNo: idText(answer.openid ?? answer.open_order_id),
    raw: answer,
  };
}

/** payment/query.html on its own host, by our order number (out_trade_order). */
export async function queryTrade(
  client: XunhupayClient,
  options: Aggregator2Options,
  order: ChannelOrder,
  signal?: AbortSignal,
): Promise<QueryResult> {
  // The query answer nests the order in `data`, which no published rule says its hash covers: it is
  // trusted as the answer of the configured HTTPS host we called, not by its hash.
  const answer = await client.call(
    'payment/query.html',
    options.queryUrl,
    { out_trade_order: order.paymentId },
    { verifyHash: false, signal },
  );
  const data = answer.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw badResponse('payment/query.html: answer has no data object');
  const trade = data as XunhupayAnswer;
  const ref = idText(trade.out_trade_order ?? trade.trade_order_id);
  if (ref !== undefined && ref !== order.paymentId) throw badResponse(`payment/query.html: answer is about order ${ref}`);
  const vendorStatus = typeof trade.status === 'string' ? trade.status : undefined;
  return {
    status: mapXunhupayStatus(vendorStatus),
    amountMinor: queriedAmount(trade.total_fee),
    currency: 'CNY',
    channelTradeNo: idText(trade.open_order_id),
    vendorStatus,
    raw: answer,
  };
}

/**
 * xunhupay publishes no close call: an unpaid order is closed here only (closedAtChannel false) and a
 * payment that still arrives later is found by its notification or the sync job (FAILED → SUCCESS,
 * flagged for review). The trade is queried first so a paid one is never closed locally (CHANNEL_REJECTED
 * tells the caller to take the query's answer). A trade xunhupay does not know is closed too.
 */
export async function closeTrade(
  client: XunhupayClient,
  options: Aggregator2Options,
  order: ChannelOrder,
  signal?: AbortSignal,
): Promise<CloseResult> {
  let truth: QueryResult;
  try {
    truth = await queryTrade(client, options, order, signal);
  } catch (err) {
    if (isChannelError(err, 'CHANNEL_REJECTED')) return { closedAtChannel: false, raw: { query: err.provider } };
    throw err;
  }
  if (truth.status === 'SUCCESS') {
    throw new ChannelError('CHANNEL_REJECTED', `xunhupay order ${order.paymentId} is already paid`, {
      provider: { code: truth.vendorStatus, message: 'paid' },
      details: [{ field: 'status', message: 'the trade is paid', reason: truth.vendorStatus }],
    });
  }
  return { closedAtChannel: false, raw: { query: truth.raw } };
}

function queriedAmount(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  try {
    return parseAmount(typeof value === 'number' ? value : String(value), 'CNY', { field: 'total_fee' }).amountMinor;
  } catch (err) {
    if (err instanceof InvalidAmountError) throw badResponse(`payment/query.html: total_fee "${String(value)}" is not an amount`);
    throw err;
  }
}

function httpUrlOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^https?:\/\//i.test(value) ? value : undefined;
}

/** xunhupay's ids come as strings or JSON numbers (openid). */
function idText(value: unknown): string | undefined {
  if (typeof value === 'string' && value) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}
