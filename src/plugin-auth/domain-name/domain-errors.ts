import { AppError } from '../../host/sdk/index.js';

/** HTTP 400 with machine code INVALID_DOMAIN; `reason` says which rule failed (English, for details). */
export function invalidDomain(reason: string): AppError {
  return new AppError('INVALID_DOMAIN', `域名格式不正确：${reason}`, {
    status: 400,
    messageEn: `not a valid domain: ${reason}`,
    details: [{ field: 'domain', message: reason, reason: 'INVALID_DOMAIN' }],
  });
}
