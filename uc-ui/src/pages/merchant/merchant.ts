/** The merchant area of the user center: what its pages read and the names they share. */
import type { ApiData } from '@shared/api/client.js';

/** The API group of the merchant platform: the merchant's API keys are tokens restricted to it. */
export const PLATFORM_GROUP = 'platform.api.payment.authpay.dev';
/** The path of the platform API below the site's address. */
export const PLATFORM_BASE_PATH = `/apis/${PLATFORM_GROUP}/v1alpha1`;
/** The UI permission of ACTIVE merchants (the merchant role); the platform pages need it. */
export const PLATFORM_PERMISSION = 'payment:platform:manage';

export type Onboarded = ApiData<'onboardMerchant'>;
export type MerchantView = NonNullable<Onboarded['merchant']>;
export type FeeOrder = NonNullable<Onboarded['feeOrder']>;

/** What the onboarding form shows (the merchant settings a user may read). */
export interface OnboardingInfo {
  enabled: boolean;
  onboardingOpen: boolean;
  reviewRequired: boolean;
  /** CNY decimal; "0" = free. */
  accountOpeningFee: string;
  /** The merchant settings' labelled list: entries `{value, label, i18n}` (or strings saved before labels). */
  businessTypes: unknown;
  /** Sanitised HTML. */
  agreementTerms: string;
  onboardingNotice: string;
}

/** getMyMerchant: the merchant, or the unpaid account-opening fee order, and the onboarding form's facts. */
export type MyMerchant = Onboarded & { onboarding: OnboardingInfo };

/** "0", "0.00" or empty: no account-opening fee. */
export const isFree = (fee: string) => /^\s*0*(\.0*)?\s*$/.test(fee);
