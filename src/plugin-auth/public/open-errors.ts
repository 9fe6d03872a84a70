import { AppError, tryAgainIn } from '../../host/sdk/index.js';

/** Spec "Errors": a wrong secret is `访问密钥不正确`, on both the public (header) and docking (query) side. */
export function apiSecretInvalid(): AppError {
  return new AppError('API_SECRET_INVALID', '访问密钥不正确', {
    status: 401,
    messageEn: 'access secret incorrect: send the apiAccessSecret in the Authorization header',
    headers: { 'WWW-Authenticate': 'Bearer realm="authpay-public"' },
  });
}

/**
 * Safe by default (DESIGN, issue 21 item 5): with no apiAccessSecret configured, the public endpoints that
 * write or reveal a user's data are refused, and the message tells the administrator what to set.
 */
export function apiSecretNotConfigured(): AppError {
  return new AppError('API_SECRET_NOT_CONFIGURED', '该接口未启用：请管理员在插件设置中配置公开接口访问密钥（apiAccessSecret）', {
    status: 403,
    messageEn:
      'this endpoint is disabled until an administrator sets apiAccessSecret in the plugin-auth settings;'
      + ' callers then send it in the Authorization header',
  });
}

export function dockingSecretInvalid(): AppError {
  return new AppError('DOCKING_SECRET_INVALID', '访问密钥不正确', {
    status: 401,
    messageEn: 'access secret incorrect: query parameter dockingAccessSecret',
  });
}

/** DESIGN: no dockingAccessSecret configured → the docking endpoint is disabled. */
export function dockingDisabled(): AppError {
  return new AppError('DOCKING_DISABLED', '对接接口未启用（未配置对接访问密钥）', {
    status: 403,
    messageEn: 'the docking API is disabled: no dockingAccessSecret is configured',
  });
}

export function rateLimited(retryAfterSeconds: number): AppError {
  const text = tryAgainIn({ zh: '此网络地址的请求过于频繁', en: 'Too many requests from this address' }, retryAfterSeconds);
  return new AppError('RATE_LIMITED', text.zh, {
    status: 429,
    messageEn: text.en,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

export function queryTooLong(limit: number): AppError {
  return new AppError('QUERY_TOO_LONG', '请求地址过长', { status: 414, messageEn: `request URL longer than ${limit} characters` });
}
