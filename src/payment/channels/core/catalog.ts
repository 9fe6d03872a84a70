/**
 * The payment services and their channels as they appear on the wire (paymentType, paymentChannel).
 * Adapters declare which of these they serve; the registry accepts the aliases at the edge.
 */
export const PAYMENT_TYPES = [
  'WALLET_A',
  'WALLET_B',
  'AGGREGATOR_1',
  'AGGREGATOR_2',
  'AGGREGATOR_3',
  'INTL_WALLET',
  'CARD',
  'CUSTOM',
  'SANDBOX',
] as const;

export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Channels within each payment service (DESIGN "Payment: decisions"). */
export const PAYMENT_CHANNELS: Readonly<Record<PaymentType, readonly string[]>> = {
  WALLET_A: ['FACE_TO_FACE_PAYMENT', 'PC_WEBSITE', 'MOBILE_WEBSITE', 'ORDER_CODE'],
  WALLET_B: ['NATIVE', 'H5', 'JSAPI'],
  AGGREGATOR_1: ['WALLET_A', 'WALLET_B'],
  AGGREGATOR_2: ['WALLET_A', 'WALLET_B'],
  AGGREGATOR_3: ['WALLET_A', 'WALLET_B'],
  INTL_WALLET: ['CHECKOUT'],
  CARD: ['CHECKOUT'],
  CUSTOM: ['WALLET_A_COMPATIBLE', 'WALLET_B_COMPATIBLE'],
  SANDBOX: ['SIMULATED'],
};

/** Vendor names accepted as input and mapped to the neutral wire values. */
export const PAYMENT_TYPE_ALIASES: Readonly<Record<string, PaymentType>> = {
  ALIPAY: 'WALLET_A',
  WECHAT: 'WALLET_B',
  WECHATPAY: 'WALLET_B',
  PAYPAL: 'INTL_WALLET',
  STRIPE: 'CARD',
};

/** True for a canonical paymentType (aliases excluded). */
export function isPaymentType(value: unknown): value is PaymentType {
  return typeof value === 'string' && (PAYMENT_TYPES as readonly string[]).includes(value);
}
