import { AppError, type ErrorDetail } from '../errors/app-error.js';

/** DNS-label-like user names: they become resource names and appear in paths. */
const USERNAME = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
/** Pragmatic e-mail check: one @, no spaces, a dotted domain. */
const EMAIL =
  /^[^\s@"<>()[\],;:\\]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** Names used by the platform for callers that are not users. */
const RESERVED = new Set(['-', 'anonymoususer', 'bootstrap', 'system', 'anonymous', 'authenticated']);

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export function usernameProblem(username: string): ErrorDetail | undefined {
  if (!USERNAME.test(username) || username.length < 2) {
    return {
      field: 'username',
      message: '用户名须为 2–63 个小写字母、数字或连字符，且以字母或数字开头和结尾',
      messageEn: 'the user name must be 2–63 lower-case letters, digits or hyphens, starting and ending with a letter or digit',
    };
  }
  if (RESERVED.has(username))
    return { field: 'username', message: `用户名 "${username}" 为系统保留`, messageEn: `the user name "${username}" is reserved` };
  return undefined;
}

export function emailProblem(email: string): ErrorDetail | undefined {
  return email.length <= 254 && EMAIL.test(email)
    ? undefined
    : { field: 'email', message: '邮箱格式不正确', messageEn: 'This is not a valid e-mail address.' };
}

export function passwordProblem(password: string, field = 'password'): ErrorDetail | undefined {
  if (password.length < PASSWORD_MIN)
    return { field, message: `密码至少 ${PASSWORD_MIN} 个字符`, messageEn: `the password needs at least ${PASSWORD_MIN} characters` };
  if (password.length > PASSWORD_MAX)
    return { field, message: `密码最多 ${PASSWORD_MAX} 个字符`, messageEn: `the password allows at most ${PASSWORD_MAX} characters` };
  return undefined;
}

/** Throws one ValidationError naming every failing field. */
export function assertValid(...problems: Array<ErrorDetail | undefined>): void {
  const found = problems.filter((p): p is ErrorDetail => Boolean(p));
  if (!found.length) return;
  throw new AppError('VALIDATION_FAILED', `输入有误：${found.map((p) => p.message).join('；')}`, {
    details: found,
    messageEn: `invalid input: ${found.map((p) => p.messageEn ?? p.field).join('; ')}`,
  });
}
