import { AppError, type ErrorMessageTable } from '../../host/sdk/index.js';

/**
 * Why a code was refused. Each has its own machine code, HTTP status and zh/en message (spec "code
 * rejected": expired, used, another plugin, another user, free code older than 5 minutes).
 */
export const CODE_ERRORS = {
  CODE_NOT_FOUND: { status: 404, zh: '授权码不存在', en: 'authorization code not found' },
  CODE_EXPIRED: { status: 409, zh: '授权码已过期', en: 'authorization code has expired' },
  CODE_USED: { status: 409, zh: '授权码已被使用', en: 'authorization code has already been used' },
  CODE_PLUGIN_MISMATCH: { status: 409, zh: '授权码不属于该插件', en: 'authorization code belongs to another plugin' },
  CODE_USER_MISMATCH: { status: 403, zh: '授权码仅限指定用户使用', en: 'authorization code is restricted to another user' },
  FREE_CODE_EXPIRED: { status: 409, zh: '免费授权码已过期（有效期 5 分钟）', en: 'free code is older than 5 minutes' },
  FREE_CODE_NOT_ALLOWED: { status: 403, zh: '该插件不支持免费授权码', en: 'free codes work only for free or limited-time free plugins' },
} as const;

export type CodeErrorCode = keyof typeof CODE_ERRORS;

/** The same texts for the host's error catalog (registered when the service starts). */
export const CODE_ERROR_MESSAGES: ErrorMessageTable = Object.fromEntries(
  Object.entries(CODE_ERRORS).map(([code, { zh, en }]) => [code, { zh, en }]),
);

export function codeError(code: CodeErrorCode): AppError {
  const { status, zh, en } = CODE_ERRORS[code];
  return new AppError(code, zh, { status, messageEn: en, details: [{ field: 'code', message: zh, messageEn: en, reason: code }] });
}
