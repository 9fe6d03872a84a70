import QRCode from 'qrcode';
import { API_VERSION, PUBLIC_GROUP } from '../api/api-groups.js';
import { formatMinor } from '../money/index.js';
import { isPaid, type PaymentInfoSpec } from '../orders/types.js';
import { fillTemplate, readTemplate } from './page-template.js';

const STATUS_TEXT: Record<string, string> = {
  UNPAID: '待支付',
  PAYING: '待支付',
  SUCCESS: '支付成功',
  FAILED: '支付失败',
  UNKNOWN: '支付结果未知',
  PARTIALLY_REFUNDED: '已部分退款',
  REFUNDED: '已退款',
};

export const statusUrlOf = (paymentId: string) => `/apis/${PUBLIC_GROUP}/${API_VERSION}/payments/${paymentId}/status`;
export const sandboxUrlOf = (paymentId: string) => `/apis/${PUBLIC_GROUP}/${API_VERSION}/payments/${paymentId}/sandboxPay`;

/** The payment page of an order, per status (spec "Payment order status" table). */
export async function renderPaymentPage(order: PaymentInfoSpec, options: { pollMs?: number } = {}): Promise<string> {
  const open = order.status === 'UNPAID' || order.status === 'PAYING';
  const sandbox = order.paymentType === 'SANDBOX';
  const qrSvg = open && order.qrCode ? await QRCode.toString(order.qrCode, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) : '';
  const invokeParams = open ? walletInvokeParams(order) : undefined;
  // For SANDBOX and WeChat JSAPI the payUrl is this very page: its buttons are the way to pay.
  const payUrl = open && order.payUrl && !sandbox && !invokeParams ? order.payUrl : '';
  const blocks = {
    paying: open,
    payLink: Boolean(payUrl),
    jsapi: Boolean(invokeParams),
    sandbox: open && sandbox,
    success: isPaid(order.status),
    returnLink: Boolean(order.returnUrl),
    failed: order.status === 'FAILED',
    resubmitLink: Boolean(order.returnUrl),
    unknown: order.status === 'UNKNOWN',
  };
  const config = {
    paymentId: order.paymentId,
    status: order.status,
    statusUrl: statusUrlOf(order.paymentId),
    sandboxUrl: sandbox ? sandboxUrlOf(order.paymentId) : undefined,
    invokeParams,
    pollMs: options.pollMs ?? 3000,
  };
  const vars = {
    title: order.subject,
    amountText: formatMinor(order.paymentAmount, order.currency),
    currency: order.currency,
    paymentId: order.paymentId,
    orderId: order.orderId,
    status: order.status,
    statusText: STATUS_TEXT[order.status] ?? order.status,
    payUrl,
    payLinkReferrer: sendsOrigin(order) ? 'origin' : 'no-referrer',
    returnUrl: order.returnUrl ?? '',
    expiresAt: order.expiresAt ?? '',
    failureText: order.failureReason === 'TIMEOUT' ? '（订单已超时）' : order.failureReason === 'CLOSED' ? '（订单已关闭）' : '',
  };
  // JSON in a script element: "<" is escaped so the text can never close the element.
  const configJson = JSON.stringify(config).replace(/</g, '\\u003c');
  return fillTemplate(readTemplate('page.html'), blocks, vars, { qrSvg, configJson });
}

/** The signed JSAPI parameters the channel answered (WeChat Pay `getBrandWCPayRequest`), if any. */
function walletInvokeParams(order: PaymentInfoSpec): Record<string, string> | undefined {
  const params = order.additionalData?.invokeParams;
  if (typeof params !== 'object' || params === null) return undefined;
  const entries = Object.entries(params).filter(([, v]) => typeof v === 'string');
  return entries.length > 0 ? (Object.fromEntries(entries) as Record<string, string>) : undefined;
}

/**
 * WeChat Pay H5 opens its cashier only when the Referer names the merchant's registered H5 domain, so the
 * link to it sends our origin (the page itself sends no referrer anywhere else).
 */
function sendsOrigin(order: PaymentInfoSpec): boolean {
  return order.paymentChannel === 'H5' || order.paymentChannel === 'WALLET_B_COMPATIBLE';
}

/** The page for a payment number we do not know. */
export function renderNotFoundPage(): string {
  return [
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>支付订单不存在 · Payment not found</title></head>',
    '<body style="font-family:system-ui,sans-serif;text-align:center;padding:15vh 16px">',
    '<h1 style="font-size:18px">支付订单不存在</h1><p>请检查链接是否完整。</p>',
    '<h2 lang="en" style="font-size:16px">Payment not found</h2><p lang="en">Please check that the link is complete.</p>',
    '</body></html>',
  ].join('');
}
