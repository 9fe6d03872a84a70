import { AppError, NotFoundError, type ErrorDetail } from '../../host/sdk/index.js';
import type { MerchantStatus } from './types.js';

/** The merchant platform is switched off in the settings. */
export function platformDisabled(): AppError {
  return new AppError('MERCHANT_PLATFORM_DISABLED', '商户平台未启用', { status: 403, messageEn: 'the merchant platform is not enabled' });
}

export function onboardingClosed(): AppError {
  return new AppError('MERCHANT_ONBOARDING_CLOSED', '商户入驻暂未开放', { status: 403, messageEn: 'merchant onboarding is closed' });
}

export function alreadyMerchant(status: MerchantStatus): AppError {
  return new AppError('MERCHANT_EXISTS', `您已提交过商户入驻（当前状态：${status}），每个用户只能有一个商户`, {
    status: 409,
    messageEn: `you already have a merchant (status ${status}); one merchant per user`,
    details: [{ field: 'status', message: status }],
  });
}

export function invalidField(field: string, zh: string, en: string): AppError {
  const details: ErrorDetail[] = [{ field, message: zh, messageEn: en }];
  return new AppError('VALIDATION_FAILED', zh, { status: 400, messageEn: en, details });
}

export function merchantNotFound(name: string): NotFoundError {
  return new NotFoundError({ zh: '商户', en: 'merchant' }, name);
}

/** A move that the merchant's current status does not allow; the answer names the status. */
export function illegalMove(action: { zh: string; en: string }, status: MerchantStatus): AppError {
  return new AppError('MERCHANT_STATE_CONFLICT', `商户当前状态为 ${status}，不能执行「${action.zh}」`, {
    status: 409,
    messageEn: `the merchant is ${status}; "${action.en}" is not allowed`,
    details: [{ field: 'status', message: status }],
  });
}
