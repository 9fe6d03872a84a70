/** API groups of the payment service (DESIGN "API groups and paths"). */
export const PUBLIC_GROUP = 'api.payment.authpay.dev';
export const CONSOLE_GROUP = 'console.api.payment.authpay.dev';
export const UC_GROUP = 'uc.api.payment.authpay.dev';
/** The merchant platform API (`{platform_api_group}`): ACTIVE merchants with payment:platform:manage. */
export const PLATFORM_GROUP = 'platform.api.payment.authpay.dev';
export const API_VERSION = 'v1alpha1';

/** The group of the payment service's resources (extensions/*.yaml); each family defines its kinds in it. */
export const RESOURCE_GROUP = 'payment.authpay.dev';
export const RESOURCE_VERSION = 'v1alpha1';

/** The asynchronous callback path of a payment type below the public base URL. */
export function callbackPath(paymentType: string): string {
  return `/apis/${PUBLIC_GROUP}/${API_VERSION}/asyncCallback/${paymentType}`;
}
