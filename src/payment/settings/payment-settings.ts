import { asciiHttpUrl, FlatSettings, type FlatFieldMap, type PluginSettings } from '../../host/sdk/index.js';

/** What a masked secret reads as; sent back, it keeps the stored value. */
const SECRET_MASK = '******';

/** Setting (form) and ConfigMap (values) of the service, shipped in extensions/payment-settings.yaml. */
export const SETTING_NAME = 'payment-settings';

/** The group of the merchant platform settings, read and written through the merchant family's own operations. */
export const MERCHANT_GROUP = 'merchant';

/** Flat key → "group.field": the keys getPaymentSettings answers and updatePaymentSettings takes. */
export const FIELDS: FlatFieldMap = {
  callbackDomain: 'general.callbackDomain',
  timeoutMinutes: 'general.timeoutMinutes',
  syncCron: 'general.syncCron',
  closeCron: 'general.closeCron',
  reportTimeZone: 'general.reportTimeZone',
  notificationUsers: 'general.notificationUsers',
  supportedChannels: 'general.supportedChannels',
  sandboxEnabled: 'general.sandboxEnabled',
  allowPrivateNotifyTargets: 'general.allowPrivateNotifyTargets',
  allowLocalCallbackDomain: 'general.allowLocalCallbackDomain',
  callbackLogRetentionDays: 'general.callbackLogRetentionDays',
  interfacePrivateKey: 'keys.interfacePrivateKey',
  interfacePublicKey: 'keys.interfacePublicKey',
  ...groupFields('walletA', [
    'walletAEnabled',
    'walletAAppId',
    'walletAPrivateKey',
    'walletAPublicKey',
    'walletASignType',
    'walletAGateway',
    'walletAProductCode',
    'walletASellerId',
  ]),
  ...groupFields('walletB', [
    'walletBEnabled',
    'walletBAppId',
    'walletBMchId',
    'walletBApiV3Key',
    'walletBSerialNo',
    'walletBPrivateKey',
    'walletBPublicKeyId',
    'walletBPublicKey',
    'walletBPlatformCertificates',
    'walletBGateway',
    'walletBH5Type',
  ]),
  ...groupFields(
    'aggregators',
    [1, 2, 3].flatMap((n) => [`aggregator${n}Enabled`, `aggregator${n}Url`, `aggregator${n}MerchantId`, `aggregator${n}Key`]),
  ),
  // xunhupay answers queries on another host than payment/do.html.
  aggregator2QueryUrl: 'aggregators.aggregator2QueryUrl',
  ...groupFields('aggregators', [
    'aggregator1Initiation',
    'aggregator1SignEncoding',
    'aggregator1NotifyMethod',
    'aggregator1AlipayType',
    'aggregator1WxpayType',
  ]),
  ...groupFields('aggregators', [
    'aggregator3PlatformPublicKey',
    'aggregator3Initiation',
    'aggregator3NotifyMethod',
    'aggregator3AlipayType',
    'aggregator3WxpayType',
  ]),
  ...groupFields('intlWallet', [
    'intlWalletEnabled',
    'intlWalletClientId',
    'intlWalletClientSecret',
    'intlWalletWebhookId',
    'intlWalletCurrency',
    'intlWalletGateway',
    'intlWalletVerification',
  ]),
  ...groupFields('card', ['cardEnabled', 'cardSecretKey', 'cardWebhookSecret', 'cardCurrency', 'cardApiBaseUrl']),
  ...groupFields('custom', [
    'customEnabled',
    'customWalletAGateway',
    'customWalletAAppId',
    'customWalletAPrivateKey',
    'customWalletAPublicKey',
    'customWalletAMode',
    'customWalletBGateway',
    'customWalletBAppId',
    'customWalletBMchId',
    'customWalletBApiV3Key',
    'customWalletBSerialNo',
    'customWalletBPrivateKey',
    'customWalletBPublicKeyId',
    'customWalletBPublicKey',
    'customWalletBPlatformCertificates',
    'customWalletBMode',
  ]),
  sandboxSecret: 'sandbox.sandboxSecret',
};

function groupFields(group: string, names: string[]): FlatFieldMap {
  return Object.fromEntries(names.map((n) => [n, `${group}.${n}`]));
}

/** The values the service works with (channel credentials stay a loose record: adapters validate them). */
export interface PaymentSettingValues {
  callbackDomain: string;
  timeoutMinutes: number;
  syncCron: string;
  closeCron: string;
  reportTimeZone: string;
  notificationUsers: string[];
  supportedChannels: string[];
  /** Effective: an unset switch is on in development and off in production. */
  sandboxEnabled: boolean;
  allowPrivateNotifyTargets: boolean;
  /** Development only: callbackDomain may be plain HTTP, a local name or a non-public address (callback-domain.ts). */
  allowLocalCallbackDomain: boolean;
  /** Days a callback log is kept after its first arrival (logs of open orders are always kept). */
  callbackLogRetentionDays: number;
  interfacePrivateKey?: string;
  interfacePublicKey?: string;
  sandboxSecret?: string;
  [channelField: string]: unknown;
}

const FALLBACK = {
  callbackDomain: '',
  timeoutMinutes: 30,
  syncCron: '0 */2 * * * *',
  closeCron: '30 * * * * *',
  reportTimeZone: 'Asia/Shanghai',
  notificationUsers: [] as string[],
  supportedChannels: [] as string[],
  allowPrivateNotifyTargets: false,
  allowLocalCallbackDomain: false,
  callbackLogRetentionDays: 180,
};

/** The groups of the Setting (`spec.forms`), each with its FormKit fields. */
export type SettingForms = Awaited<ReturnType<PluginSettings['view']>>['forms'];

/** The one typed accessor of the payment settings (values come from the host's watch-fed cache). */
export interface PaymentSettings {
  read(): Promise<PaymentSettingValues>;
  /**
   * What read() would answer after writing `partial`, without writing: "******" keeps a secret, null puts
   * a field back to its form default. Keys the form does not know are left for the write to refuse.
   */
  preview(partial: Record<string, unknown>): Promise<PaymentSettingValues>;
  readonly flat: FlatSettings<PaymentSettingValues>;
  /** Writes a partial flat object (validated by the host against the form). */
  write(partial: Record<string, unknown>): Promise<void>;
  /** The Setting's forms as a console renders them (secret defaults masked); field names are the flat keys. */
  forms(): Promise<SettingForms>;
  onChange(listener: () => void): () => void;
}

export function paymentSettings(settings: PluginSettings, production: boolean): PaymentSettings {
  const flat = new FlatSettings<PaymentSettingValues>(settings, SETTING_NAME, FIELDS);
  const effective = (values: PaymentSettingValues): PaymentSettingValues => {
    const out: Record<string, unknown> = { ...FALLBACK };
    for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null) out[key] = value;
    // Sandbox defaults to on in development and off in production.
    return { ...(out as PaymentSettingValues), sandboxEnabled: typeof out.sandboxEnabled === 'boolean' ? out.sandboxEnabled : !production };
  };
  // One effective object per version of the stored values (flat.read answers the same object until they change).
  const effectiveByValues = new WeakMap<PaymentSettingValues, PaymentSettingValues>();
  const read = async () => {
    const values = await flat.read();
    let known = effectiveByValues.get(values);
    if (!known) effectiveByValues.set(values, (known = Object.freeze(effective(values))));
    return known;
  };
  return {
    flat,
    read,
    async preview(partial) {
      const compiled = await settings.compiled(SETTING_NAME);
      const next: Record<string, unknown> = { ...(await flat.read()) };
      for (const [key, value] of Object.entries(partial)) {
        const ref = FIELDS[key];
        if (ref === undefined) continue;
        const [group, field] = ref.split('.');
        const form = compiled.groups.get(group);
        if (value === null) next[key] = structuredClone(form?.defaults[field]);
        else if (!(form?.secrets.has(field) && value === SECRET_MASK)) next[key] = value;
      }
      return effective(next as PaymentSettingValues);
    },
    async write(partial) {
      await flat.write(partial);
    },
    // The merchant platform group has its own operations (merchants/merchant-settings.ts) and page.
    forms: async () => (await settings.view(SETTING_NAME)).forms.filter((form) => form.group !== MERCHANT_GROUP),
    onChange: (listener) => settings.onChange((change) => change.settingName === SETTING_NAME && listener()),
  };
}

/**
 * Where callbacks and payment pages are reached: the callback domain when set, else the site URL. In ASCII
 * (an internationalised domain in punycode): the base goes into URLs that orders store and providers sign.
 */
export function publicBaseUrl(values: Pick<PaymentSettingValues, 'callbackDomain'>, siteUrl: string): string {
  const domain = values.callbackDomain?.trim();
  const base = domain ? domain : siteUrl;
  return (asciiHttpUrl(base) ?? base).replace(/\/+$/, '');
}
