import type { PaymentType } from '../channels/index.js';
import type { PaymentSettingValues } from './payment-settings.js';

/**
 * The settings → adapter options mapping of each payment service: its enabled switch, the raw options its
 * definition validates, and which flat setting key holds each option (so a problem the definition reports
 * about an option is shown at the setting the administrator edits). Services without an adapter yet are
 * listed so their switch is known.
 */
export interface ChannelSettings {
  enabled: boolean;
  options: Record<string, unknown>;
  /** Option field → flat setting key; the service's enabled switch is `enabledKey`. */
  fields: Readonly<Record<string, string>>;
  /** The flat key of the enabled switch (absent for services without settings of their own yet). */
  enabledKey?: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

const WALLET_A_FIELDS = {
  appId: 'walletAAppId',
  privateKey: 'walletAPrivateKey',
  alipayPublicKey: 'walletAPublicKey',
  signType: 'walletASignType',
  gateway: 'walletAGateway',
  productCodes: 'walletAProductCode',
  sellerId: 'walletASellerId',
} as const;

const WALLET_B_FIELDS = {
  appId: 'walletBAppId',
  mchId: 'walletBMchId',
  apiV3Key: 'walletBApiV3Key',
  serialNo: 'walletBSerialNo',
  privateKey: 'walletBPrivateKey',
  platformPublicKeyId: 'walletBPublicKeyId',
  platformPublicKey: 'walletBPublicKey',
  platformCertificates: 'walletBPlatformCertificates',
  gateway: 'walletBGateway',
  h5Type: 'walletBH5Type',
} as const;

/** CUSTOM's wallet-compatible gateways: each sub-provider's options, reported by the adapter as `walletA.…` / `walletB.…`. */
const CUSTOM_WALLET_A_FIELDS = {
  gateway: 'customWalletAGateway',
  appId: 'customWalletAAppId',
  privateKey: 'customWalletAPrivateKey',
  alipayPublicKey: 'customWalletAPublicKey',
} as const;

const CUSTOM_WALLET_B_FIELDS = {
  gateway: 'customWalletBGateway',
  appId: 'customWalletBAppId',
  mchId: 'customWalletBMchId',
  apiV3Key: 'customWalletBApiV3Key',
  serialNo: 'customWalletBSerialNo',
  privateKey: 'customWalletBPrivateKey',
  platformPublicKeyId: 'customWalletBPublicKeyId',
  platformPublicKey: 'customWalletBPublicKey',
  platformCertificates: 'customWalletBPlatformCertificates',
} as const;

const CUSTOM_FIELDS: Readonly<Record<string, string>> = {
  ...prefixed('walletA', { ...CUSTOM_WALLET_A_FIELDS, mode: 'customWalletAMode' }),
  ...prefixed('walletB', { ...CUSTOM_WALLET_B_FIELDS, mode: 'customWalletBMode' }),
};

function prefixed(prefix: string, fields: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([option, key]) => [`${prefix}.${option}`, key]));
}

/** PayPal (INTL_WALLET): REST app credentials, the webhook's id, the currencies taken and the REST host. */
const INTL_WALLET_FIELDS = {
  clientId: 'intlWalletClientId',
  clientSecret: 'intlWalletClientSecret',
  webhookId: 'intlWalletWebhookId',
  currency: 'intlWalletCurrency',
  gateway: 'intlWalletGateway',
  verification: 'intlWalletVerification',
} as const;

/** xunhupay (AGGREGATOR_2): the aggregator "interface address" is payment/do.html, the merchant number its APPID. */
const AGGREGATOR_2_FIELDS = {
  gatewayUrl: 'aggregator2Url',
  queryUrl: 'aggregator2QueryUrl',
  appId: 'aggregator2MerchantId',
  appSecret: 'aggregator2Key',
} as const;

/** Stripe Checkout (CARD): the keys of the account and of its webhook endpoint, the default currency, the API address. */
const CARD_FIELDS = {
  secretKey: 'cardSecretKey',
  webhookSecret: 'cardWebhookSecret',
  currency: 'cardCurrency',
  apiBaseUrl: 'cardApiBaseUrl',
} as const;

/** Options read straight from their setting keys. */
function optionsOf(fields: Readonly<Record<string, string>>, v: PaymentSettingValues): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([option, key]) => [option, v[key]]));
}

export function channelSettingsOf(type: PaymentType, v: PaymentSettingValues): ChannelSettings {
  switch (type) {
    case 'WALLET_A': {
      const productCode = str(v.walletAProductCode).trim();
      const productCodes = productCode ? { FACE_TO_FACE_PAYMENT: productCode } : undefined;
      return {
        enabled: v.walletAEnabled === true,
        enabledKey: 'walletAEnabled',
        fields: WALLET_A_FIELDS,
        options: {
          ...optionsOf(WALLET_A_FIELDS, v),
          signType: v.walletASignType || 'RSA2',
          gateway: v.walletAGateway || 'production',
          productCodes,
        },
      };
    }
    case 'SANDBOX':
      return {
        enabled: v.sandboxEnabled,
        enabledKey: 'sandboxEnabled',
        fields: { enabled: 'sandboxEnabled', secret: 'sandboxSecret' },
        options: { enabled: v.sandboxEnabled, secret: v.sandboxSecret },
      };
    case 'WALLET_B':
      return {
        enabled: v.walletBEnabled === true,
        enabledKey: 'walletBEnabled',
        fields: WALLET_B_FIELDS,
        options: {
          ...optionsOf(WALLET_B_FIELDS, v),
          gateway: str(v.walletBGateway).trim() || undefined,
          h5Type: str(v.walletBH5Type).trim() || undefined,
        },
      };
    case 'AGGREGATOR_2':
      return {
        enabled: v.aggregator2Enabled === true,
        enabledKey: 'aggregator2Enabled',
        fields: AGGREGATOR_2_FIELDS,
        options: optionsOf(AGGREGATOR_2_FIELDS, v),
      };
    case 'AGGREGATOR_1':
      return {
        enabled: v.aggregator1Enabled === true,
        enabledKey: 'aggregator1Enabled',
        fields: { ...epayCommonFields(1), key: 'aggregator1Key', signEncoding: 'aggregator1SignEncoding' },
        options: { ...epayCommonOptions(v, 1), key: v.aggregator1Key, signEncoding: v.aggregator1SignEncoding || undefined },
      };
    case 'AGGREGATOR_3':
      return {
        enabled: v.aggregator3Enabled === true,
        enabledKey: 'aggregator3Enabled',
        fields: { ...epayCommonFields(3), merchantPrivateKey: 'aggregator3Key', platformPublicKey: 'aggregator3PlatformPublicKey' },
        options: { ...epayCommonOptions(v, 3), merchantPrivateKey: v.aggregator3Key, platformPublicKey: v.aggregator3PlatformPublicKey },
      };
    case 'INTL_WALLET':
      return {
        enabled: v.intlWalletEnabled === true,
        enabledKey: 'intlWalletEnabled',
        fields: INTL_WALLET_FIELDS,
        options: optionsOf(INTL_WALLET_FIELDS, v),
      };
    case 'CARD':
      return {
        enabled: v.cardEnabled === true,
        enabledKey: 'cardEnabled',
        fields: CARD_FIELDS,
        options: {
          ...optionsOf(CARD_FIELDS, v),
          currency: str(v.cardCurrency).trim() || undefined,
          apiBaseUrl: str(v.cardApiBaseUrl).trim() || undefined,
        },
      };
    case 'CUSTOM':
      return {
        enabled: v.customEnabled === true,
        enabledKey: 'customEnabled',
        fields: CUSTOM_FIELDS,
        options: {
          walletA: { ...optionsOf(CUSTOM_WALLET_A_FIELDS, v), mode: str(v.customWalletAMode).trim() || undefined },
          walletB: { ...optionsOf(CUSTOM_WALLET_B_FIELDS, v), mode: str(v.customWalletBMode).trim() || undefined },
        },
      };
  }
}

/**
 * The flat setting key of an option a definition reported (`productCodes.FACE_TO_FACE_PAYMENT` is the
 * option `productCodes`, unless the nested option has a key of its own, as epay's `typeCodes.WALLET_A` or
 * CUSTOM's `walletB.apiV3Key`); an option without a setting of its own is named after the service.
 */
export function settingKeyOf(settings: ChannelSettings, type: PaymentType, optionField: string | undefined): string {
  const field = optionField ?? '';
  return settings.fields[field] ?? settings.fields[field.split('.')[0]] ?? settings.enabledKey ?? type;
}

/** Every flat key that belongs to a service (its switch and its credentials). */
export function serviceKeys(settings: ChannelSettings): string[] {
  return [...(settings.enabledKey ? [settings.enabledKey] : []), ...Object.values(settings.fields)];
}

/** The flat keys of the options both epay versions share. */
function epayCommonFields(n: 1 | 3): Record<string, string> {
  return {
    gateway: `aggregator${n}Url`,
    pid: `aggregator${n}MerchantId`,
    initiation: `aggregator${n}Initiation`,
    notifyMethod: `aggregator${n}NotifyMethod`,
    'typeCodes.WALLET_A': `aggregator${n}AlipayType`,
    'typeCodes.WALLET_B': `aggregator${n}WxpayType`,
  };
}

/** The settings of an epay service (AGGREGATOR_1 V1, AGGREGATOR_3 V2) that both versions share; empty means the default. */
function epayCommonOptions(v: PaymentSettingValues, n: 1 | 3): Record<string, unknown> {
  const field = (name: string) => v[`aggregator${n}${name}`];
  return {
    gateway: field('Url'),
    pid: field('MerchantId'),
    initiation: field('Initiation') || undefined,
    notifyMethod: field('NotifyMethod') || undefined,
    typeCodes: { WALLET_A: str(field('AlipayType')).trim(), WALLET_B: str(field('WxpayType')).trim() },
  };
}
