/** Base paths of the business API groups the console calls (operations: /openapi.json). */
export const PLUGIN_AUTH = '/apis/console.api.pluginauth.authpay.dev/v1alpha1';
export const PAYMENT = '/apis/console.api.payment.authpay.dev/v1alpha1';
export const HOST = '/apis/console.api.host.authpay.dev/v1alpha1';
