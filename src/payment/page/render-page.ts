import QRCode from 'qrcode';
import type { Language } from '../../host/sdk/index.js';
import { API_VERSION, PUBLIC_GROUP } from '../api/api-groups.js';
import { minorMoneyText } from '../money/index.js';
import { isPaid, type PaymentInfoSpec } from '../orders/types.js';
import { otherLanguage } from './page-language.js';
import { PAGE_MESSAGES, payerFailureReason, scriptTexts, type PageMessages } from './page-messages.js';
import { fillTemplate, readTemplate } from './page-template.js';
import { subjectIn } from '../orders/order-subject.js';

export const statusUrlOf = (paymentId: string) => `/apis/${PUBLIC_GROUP}/${API_VERSION}/payments/${paymentId}/status`;
export const sandboxUrlOf = (paymentId: string) => `/apis/${PUBLIC_GROUP}/${API_VERSION}/payments/${paymentId}/sandboxPay`;

export interface PageOptions {
  language: Language;
  pollMs?: number;
}

/** The payment page of an order, per status (spec "Payment order status" table), in the chosen language. */
export async function renderPaymentPage(order: PaymentInfoSpec, options: PageOptions): Promise<string> {
  const t = PAGE_MESSAGES[options.language];
  const open = order.status === 'UNPAID' || order.status === 'PAYING';
  const sandbox = order.paymentType === 'SANDBOX';
  const qrSvg = open && order.qrCode ? await QRCode.toString(order.qrCode, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) : '';
  const invokeParams = open ? walletInvokeParams(order) : undefined;
  // For SANDBOX and WeChat JSAPI the payUrl is this very page: its buttons are the way to pay.
  const payUrl = open && order.payUrl && !sandbox && !invokeParams ? order.payUrl : '';
  const blocks = {
    found: true,
    notFound: false,
    paying: open,
    qr: Boolean(qrSvg),
    payLink: Boolean(payUrl),
    jsapi: Boolean(invokeParams),
    countdown: Boolean(order.expiresAt),
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
    texts: scriptTexts(t),
  };
  const vars = {
    ...commonVars(options.language, `${subjectIn(order, options.language)} · ${t.titleSuffix}`),
    subject: subjectIn(order, options.language),
    amountText: minorMoneyText(order.paymentAmount, order.currency, options.language),
    paymentId: order.paymentId,
    orderId: order.orderId,
    status: order.status,
    statusText: t.status[order.status] ?? order.status,
    payUrl,
    payLinkReferrer: sendsOrigin(order) ? 'origin' : 'no-referrer',
    returnUrl: order.returnUrl ?? '',
    expiresAt: order.expiresAt ?? '',
    failureText: order.status === 'FAILED' ? t.failureReason[payerFailureReason(order.failureReason)] : '',
  };
  // JSON in a script element: "<" is escaped so the text can never close the element.
  const configJson = JSON.stringify(config).replace(/</g, '\\u003c');
  return fillTemplate(readTemplate('page.html'), blocks, vars, { qrSvg, configJson });
}

/** The page for a payment number we do not know (same template, its not-found block). */
export function renderNotFoundPage(language: Language): string {
  const t = PAGE_MESSAGES[language];
  return fillTemplate(readTemplate('page.html'), { found: false, notFound: true }, commonVars(language, t.notFoundTitle), {});
}

/**
 * What every page fills in: its language, the switch to the other language (a query-only link, so it keeps
 * the page), the title, and the texts of the message table as `t_<key>`.
 */
function commonVars(language: Language, title: string): Record<string, string> {
  const other = otherLanguage(language);
  return {
    ...textVars(PAGE_MESSAGES[language]),
    lang: language,
    title,
    otherLang: other,
    otherLanguageName: PAGE_MESSAGES[other].languageName,
  };
}

function textVars(messages: PageMessages): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(messages)) if (typeof value === 'string') vars[`t_${key}`] = value;
  return vars;
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
