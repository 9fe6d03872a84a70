import type { PaymentType } from '../channels/index.js';
import type { PaymentSettingValues } from './payment-settings.js';

/**
 * The settings → adapter options mapping of each payment service: its enabled switch and the raw options its
 * definition validates. Services without an adapter yet are listed so their switch is known.
 */
export interface ChannelSettings {
  enabled: boolean;
  options: Record<string, unknown>;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function channelSettingsOf(type: PaymentType, v: PaymentSettingValues): ChannelSettings {
  switch (type) {
    case 'WALLET_A': {
      const productCode = str(v.walletAProductCode).trim();
      const productCodes = productCode ? { FACE_TO_FACE_PAYMENT: productCode } : undefined;
      return {
        enabled: v.walletAEnabled === true,
        options: {
          appId: v.walletAAppId,
          privateKey: v.walletAPrivateKey,
          alipayPublicKey: v.walletAPublicKey,
          signType: v.walletASignType || 'RSA2',
          gateway: v.walletAGateway || 'production',
          sellerId: v.walletASellerId,
          productCodes,
        },
      };
    }
    case 'SANDBOX':
      return { enabled: v.sandboxEnabled, options: { enabled: v.sandboxEnabled, secret: v.sandboxSecret } };
    case 'WALLET_B':
      return {
        enabled: v.walletBEnabled === true,
        options: {
          appId: v.walletBAppId,
          mchId: v.walletBMchId,
          apiV3Key: v.walletBApiV3Key,
          serialNo: v.walletBSerialNo,
          privateKey: v.walletBPrivateKey,
        },
      };
    case 'AGGREGATOR_1':
      return {
        enabled: v.aggregator1Enabled === true,
        options: { ...epayCommonOptions(v, 1), key: v.aggregator1Key, signEncoding: v.aggregator1SignEncoding || undefined },
      };
    case 'AGGREGATOR_3':
      return {
        enabled: v.aggregator3Enabled === true,
        options: { ...epayCommonOptions(v, 3), merchantPrivateKey: v.aggregator3Key, platformPublicKey: v.aggregator3PlatformPublicKey },
      };
    case 'AGGREGATOR_2': {
      const n = type.slice(-1);
      return {
        enabled: v[`aggregator${n}Enabled`] === true,
        options: { url: v[`aggregator${n}Url`], merchantId: v[`aggregator${n}MerchantId`], key: v[`aggregator${n}Key`] },
      };
    }
    case 'INTL_WALLET':
      return {
        enabled: v.intlWalletEnabled === true,
        options: {
          clientId: v.intlWalletClientId,
          clientSecret: v.intlWalletClientSecret,
          webhookId: v.intlWalletWebhookId,
          currency: v.intlWalletCurrency,
        },
      };
    case 'CARD':
      return {
        enabled: v.cardEnabled === true,
        options: { secretKey: v.cardSecretKey, webhookSecret: v.cardWebhookSecret, currency: v.cardCurrency },
      };
    case 'CUSTOM':
      return { enabled: v.customEnabled === true, options: {} };
  }
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
