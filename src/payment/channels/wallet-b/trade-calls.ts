import { systemClock } from '../../../host/sdk/index.js';
import { ChannelError } from '../core/errors.js';
import type { ChannelDeps, ChannelOrder, CloseResult, InitiateContext, InitiateResult, QueryResult } from '../core/types.js';
import { rejected, type WechatAnswer, type WechatPayApiClient } from './apiv3-client.js';
import type { WalletBChannelName, WalletBOptions } from './options.js';
import { payerIp } from './payer-facts.js';
import { jsapiPayParams, newNonce } from './signature.js';
import { mapTradeState } from './trade-state.js';
import { formatWechatTime, wechatTimeToIso } from './wechat-time.js';

/** WeChat Pay answers this code (HTTP 404) for an out_trade_no it has never seen. */
const ORDER_NOT_EXIST = 'ORDER_NOT_EXIST';
/** Closing a trade that is already closed. */
const ORDER_CLOSED = 'ORDER_CLOSED';
/** `description` is at most 127 characters. */
const MAX_DESCRIPTION = 127;

const PREPAY_PATH: Readonly<Record<WalletBChannelName, string>> = {
  NATIVE: '/v3/pay/transactions/native',
  H5: '/v3/pay/transactions/h5',
  JSAPI: '/v3/pay/transactions/jsapi',
};

const tradePath = (order: ChannelOrder) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(order.paymentId)}`;

/** The prepay body shared by the three channels; the amount leaves as integer fen. */
export function prepayBody(options: WalletBOptions, order: ChannelOrder, ctx: InitiateContext): Record<string, unknown> {
  const body: Record<string, unknown> = {
    appid: options.appId,
    mchid: options.mchId,
    description: order.subject.slice(0, MAX_DESCRIPTION),
    out_trade_no: order.paymentId,
    notify_url: ctx.callbackUrl,
    amount: { total: order.amountMinor, currency: order.currency },
  };
  if (order.expiresAt) body.time_expire = formatWechatTime(new Date(order.expiresAt));
  return body;
}

/** The channel-specific parts: the payer's IP and environment for H5, the payer's openid for JSAPI. */
function channelPart(options: WalletBOptions, channel: WalletBChannelName, ctx: InitiateContext): Record<string, unknown> {
  if (channel === 'H5') return { scene_info: { payer_client_ip: payerIp(ctx), h5_info: { type: options.h5Type } } };
  if (channel === 'JSAPI') return { payer: { openid: ctx.payerOpenId } };
  return {};
}

export async function initiateTrade(
  client: WechatPayApiClient,
  options: WalletBOptions,
  order: ChannelOrder,
  channel: WalletBChannelName,
  ctx: InitiateContext,
  deps: ChannelDeps,
): Promise<InitiateResult> {
  const path = PREPAY_PATH[channel];
  const answer = await client.call('POST', path, { ...prepayBody(options, order, ctx), ...channelPart(options, channel, ctx) }, ctx.signal);
  if (answer.status !== 200) throw rejected(path, answer);
  const found = (field: string): string => {
    const value = answer.body[field];
    if (typeof value !== 'string' || !value)
      throw new ChannelError('CHANNEL_BAD_RESPONSE', `WeChat Pay ${path}: no ${field} in a successful answer`);
    return value;
  };
  if (channel === 'NATIVE') return { status: 'PAYING', qrCode: found('code_url'), raw: answer.body };
  if (channel === 'H5') return { status: 'PAYING', payUrl: found('h5_url'), raw: answer.body };
  const prepayId = found('prepay_id');
  const nowSeconds = Math.floor((deps.clock ?? systemClock).now() / 1000);
  const invokeParams = jsapiPayParams(options.appId, prepayId, options.privateKey, nowSeconds, newNonce());
  // The payer pays on our payment page opened inside WeChat, which invokes the wallet with these parameters.
  const payUrl = `${ctx.baseUrl ?? ''}/payment/${encodeURIComponent(order.paymentId)}`;
  return { status: 'PAYING', payUrl, invokeParams: { ...invokeParams }, raw: answer.body };
}

export async function queryTrade(
  client: WechatPayApiClient,
  options: WalletBOptions,
  order: ChannelOrder,
  signal?: AbortSignal,
): Promise<QueryResult> {
  const answer = await client.call('GET', `${tradePath(order)}?mchid=${encodeURIComponent(options.mchId)}`, undefined, signal);
  // Before a prepay (or for a trade of another merchant) WeChat Pay has no trade: nothing has been paid.
  if (answer.status === 404 && answer.body.code === ORDER_NOT_EXIST)
    return { status: 'UNPAID', vendorStatus: ORDER_NOT_EXIST, raw: answer.body };
  if (answer.status !== 200) throw rejected('query by out_trade_no', answer);
  const trade = answer.body;
  assertOurTrade(options, order, trade);
  const vendorStatus = typeof trade.trade_state === 'string' ? trade.trade_state : undefined;
  const amount = (trade.amount ?? {}) as Record<string, unknown>;
  return {
    status: mapTradeState(vendorStatus),
    amountMinor: Number.isSafeInteger(amount.total) ? (amount.total as number) : undefined,
    currency: typeof amount.currency === 'string' ? amount.currency : undefined,
    channelTradeNo: typeof trade.transaction_id === 'string' ? trade.transaction_id : undefined,
    paidAt: wechatTimeToIso(trade.success_time),
    vendorStatus,
    raw: trade,
  };
}

/** 204: closed. A trade WeChat Pay never saw, or one already closed, leaves nothing to close; a paid one refuses. */
export async function closeTrade(
  client: WechatPayApiClient,
  options: WalletBOptions,
  order: ChannelOrder,
  signal?: AbortSignal,
): Promise<CloseResult> {
  const answer: WechatAnswer = await client.call('POST', `${tradePath(order)}/close`, { mchid: options.mchId }, signal);
  if (answer.status === 204 || answer.status === 200) return { closedAtChannel: true, raw: { status: answer.status } };
  if (answer.body.code === ORDER_NOT_EXIST) return { closedAtChannel: false, raw: answer.body };
  if (answer.body.code === ORDER_CLOSED) return { closedAtChannel: true, raw: answer.body };
  throw rejected('close', answer);
}

/** A signed answer about another merchant's or another order's trade is not an answer about ours. */
function assertOurTrade(options: WalletBOptions, order: ChannelOrder, trade: Record<string, unknown>): void {
  const foreign =
    trade.mchid !== options.mchId || trade.out_trade_no !== order.paymentId || (trade.appid !== undefined && trade.appid !== options.appId);
  if (foreign) throw new ChannelError('CHANNEL_BAD_RESPONSE', 'WeChat Pay query answered about another merchant, application or order');
}
