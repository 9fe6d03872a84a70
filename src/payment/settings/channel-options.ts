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
          platformPublicKeyId: v.walletBPublicKeyId,
          platformPublicKey: v.walletBPublicKey,
          platformCertificates: v.walletBPlatformCertificates,
          gateway: str(v.walletBGateway).trim() || undefined,
          h5Type: str(v.walletBH5Type).trim() || undefined,
        },
      };
    case 'AGGREGATOR_1':
    case 'AGGREGATOR_2':
    case 'AGGREGATOR_3': {
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
      return {
        enabled: v.customEnabled === true,
        options: {
          walletA: {
            gateway: v.customWalletAGateway,
            appId: v.customWalletAAppId,
            privateKey: v.customWalletAPrivateKey,
            alipayPublicKey: v.customWalletAPublicKey,
            mode: str(v.customWalletAMode).trim() || undefined,
          },
          walletB: {
            gateway: v.customWalletBGateway,
            appId: v.customWalletBAppId,
            mchId: v.customWalletBMchId,
            apiV3Key: v.customWalletBApiV3Key,
            serialNo: v.customWalletBSerialNo,
            privateKey: v.customWalletBPrivateKey,
            platformPublicKeyId: v.customWalletBPublicKeyId,
            platformPublicKey: v.customWalletBPublicKey,
            platformCertificates: v.customWalletBPlatformCertificates,
            mode: str(v.customWalletBMode).trim() || undefined,
          },
        },
      };
  }
}
