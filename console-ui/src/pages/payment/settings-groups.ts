import type { SettingGroup } from '@shared/SettingsForm.vue';

/** The payment settings form: groups, labels and help follow extensions/payment-settings.yaml. */
const CHANNELS = [
  'WALLET_A:FACE_TO_FACE_PAYMENT',
  'WALLET_A:PC_WEBSITE',
  'WALLET_A:MOBILE_WEBSITE',
  'WALLET_A:ORDER_CODE',
  'WALLET_B:NATIVE',
  'WALLET_B:H5',
  'WALLET_B:JSAPI',
  'AGGREGATOR_1:WALLET_A',
  'AGGREGATOR_1:WALLET_B',
  'AGGREGATOR_2:WALLET_A',
  'AGGREGATOR_2:WALLET_B',
  'AGGREGATOR_3:WALLET_A',
  'AGGREGATOR_3:WALLET_B',
  'INTL_WALLET:CHECKOUT',
  'CARD:CHECKOUT',
  'CUSTOM:WALLET_A_COMPATIBLE',
  'CUSTOM:WALLET_B_COMPATIBLE',
  'SANDBOX:SIMULATED',
];

const aggregator = (n: number) => [
  { key: `aggregator${n}Enabled`, label: `聚合 ${n} 启用`, type: 'bool' as const },
  { key: `aggregator${n}Url`, label: `聚合 ${n} 接口地址`, type: 'text' as const },
  { key: `aggregator${n}MerchantId`, label: `聚合 ${n} 商户号`, type: 'text' as const },
  { key: `aggregator${n}Key`, label: `聚合 ${n} 密钥`, type: 'secret' as const },
];

export const PAYMENT_SETTING_GROUPS: SettingGroup[] = [
  {
    label: '通用设置',
    fields: [
      { key: 'callbackDomain', label: '支付回调域名', type: 'text', help: '为空时使用站点地址；生产环境须为公网 HTTPS' },
      { key: 'timeoutMinutes', label: '订单超时时间（分钟）', type: 'number' },
      { key: 'syncCron', label: '状态同步周期（cron）', type: 'text' },
      { key: 'closeCron', label: '超时关单周期（cron）', type: 'text' },
      { key: 'reportTimeZone', label: '统计时区', type: 'text' },
      { key: 'notificationUsers', label: '通知用户', type: 'list' },
      {
        key: 'supportedChannels',
        label: '支持的支付渠道（白名单）',
        type: 'checks',
        options: CHANNELS,
        help: '未勾选的渠道即使已启用也会返回“当前支付渠道未启用”',
      },
      { key: 'sandboxEnabled', label: '启用沙箱支付', type: 'bool' },
      { key: 'allowPrivateNotifyTargets', label: '允许通知内网地址（仅开发）', type: 'bool' },
    ],
  },
  {
    label: '钱包 A（支付宝协议）',
    fields: [
      { key: 'walletAEnabled', label: '启用', type: 'bool' },
      { key: 'walletAAppId', label: 'appId', type: 'text' },
      { key: 'walletAPrivateKey', label: '应用私钥', type: 'secret' },
      { key: 'walletAPublicKey', label: '钱包公钥', type: 'textarea' },
      { key: 'walletAGateway', label: '网关（production / sandbox / URL）', type: 'text' },
      { key: 'walletAProductCode', label: '产品码（可选）', type: 'text' },
      { key: 'walletASellerId', label: '卖家 ID（可选）', type: 'text' },
    ],
  },
  {
    label: '钱包 B（微信支付 APIv3）',
    fields: [
      { key: 'walletBEnabled', label: '启用', type: 'bool' },
      { key: 'walletBAppId', label: 'AppID', type: 'text' },
      { key: 'walletBMchId', label: '商户号', type: 'text' },
      { key: 'walletBApiV3Key', label: 'APIv3 密钥', type: 'secret', help: '32 字节' },
      { key: 'walletBSerialNo', label: '商户证书序列号', type: 'text' },
      { key: 'walletBPrivateKey', label: '商户 API 私钥', type: 'secret', help: 'apiclient_key.pem 的内容' },
      { key: 'walletBPublicKeyId', label: '微信支付公钥 ID', type: 'text', help: '公钥模式：PUB_KEY_ID_…' },
      { key: 'walletBPublicKey', label: '微信支付公钥', type: 'textarea' },
      { key: 'walletBPlatformCertificates', label: '平台证书（可多个）', type: 'textarea' },
      { key: 'walletBGateway', label: '网关（留空为 https://api.mch.weixin.qq.com）', type: 'text' },
      { key: 'walletBH5Type', label: 'H5 场景类型（Wap / iOS / Android）', type: 'text' },
    ],
  },
  { label: '聚合支付', fields: [...aggregator(1), ...aggregator(2), ...aggregator(3)] },
  {
    label: '国际钱包收银台',
    fields: [
      { key: 'intlWalletEnabled', label: '启用', type: 'bool' },
      { key: 'intlWalletClientId', label: 'client id', type: 'text' },
      { key: 'intlWalletClientSecret', label: 'client secret', type: 'secret' },
      { key: 'intlWalletWebhookId', label: 'webhook id', type: 'text' },
      { key: 'intlWalletCurrency', label: '币种', type: 'text' },
    ],
  },
  {
    label: '银行卡收银台',
    fields: [
      { key: 'cardEnabled', label: '启用', type: 'bool' },
      { key: 'cardSecretKey', label: 'secret key', type: 'secret' },
      { key: 'cardWebhookSecret', label: 'webhook secret', type: 'secret' },
      { key: 'cardCurrency', label: '币种', type: 'text' },
    ],
  },
  {
    label: '自定义支付与沙箱',
    fields: [
      { key: 'customEnabled', label: '启用自定义支付', type: 'bool', help: '回调地址 …/asyncCallback/CUSTOM，按请求头分发' },
      { key: 'customWalletAGateway', label: '钱包 A 兼容网关（留空不提供）', type: 'text' },
      { key: 'customWalletAAppId', label: '钱包 A 兼容 appId', type: 'text' },
      { key: 'customWalletAPrivateKey', label: '钱包 A 兼容应用私钥', type: 'secret' },
      { key: 'customWalletAPublicKey', label: '钱包 A 兼容网关公钥', type: 'textarea' },
      {
        key: 'customWalletAMode',
        label: '钱包 A 兼容支付方式（FACE_TO_FACE_PAYMENT / ORDER_CODE / PC_WEBSITE / MOBILE_WEBSITE）',
        type: 'text',
      },
      { key: 'customWalletBGateway', label: '钱包 B 兼容网关（留空不提供）', type: 'text' },
      { key: 'customWalletBAppId', label: '钱包 B 兼容 AppID', type: 'text' },
      { key: 'customWalletBMchId', label: '钱包 B 兼容商户号', type: 'text' },
      { key: 'customWalletBApiV3Key', label: '钱包 B 兼容 APIv3 密钥', type: 'secret' },
      { key: 'customWalletBSerialNo', label: '钱包 B 兼容商户证书序列号', type: 'text' },
      { key: 'customWalletBPrivateKey', label: '钱包 B 兼容商户 API 私钥', type: 'secret' },
      { key: 'customWalletBPublicKeyId', label: '钱包 B 兼容平台公钥 ID', type: 'text' },
      { key: 'customWalletBPublicKey', label: '钱包 B 兼容平台公钥', type: 'textarea' },
      { key: 'customWalletBPlatformCertificates', label: '钱包 B 兼容平台证书', type: 'textarea' },
      { key: 'customWalletBMode', label: '钱包 B 兼容支付方式（NATIVE / H5 / JSAPI）', type: 'text' },
      { key: 'sandboxSecret', label: '沙箱签名密钥', type: 'secret' },
    ],
  },
];
