import { AppError } from '../../host/sdk/index.js';

/**
 * HTTP 400 with machine code INVALID_DOMAIN; the reason says which rule failed, in zh-CN and English: a clause
 * that completes "域名格式不正确：" / "This is not a valid domain: " (`it contains spaces …`).
 */
export function invalidDomain(reasonZh: string, reasonEn: string): AppError {
  const texts = { zh: `域名格式不正确：${reasonZh}`, en: `This is not a valid domain: ${reasonEn}.` };
  return new AppError('INVALID_DOMAIN', texts.zh, {
    status: 400,
    messageEn: texts.en,
    details: [{ field: 'domain', message: texts.zh, messageEn: texts.en, reason: 'INVALID_DOMAIN' }],
  });
}
