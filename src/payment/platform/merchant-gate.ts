import { AppError, type Principal } from '../../host/sdk/index.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import { Merchant, type MerchantStatus } from '../merchants/types.js';

const REFUSAL: Record<Exclude<MerchantStatus, 'ACTIVE'>, { zh: string; en: string }> = {
  PENDING: {
    zh: '商户申请正在审核中，暂不能使用商户平台接口',
    en: 'the merchant application is still under review; the platform API is not open yet',
  },
  REJECTED: {
    zh: '商户申请未通过审核，不能使用商户平台接口',
    en: 'the merchant application was rejected; the platform API is not available',
  },
  SUSPENDED: { zh: '商户已被停用，不能使用商户平台接口', en: 'the merchant is suspended; the platform API is not available' },
};

/**
 * The platform of a platform API call: the caller's user name, once their Merchant (named by the user name)
 * is ACTIVE. The role check (payment:platform:manage) happened in the host's authorizer already; this is
 * the status check, read fresh on every call so a suspension takes effect at once.
 */
export async function activeMerchantPlatform(deps: PaymentDeps, principal: Principal): Promise<string> {
  const merchant = principal.anonymous ? undefined : await deps.client.fetch(Merchant, principal.username);
  if (!merchant || !deps.client.wellFormed(Merchant, merchant)) {
    throw new AppError('NOT_A_MERCHANT', '当前用户不是商户，不能使用商户平台接口', {
      status: 403,
      messageEn: 'You are not a merchant. The merchant platform API is for merchants whose account is open.',
    });
  }
  const status = merchant.spec.status;
  if (status === 'ACTIVE') return merchant.metadata.name;
  const why = REFUSAL[status] ?? REFUSAL.SUSPENDED;
  throw new AppError('MERCHANT_NOT_ACTIVE', why.zh, { status: 403, messageEn: why.en });
}
