import { AppError } from '../../host/sdk/index.js';

/** Spec "Errors": a wrong secret is `访问密钥不正确`, on both the public (header) and docking (query) side. */
export function apiSecretInvalid(): AppError {
  return new AppError('API_SECRET_INVALID', '访问密钥不正确', {
    status: 401,
    messageEn: 'access secret incorrect: send the apiAccessSecret in the Authorization header',
    headers: { 'WWW-Authenticate': 'Bearer realm="authpay-public"' },
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
  return new AppError('RATE_LIMITED', '请求过于频繁，请稍后再试', {
    status: 429,
    messageEn: `too many requests from this address; retry after ${retryAfterSeconds} s`,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

export function queryTooLong(limit: number): AppError {
  return new AppError('QUERY_TOO_LONG', '请求地址过长', { status: 414, messageEn: `request URL longer than ${limit} characters` });
}
