import { AppError, asciiHttpUrl, multiLineText, singleLineText } from '../../host/sdk/index.js';
import { BlockedTargetError, checkNotifyUrlShape } from '../ssrf/ssrf-guard.js';

/** Longest URL an order stores (the PaymentInfo schema's bound), also after an IDN becomes punycode. */
export const MAX_URL_LENGTH = 2048;

/** The spec's initiatePayment body (plus optional currency and caller data). */
export interface InitiatePaymentInput {
  orderId: string;
  subject: string;
  body?: string;
  /** Decimal amount as a JSON number or string; at most the currency's fraction digits. */
  paymentAmount: number | string;
  paymentType: string;
  paymentChannel: string;
  notifyUrl?: string;
  returnUrl?: string;
  /** ISO 4217, default CNY. */
  currency?: string;
  /** Free-form caller data; `openid` (validated) is the payer's WeChat openid for JSAPI. */
  additionalData?: Record<string, unknown>;
}

/** JSON Schema of the body, shared by createPayment, testPayment and the merchant platform API. */
export const INITIATE_BODY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['orderId', 'subject', 'paymentAmount', 'paymentType', 'paymentChannel'],
  properties: {
    orderId: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_.:|*@-]+$',
      description: 'business order number, unique per platform',
    },
    subject: singleLineText(256, 1),
    body: multiLineText(1024),
    paymentAmount: { type: ['number', 'string'], description: 'decimal amount, e.g. 12.30; at most 2 fraction digits for CNY' },
    paymentType: {
      type: 'string',
      minLength: 1,
      maxLength: 32,
      description: 'WALLET_A, WALLET_B, AGGREGATOR_1..3, INTL_WALLET, CARD, CUSTOM, SANDBOX (aliases ALIPAY, WECHAT, PAYPAL, STRIPE)',
    },
    paymentChannel: { type: 'string', minLength: 1, maxLength: 32, description: 'e.g. FACE_TO_FACE_PAYMENT' },
    notifyUrl: httpUrlProperty('business system address POSTed (signed JSON) after each status change'),
    returnUrl: httpUrlProperty('where the payer returns after paying'),
    currency: { type: 'string', pattern: '^[A-Za-z]{3}$' },
    additionalData: {
      type: 'object',
      description: 'free-form data of the caller, kept with the order; openid: the payer under the merchant appId (WeChat Pay JSAPI)',
      properties: { openid: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' } },
    },
  },
};

/** An http(s) URL field: the host's http-url format refuses what a parser would quietly rewrite (text-formats.ts). */
export function httpUrlProperty(description: string): Record<string, unknown> {
  return { type: 'string', format: 'http-url', maxLength: MAX_URL_LENGTH, description };
}

/**
 * The URLs of an order as stored: an internationalised host in punycode and other non-ASCII characters
 * percent-encoded (then classified like any other host). Called after the schema's http-url check, so the
 * only refusal left is a URL whose ASCII form outgrows the stored bound.
 */
export function asciiUrls<T extends { notifyUrl?: string | null; returnUrl?: string | null }>(input: T): T {
  const out = { ...input };
  for (const field of ['notifyUrl', 'returnUrl'] as const) {
    const value = input[field];
    if (!value) continue;
    const ascii = asciiHttpUrl(value) ?? value;
    if (ascii.length > MAX_URL_LENGTH)
      throw new AppError('VALIDATION_FAILED', `${field} 转换为 ASCII 后超过 ${MAX_URL_LENGTH} 个字符`, {
        status: 400,
        messageEn: `${field} is longer than ${MAX_URL_LENGTH} characters in ASCII`,
        details: [
          {
            field,
            message: `转换为 ASCII 后超过 ${MAX_URL_LENGTH} 个字符`,
            messageEn: `longer than ${MAX_URL_LENGTH} characters in ASCII`,
          },
        ],
      });
    out[field] = ascii as T[typeof field];
  }
  return out;
}

/** URL checks the schema cannot make: http(s) only, and the notify target's SSRF rules. */
export function checkInitiateUrls(input: InitiatePaymentInput, allowPrivateNotify: boolean): void {
  if (input.notifyUrl) {
    try {
      checkNotifyUrlShape(input.notifyUrl, allowPrivateNotify);
    } catch (err) {
      const zh = (err as Error).message;
      const en = err instanceof BlockedTargetError ? err.reason : zh;
      throw new AppError('VALIDATION_FAILED', `通知地址无效: ${zh}`, {
        status: 400,
        messageEn: `invalid notifyUrl: ${en}`,
        details: [{ field: 'notifyUrl', message: zh, messageEn: en }],
      });
    }
  }
  if (input.returnUrl) {
    let ok = false;
    try {
      ok = ['http:', 'https:'].includes(new URL(input.returnUrl).protocol);
    } catch {
      ok = false;
    }
    if (!ok)
      throw new AppError('VALIDATION_FAILED', '返回地址无效', {
        status: 400,
        messageEn: 'returnUrl must be an http(s) URL',
        details: [{ field: 'returnUrl', message: '须为 http(s) 网址', messageEn: 'must be an http(s) URL' }],
      });
  }
}
