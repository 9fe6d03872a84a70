import { formatMinor, parseAmount } from '../../money/index.js';
import { ChannelError } from '../core/errors.js';
import type { ChannelOrder, CloseResult, InitiateContext, InitiateResult, QueryResult } from '../core/types.js';
import { beijingTimeToIso, formatBeijingTime } from './beijing-time.js';
import { ALIPAY_SUCCESS, rejected, type AlipayOpenApiClient } from './openapi-client.js';
import type { WalletAChannelName } from './options.js';
import { mapTradeStatus } from './trade-status.js';

const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';

/** Alipay's trade methods per channel: precreate answers a QR code; page and wap pay are payer redirects. */
const METHOD_BY_CHANNEL: Readonly<Record<WalletAChannelName, string>> = {
  FACE_TO_FACE_PAYMENT: 'alipay.trade.precreate',
  ORDER_CODE: 'alipay.trade.precreate',
  PC_WEBSITE: 'alipay.trade.page.pay',
  MOBILE_WEBSITE: 'alipay.trade.wap.pay',
};

/** biz_content shared by every payment method; amounts leave as the yuan string Alipay wants. */
export function tradeBizContent(order: ChannelOrder, productCode: string): Record<string, unknown> {
  const biz: Record<string, unknown> = {
    out_trade_no: order.paymentId,
    total_amount: formatMinor(order.amountMinor, order.currency),
    subject: order.subject.slice(0, 256),
    product_code: productCode,
  };
  if (order.body) biz.body = order.body.slice(0, 128);
  if (order.expiresAt) biz.time_expire = formatBeijingTime(new Date(order.expiresAt));
  return biz;
}

export async function initiateTrade(
  client: AlipayOpenApiClient,
  order: ChannelOrder,
  channel: WalletAChannelName,
  productCode: string,
  ctx: InitiateContext,
): Promise<InitiateResult> {
  const method = METHOD_BY_CHANNEL[channel];
  const biz = tradeBizContent(order, productCode);
  if (method !== 'alipay.trade.precreate') {
    if (channel === 'MOBILE_WEBSITE' && ctx.returnUrl) biz.quit_url = ctx.returnUrl;
    const payUrl = client.pageUrl(method, biz, { notify_url: ctx.callbackUrl, return_url: ctx.returnUrl });
    return { status: 'PAYING', payUrl, raw: { method, biz_content: biz } };
  }
  const answer = await client.execute(method, biz, { notify_url: ctx.callbackUrl }, ctx.signal);
  if (answer.code !== ALIPAY_SUCCESS) throw rejected(method, answer.node);
  const qrCode = answer.node.qr_code;
  if (typeof qrCode !== 'string' || !qrCode) throw new ChannelError('CHANNEL_BAD_RESPONSE', `${method}: no qr_code in a successful answer`);
  return { status: 'PAYING', qrCode, raw: answer.node };
}

export async function queryTrade(client: AlipayOpenApiClient, order: ChannelOrder, signal?: AbortSignal): Promise<QueryResult> {
  const answer = await client.execute('alipay.trade.query', { out_trade_no: order.paymentId }, {}, signal);
  if (answer.code !== ALIPAY_SUCCESS) {
    // Before the payer scans or opens the page Alipay has no trade: nothing has been paid.
    if (answer.node.sub_code === TRADE_NOT_EXIST) return { status: 'UNPAID', vendorStatus: TRADE_NOT_EXIST, raw: answer.node };
    throw rejected('alipay.trade.query', answer.node);
  }
  const node = answer.node;
  const vendorStatus = typeof node.trade_status === 'string' ? node.trade_status : undefined;
  return {
    status: mapTradeStatus(vendorStatus),
    amountMinor:
      typeof node.total_amount === 'string' ? parseAmount(node.total_amount, 'CNY', { field: 'total_amount' }).amountMinor : undefined,
    currency: 'CNY',
    channelTradeNo: typeof node.trade_no === 'string' ? node.trade_no : undefined,
    paidAt: beijingTimeToIso(typeof node.send_pay_date === 'string' ? node.send_pay_date : undefined),
    vendorStatus,
    raw: node,
  };
}

export async function closeTrade(client: AlipayOpenApiClient, order: ChannelOrder, signal?: AbortSignal): Promise<CloseResult> {
  const answer = await client.execute('alipay.trade.close', { out_trade_no: order.paymentId }, {}, signal);
  if (answer.code === ALIPAY_SUCCESS) return { closedAtChannel: true, raw: answer.node };
  if (answer.node.sub_code === TRADE_NOT_EXIST) return { closedAtChannel: false, raw: answer.node };
  throw rejected('alipay.trade.close', answer.node);
}
