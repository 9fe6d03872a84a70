import { FlatSettings, sanitizedHtml, type FlatFieldMap, type ListEntry, type PluginSettings } from '../../host/sdk/index.js';
import { SETTING_NAME } from '../settings/payment-settings.js';

/** Flat key → "group.field" of the merchant platform group of the payment settings (extensions/payment-settings.yaml). */
export const MERCHANT_FIELDS: FlatFieldMap = Object.fromEntries(
  [
    'enabled',
    'onboardingOpen',
    'reviewRequired',
    'merchantRole',
    'accountOpeningFee',
    'autoSettlement',
    'settlementCron',
    'defaultFeeRate',
    'agreementTerms',
    'businessTypes',
    'onboardingNotice',
  ].map((key) => [key, `merchant.${key}`]),
);

/** The shipped merchant role: the template that grants `payment:platform:manage`. */
export const DEFAULT_MERCHANT_ROLE = 'role-template-payment-platform-manage';

export type MerchantSettingValues = {
  enabled: boolean;
  onboardingOpen: boolean;
  reviewRequired: boolean;
  merchantRole: string;
  /** Decimal CNY amount, e.g. "99.00"; "0" means no fee. */
  accountOpeningFee: string;
  autoSettlement: boolean;
  settlementCron: string;
  /** Decimal percent with at most two decimals, e.g. "0.60". */
  defaultFeeRate: string;
  /** Sanitised HTML. */
  agreementTerms: string;
  /** The types offered at onboarding: a merchant stores the value; people read the label of their language. */
  businessTypes: ListEntry[];
  onboardingNotice: string;
};

const FALLBACK: MerchantSettingValues = {
  enabled: false,
  onboardingOpen: true,
  reviewRequired: true,
  merchantRole: DEFAULT_MERCHANT_ROLE,
  accountOpeningFee: '0',
  autoSettlement: false,
  settlementCron: '0 0 2 * * *',
  defaultFeeRate: '0.60',
  agreementTerms: '',
  businessTypes: [],
  onboardingNotice: '',
};

/** Typed access to the merchant platform settings (values from the host's watch-fed settings cache). */
export class MerchantSettings {
  readonly flat: FlatSettings<MerchantSettingValues>;

  constructor(private readonly settings: PluginSettings) {
    this.flat = new FlatSettings<MerchantSettingValues>(settings, SETTING_NAME, MERCHANT_FIELDS);
  }

  async read(): Promise<MerchantSettingValues> {
    const values = await this.flat.readWithFallback(FALLBACK);
    // Sanitised on write as well; read again so terms stored by any other path never reach a page unsanitised.
    return { ...values, agreementTerms: sanitizedHtml(values.agreementTerms ?? '').html };
  }

  /** Writes a partial flat object; the agreement terms are sanitised with the host's safe HTML rules first. */
  async write(partial: Record<string, unknown>): Promise<MerchantSettingValues> {
    const patch = { ...partial };
    if (typeof patch.agreementTerms === 'string') patch.agreementTerms = sanitizedHtml(patch.agreementTerms).html;
    await this.flat.write(patch);
    return this.read();
  }

  onChange(listener: () => void): () => void {
    return this.settings.onChange((change) => change.settingName === SETTING_NAME && listener());
  }
}

/** Whether a business type (its stored value) is one the settings offer. */
export function offersBusinessType(settings: Pick<MerchantSettingValues, 'businessTypes'>, value: string): boolean {
  return settings.businessTypes.some((type) => type.value === value);
}

/** "0.60" (percent, at most two decimals) → 60 basis points, without floats. */
export function percentToBasisPoints(percent: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(percent.trim());
  if (!match) throw new RangeError(`not a percent with at most two decimals: ${percent}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 60 basis points → "0.60". */
export function basisPointsToPercent(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}
