/** API groups and kinds of the plugin authorization service (DESIGN "API groups and paths"). */
export const RESOURCE_GROUP = 'pluginauth.authpay.dev';
export const RESOURCE_API_VERSION = `${RESOURCE_GROUP}/v1alpha1`;
export const CONSOLE_GROUP = 'console.api.pluginauth.authpay.dev';
export const UC_GROUP = 'uc.api.pluginauth.authpay.dev';

export const SITE_PLUGIN = 'SitePlugin';
export const AUTH_LOG = 'SitePluginAuthLog';
export const PERMANENT_CODE = 'PermanentAuthCode';
export const PERMANENT_USER = 'PermanentAuthUser';
export const FREE_CODE = 'FreeAuthCode';

/** OpenAPI tags of the console and user-center operations. */
export const TAGS = {
  catalog: ['plugin-auth: catalog'],
  authLogs: ['plugin-auth: authorization records'],
  codes: ['plugin-auth: permanent codes'],
  users: ['plugin-auth: permanent users'],
  notifications: ['plugin-auth: notifications'],
  settings: ['plugin-auth: settings'],
  userCenter: ['plugin-auth: user center'],
};
