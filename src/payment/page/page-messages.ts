import type { Language } from '../../host/sdk/index.js';
import { ORDER_STATUS_WORDS } from '../orders/status-words.js';
import type { OrderStatus } from '../orders/types.js';

/** Why a FAILED order failed, as the payer is told: a closed order, a timed-out one, or the payment service. */
export type PayerFailureReason = 'CLOSED' | 'TIMEOUT' | 'OTHER';

/**
 * Every text of the payment page (template and script) in one language. The script gets the texts it
 * shows through the page's JSON config, so none is written in templates/payment/.
 */
export interface PageMessages {
  /** The name of this language in itself: the language switch of the other page shows it. */
  languageName: string;
  languageSwitchLabel: string;
  /** `<title>` suffix after the order's subject. */
  titleSuffix: string;
  amountLabel: string;
  paymentIdLabel: string;
  orderIdLabel: string;
  /** One word per status, the same wherever the page shows it (and in the apps: orders/status-words.ts). */
  status: Readonly<Record<OrderStatus, string>>;
  qrAlt: string;
  qrCaption: string;
  payLink: string;
  jsapiPay: string;
  jsapiOutside: string;
  jsapiOk: string;
  jsapiCancel: string;
  jsapiFail: string;
  countdownLabel: string;
  sandboxNote: string;
  sandboxPay: string;
  sandboxFail: string;
  autoUpdate: string;
  successText: string;
  returnLink: string;
  failureReason: Record<PayerFailureReason, string>;
  resubmitHint: string;
  resubmitLink: string;
  unknownText: string;
  notFoundTitle: string;
  notFoundText: string;
}

const ZH_CN: PageMessages = {
  languageName: '中文',
  languageSwitchLabel: '语言',
  titleSuffix: '支付',
  amountLabel: '金额',
  paymentIdLabel: '支付单号',
  orderIdLabel: '订单号',
  status: ORDER_STATUS_WORDS['zh-CN'],
  qrAlt: '付款二维码',
  qrCaption: '请用手机扫描二维码完成支付。',
  payLink: '前往支付',
  jsapiPay: '微信支付',
  jsapiOutside: '请在微信中打开本页面完成支付：复制链接发送到微信，或用微信扫一扫打开。',
  jsapiOk: '已提交支付，正在确认结果…',
  jsapiCancel: '已取消支付，可再次点击“微信支付”。',
  jsapiFail: '微信支付未能完成，请稍后重试。',
  countdownLabel: '剩余支付时间',
  sandboxNote: '沙箱支付：模拟付款结果，不会产生真实扣款。',
  sandboxPay: '模拟支付成功',
  sandboxFail: '模拟支付失败',
  autoUpdate: '支付完成后页面会自动更新。',
  successText: '支付成功，感谢您的付款。',
  returnLink: '返回商户页面',
  failureReason: { CLOSED: '订单已关闭，未完成支付。', TIMEOUT: '订单已超时，未完成支付。', OTHER: '支付服务未完成这笔付款。' },
  resubmitHint: '请重新提交支付。',
  resubmitLink: '重新提交支付',
  unknownText: '暂时无法确认支付结果，本页会继续查询；如已付款，请勿重复支付。',
  notFoundTitle: '支付订单不存在',
  notFoundText: '请检查链接是否完整。',
};

const EN: PageMessages = {
  languageName: 'English',
  languageSwitchLabel: 'Language',
  titleSuffix: 'Payment',
  amountLabel: 'Amount',
  paymentIdLabel: 'Payment number',
  orderIdLabel: 'Order number',
  status: ORDER_STATUS_WORDS.en,
  qrAlt: 'Payment QR code',
  qrCaption: 'Scan the QR code with your phone to pay.',
  payLink: 'Go to payment',
  jsapiPay: 'Pay with WeChat',
  jsapiOutside: "Please open this page in WeChat to pay: send the link to a WeChat chat, or open it with WeChat's scanner.",
  jsapiOk: 'Payment submitted, confirming the result…',
  jsapiCancel: 'Payment cancelled; press “Pay with WeChat” to try again.',
  jsapiFail: 'WeChat Pay could not complete the payment; please try again later.',
  countdownLabel: 'Time left to pay',
  sandboxNote: 'Sandbox payment: simulates the result; no money is charged.',
  sandboxPay: 'Simulate a successful payment',
  sandboxFail: 'Simulate a failed payment',
  autoUpdate: 'This page updates by itself once the payment is made.',
  successText: 'Payment received. Thank you.',
  returnLink: 'Back to the merchant',
  failureReason: {
    CLOSED: 'The order was closed before it was paid.',
    TIMEOUT: 'The order timed out before it was paid.',
    OTHER: 'The payment service did not complete this payment.',
  },
  resubmitHint: 'Please submit the payment again.',
  resubmitLink: 'Pay again',
  unknownText: 'The result cannot be confirmed yet; this page keeps checking. If you have paid, do not pay again.',
  notFoundTitle: 'Payment not found',
  notFoundText: 'Please check that the link is complete.',
};

export const PAGE_MESSAGES: Readonly<Record<Language, PageMessages>> = { 'zh-CN': ZH_CN, en: EN };

/**
 * What the payer is told about a failure: closing and time-out as such; a channel's code or an
 * administrator's remark is for the console, not for the payer.
 */
export function payerFailureReason(failureReason: string | undefined): PayerFailureReason {
  return failureReason === 'CLOSED' || failureReason === 'TIMEOUT' ? failureReason : 'OTHER';
}

/** The texts payment-page.js shows itself (status words after an update, the WeChat JSAPI outcomes). */
export function scriptTexts(messages: PageMessages): Pick<PageMessages, 'status' | 'jsapiOk' | 'jsapiCancel' | 'jsapiFail'> {
  const { status, jsapiOk, jsapiCancel, jsapiFail } = messages;
  return { status, jsapiOk, jsapiCancel, jsapiFail };
}
