/** API groups of the plugin authorization service (DESIGN "API groups and paths"). */
export const RESOURCE_GROUP = 'pluginauth.authpay.dev';
export const RESOURCE_VERSION = 'v1alpha1';
export const RESOURCE_API_VERSION = `${RESOURCE_GROUP}/${RESOURCE_VERSION}`;
export const CONSOLE_GROUP = 'console.api.pluginauth.authpay.dev';
export const UC_GROUP = 'uc.api.pluginauth.authpay.dev';

/** `{auth_api_group}` of the spec: the public and docking endpoints. */
export const AUTH_API_GROUP = 'api.pluginauth.authpay.dev';
export const AUTH_API_BASE = `/apis/${AUTH_API_GROUP}/v1alpha1`;
