import { formatMinor } from '../money/index.js';
import type { ChannelOrder } from '../channels/index.js';
import { acceptsRefunds, refundableMinor } from './refund-amounts.js';
import type { PaymentInfo, PaymentInfoSpec } from './types.js';
import { subjectIn } from './order-subject.js';
import type { Language } from '../../host/sdk/index.js';

/** An order as the API shows it: decimal amount (and the exact minor units), timestamps, page link. */
export interface PaymentView {
  name: string;
  resourceVersion?: string;
  paymentId: string;
  orderId: string;
  subject: string;
  body?: string;
  /** Decimal amount in the currency's units (12.3 = 12.30 CNY). */
  paymentAmount: number;
  /** The same amount as the exact decimal string with all fraction digits ("12.30"). */
  amountText: string;
  amountMinor: number;
  currency: string;
  paymentType: string;
  paymentChannel: string;
  notifyUrl?: string;
  returnUrl?: string;
  platform: string;
  username?: string;
  status: string;
  failureReason?: string;
  qrCode?: string;
  payUrl?: string;
  /** Our payment page of the order. */
  pageUrl: string;
  channelTradeNo?: string;
  paidAt?: string;
  expiresAt?: string;
  createdAt?: string;
  reviewFlag?: string;
  additionalData?: Record<string, unknown>;
  /** Refunded so far (SUCCESS refunds), as the exact decimal string and in minor units. */
  refundedAmountText: string;
  refundedAmountMinor: number;
  /** What can still be refunded (nothing while the order is not paid). */
  refundableAmountText: string;
  refundableAmountMinor: number;
}

/** `language`: the reader's (the request's); an order composed by the service shows its title in it. */
export function toView(order: PaymentInfo, baseUrl: string, language?: Language): PaymentView {
  const s = order.spec as PaymentInfoSpec;
  const amountText = formatMinor(s.paymentAmount, s.currency);
  const refunded = s.refundedAmount ?? 0;
  const refundable = acceptsRefunds(s.status) ? refundableMinor(s) : 0;
  return {
    name: order.metadata.name,
    resourceVersion: order.metadata.resourceVersion,
    paymentId: s.paymentId,
    orderId: s.orderId,
    subject: subjectIn(s, language),
    body: s.body,
    paymentAmount: Number(amountText),
    amountText,
    amountMinor: s.paymentAmount,
    currency: s.currency,
    paymentType: s.paymentType,
    paymentChannel: s.paymentChannel,
    notifyUrl: s.notifyUrl,
    returnUrl: s.returnUrl,
    platform: s.platform,
    username: s.username,
    status: s.status,
    failureReason: s.failureReason,
    qrCode: s.qrCode,
    payUrl: s.payUrl,
    pageUrl: `${baseUrl}/payment/${s.paymentId}`,
    channelTradeNo: s.channelTradeNo,
    paidAt: s.paidAt,
    expiresAt: s.expiresAt,
    createdAt: order.metadata.creationTimestamp,
    reviewFlag: s.reviewFlag,
    additionalData: s.additionalData,
    refundedAmountText: formatMinor(refunded, s.currency),
    refundedAmountMinor: refunded,
    refundableAmountText: formatMinor(refundable, s.currency),
    refundableAmountMinor: refundable,
  };
}

/** What an adapter is told about an order. */
export function toChannelOrder(s: PaymentInfoSpec): ChannelOrder {
  return {
    paymentId: s.paymentId,
    orderId: s.orderId,
    paymentType: s.paymentType,
    paymentChannel: s.paymentChannel,
    subject: s.subject,
    body: s.body,
    amountMinor: s.paymentAmount,
    currency: s.currency,
    channelTradeNo: s.channelTradeNo,
    expiresAt: s.expiresAt,
  };
}

/** JSON Schema of PaymentView for the OpenAPI document. */
export const PAYMENT_VIEW_SCHEMA = {
  type: 'object',
  required: [
    'paymentId',
    'orderId',
    'subject',
    'paymentAmount',
    'amountText',
    'amountMinor',
    'currency',
    'paymentType',
    'paymentChannel',
    'platform',
    'status',
    'pageUrl',
    'refundedAmountText',
    'refundedAmountMinor',
    'refundableAmountText',
    'refundableAmountMinor',
  ],
  properties: {
    paymentId: { type: 'string' },
    orderId: { type: 'string' },
    subject: { type: 'string' },
    body: { type: 'string' },
    paymentAmount: { type: 'number' },
    amountText: { type: 'string' },
    amountMinor: { type: 'integer' },
    currency: { type: 'string' },
    paymentType: { type: 'string' },
    paymentChannel: { type: 'string' },
    notifyUrl: { type: 'string' },
    returnUrl: { type: 'string' },
    platform: { type: 'string' },
    username: { type: 'string' },
    status: { type: 'string', enum: ['UNPAID', 'PAYING', 'SUCCESS', 'FAILED', 'UNKNOWN', 'PARTIALLY_REFUNDED', 'REFUNDED'] },
    failureReason: { type: 'string' },
    qrCode: { type: 'string' },
    payUrl: { type: 'string' },
    pageUrl: { type: 'string' },
    channelTradeNo: { type: 'string' },
    paidAt: { type: 'string' },
    expiresAt: { type: 'string' },
    createdAt: { type: 'string' },
    reviewFlag: { type: 'string' },
    additionalData: { type: 'object' },
    refundedAmountText: { type: 'string', description: 'refunded so far (SUCCESS refunds), decimal' },
    refundedAmountMinor: { type: 'integer' },
    refundableAmountText: { type: 'string', description: 'what can still be refunded, decimal (0 unless paid)' },
    refundableAmountMinor: { type: 'integer' },
  },
};
