import { InvalidAmountError, formatMinor, parseAmount } from '../../money/index.js';
import { ChannelError } from '../core/errors.js';
import type { ChannelOrder, CloseResult, InitiateContext, InitiateResult, QueryResult } from '../core/types.js';
import { beijingTimeToIso } from '../wallet-a/beijing-time.js';
import { deviceOf } from './device.js';
import { badResponse, text, type EpayAnswer, type EpayClient } from './epay-client.js';
import type { EpayChannelName } from './options.js';
import { mapOrderStatus } from './order-status.js';

/** epay's order name column is short; longer subjects are cut rather than refused. */
const MAX_NAME_LENGTH = 64;

/**
 * epay has no distinct code for "no such order" (V1 api.php and V2 api/pay/query answer a negative code with
 * a message such as 订单号不存在); the message is what tells it apart from a refused request.
 */
export function isUnknownTrade(answer: EpayAnswer): boolean {
  return /不存在|not\s*(?:exist|found)/i.test(text(answer.body.msg) ?? '');
}

/** The parameters both initiation paths send (without pid, timestamp and signature). */
function tradeParams(client: EpayClient, order: ChannelOrder, channel: EpayChannelName, ctx: InitiateContext): Record<string, string> {
  const params: Record<string, string> = {
    type: client.options.typeCodes[channel],
    out_trade_no: order.paymentId,
    notify_url: ctx.callbackUrl,
    name: order.subject.slice(0, MAX_NAME_LENGTH),
    money: formatMinor(order.amountMinor, order.currency),
  };
  // The gateway sends the payer back here; without a business page, our own payment page shows the result.
  const returnUrl = ctx.returnUrl ?? (ctx.baseUrl ? `${ctx.baseUrl}/payment/${order.paymentId}` : undefined);
  if (returnUrl) params.return_url = returnUrl;
  return params;
}

/**
 * Server initiation (mapi.php / api/pay/create) answers a QR code or a link; it needs the payer's IP, so
 * without one — and when the service is set to redirect — the payer gets the signed cashier link instead.
 */
export async function initiateTrade(
  client: EpayClient,
  order: ChannelOrder,
  channel: EpayChannelName,
  ctx: InitiateContext,
): Promise<InitiateResult> {
  const params = tradeParams(client, order, channel, ctx);
  const { dialect, options } = client;
  if (options.initiation === 'redirect' || !ctx.clientIp) {
    const signed = client.sign(params);
    return { status: 'PAYING', payUrl: client.url(dialect.submitPath, signed), raw: { initiation: 'redirect', params: signed } };
  }
  const call = {
    method: 'POST' as const,
    path: dialect.createPath,
    params: { ...params, ...dialect.createExtras, clientip: plainIp(ctx.clientIp), device: deviceOf(ctx.userAgent) },
    signed: true,
  };
  const answer = await client.call(call, ctx.signal);
  if (!answer.ok) throw client.rejected(dialect.createPath, answer);
  const facts = dialect.paymentOf(answer.body);
  if (!facts)
    throw badResponse(`${dialect.label} ${dialect.createPath}: a successful answer without exactly one QR code or link we can show`);
  return { status: 'PAYING', ...facts, channelTradeNo: text(answer.body.trade_no), raw: answer.body };
}

/** The gateway's view of the order by out_trade_no; a trade it does not know was never opened: UNPAID. */
export async function queryTrade(client: EpayClient, order: ChannelOrder, signal?: AbortSignal): Promise<QueryResult> {
  const call = client.dialect.queryCall(order.paymentId);
  const answer = await client.call(call, signal);
  if (!answer.ok) {
    if (isUnknownTrade(answer)) return { status: 'UNPAID', vendorStatus: 'NOT_FOUND', raw: answer.body };
    throw client.rejected(call.path, answer);
  }
  const body = answer.body;
  const outTradeNo = text(body.out_trade_no);
  if (outTradeNo !== undefined && outTradeNo !== order.paymentId) {
    throw badResponse(`${client.dialect.label} ${call.path}: answer is about another order`);
  }
  const status = mapOrderStatus(body.status);
  return {
    status,
    amountMinor: answeredAmount(text(body.money), client.dialect.label),
    currency: 'CNY',
    channelTradeNo: text(body.trade_no),
    paidAt: status === 'SUCCESS' ? beijingTimeToIso(text(body.endtime)) : undefined,
    vendorStatus: text(body.status),
    raw: body,
  };
}

/**
 * Closes at the gateway where the version can (V2 api/pay/close). V1 has no close: the trade is queried so
 * that a paid one is refused (CHANNEL_REJECTED, the caller synchronises), and an unpaid one is closed here
 * only (closedAtChannel false) — a payment that still arrives later is recorded as paid after failure.
 */
export async function closeTrade(client: EpayClient, order: ChannelOrder, signal?: AbortSignal): Promise<CloseResult> {
  const { dialect } = client;
  if (!dialect.closeCall) {
    const truth = await queryTrade(client, order, signal);
    if (truth.status === 'SUCCESS') {
      throw new ChannelError('CHANNEL_REJECTED', `${dialect.label}: the trade is already paid and cannot be closed`, {
        provider: { code: 'TRADE_PAID', message: 'paid' },
      });
    }
    return { closedAtChannel: false, raw: { closedAt: 'local', reason: `${dialect.label} has no close`, status: truth.vendorStatus } };
  }
  const call = dialect.closeCall(order.paymentId);
  const answer = await client.call(call, signal);
  if (answer.ok) return { closedAtChannel: true, raw: answer.body };
  if (isUnknownTrade(answer)) return { closedAtChannel: false, raw: answer.body };
  throw client.rejected(call.path, answer);
}

/** An IPv4 address seen through an IPv6 socket (`::ffff:203.0.113.7`) is sent as the IPv4 address epay expects. */
function plainIp(ip: string): string {
  return ip.replace(/^::ffff:(?=\d{1,3}(?:\.\d{1,3}){3}$)/i, '');
}

/** money is a yuan string; a malformed one makes the answer unusable. */
function answeredAmount(money: string | undefined, label: string): number | undefined {
  if (money === undefined) return undefined;
  try {
    return parseAmount(money, 'CNY', { field: 'money' }).amountMinor;
  } catch (err) {
    if (err instanceof InvalidAmountError) throw badResponse(`${label}: answer has a malformed amount`);
    throw err;
  }
}
