/** `{auth_api_group}` of the spec: the public and docking endpoints (DESIGN "API groups and paths"). */
export const AUTH_API_GROUP = 'api.pluginauth.authpay.dev';
export const AUTH_API_BASE = `/apis/${AUTH_API_GROUP}/v1alpha1`;
export const PUBLIC_TAGS = ['plugin-auth: public API (plugins)'];
export const DOCKING_TAGS = ['plugin-auth: docking API (card shops)'];
