/** API groups of the host's own business operations (DESIGN "API groups and paths"). */
export const HOST_UC_GROUP = 'uc.api.host.authpay.dev';
export const HOST_CONSOLE_GROUP = 'console.api.host.authpay.dev';
