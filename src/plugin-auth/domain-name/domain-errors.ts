import { AppError } from '../../host/sdk/index.js';

/** HTTP 400 with machine code INVALID_DOMAIN; the reason says which rule failed, in zh-CN and English. */
export function invalidDomain(reasonZh: string, reasonEn: string): AppError {
  return new AppError('INVALID_DOMAIN', `域名格式不正确：${reasonZh}`, {
    status: 400,
    messageEn: `not a valid domain: ${reasonEn}`,
    details: [{ field: 'domain', message: `域名${reasonZh}`, messageEn: `domain: ${reasonEn}`, reason: 'INVALID_DOMAIN' }],
  });
}
