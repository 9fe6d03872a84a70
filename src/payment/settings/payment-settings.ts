import { FlatSettings, type FlatFieldMap, type PluginSettings } from '../../host/sdk/index.js';

/** Setting (form) and ConfigMap (values) of the service, shipped in extensions/payment-settings.yaml. */
export const SETTING_NAME = 'payment-settings';

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
  ...groupFields('intlWallet', [
    'intlWalletEnabled',
    'intlWalletClientId',
    'intlWalletClientSecret',
    'intlWalletWebhookId',
    'intlWalletCurrency',
  ]),
  ...groupFields('card', ['cardEnabled', 'cardSecretKey', 'cardWebhookSecret', 'cardCurrency']),
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
  callbackLogRetentionDays: 180,
};

/** The one typed accessor of the payment settings (values come from the host's watch-fed cache). */
export interface PaymentSettings {
  read(): Promise<PaymentSettingValues>;
  readonly flat: FlatSettings<PaymentSettingValues>;
  /** Writes a partial flat object (validated by the host against the form). */
  write(partial: Record<string, unknown>): Promise<void>;
  onChange(listener: () => void): () => void;
}

export function paymentSettings(settings: PluginSettings, production: boolean): PaymentSettings {
  const flat = new FlatSettings<PaymentSettingValues>(settings, SETTING_NAME, FIELDS);
  return {
    flat,
    async read() {
      const values = await flat.readWithFallback(FALLBACK as Partial<PaymentSettingValues>);
      // Sandbox defaults to on in development and off in production.
      return { ...values, sandboxEnabled: typeof values.sandboxEnabled === 'boolean' ? values.sandboxEnabled : !production };
    },
    async write(partial) {
      await flat.write(partial);
    },
    onChange: (listener) => settings.onChange((change) => change.settingName === SETTING_NAME && listener()),
  };
}

/** Where callbacks and payment pages are reached: the callback domain when set, else the site URL. */
export function publicBaseUrl(values: Pick<PaymentSettingValues, 'callbackDomain'>, siteUrl: string): string {
  const domain = values.callbackDomain?.trim();
  return (domain ? domain : siteUrl).replace(/\/+$/, '');
}
