/** API groups of the payment service (DESIGN "API groups and paths"). */
export const PUBLIC_GROUP = 'api.payment.authpay.dev';
export const CONSOLE_GROUP = 'console.api.payment.authpay.dev';
export const UC_GROUP = 'uc.api.payment.authpay.dev';
export const API_VERSION = 'v1alpha1';

/** The platform of the site's own orders (merchant orders carry the merchant's user name instead). */
export const SYSTEM_PLATFORM = 'system';

/** Kinds of the payment service (extensions/*.yaml). */
export const KINDS = {
  order: 'PaymentInfo',
  delivery: 'PaymentNotifyDelivery',
  callbackLog: 'PaymentCallbackLog',
  sandboxTrade: 'SandboxTrade',
  dailyStat: 'PaymentDailyStat',
} as const;

/** The asynchronous callback path of a payment type below the public base URL. */
export function callbackPath(paymentType: string): string {
  return `/apis/${PUBLIC_GROUP}/${API_VERSION}/asyncCallback/${paymentType}`;
}
