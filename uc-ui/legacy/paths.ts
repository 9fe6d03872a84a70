/** Base paths of the user-center API groups (operations act only on the caller). */
export const PLUGIN_AUTH = '/apis/uc.api.pluginauth.authpay.dev/v1alpha1';
export const PAYMENT = '/apis/uc.api.payment.authpay.dev/v1alpha1';
export const HOST = '/apis/uc.api.host.authpay.dev/v1alpha1';
