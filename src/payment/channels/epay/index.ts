/** The epay (彩虹易支付) protocol shared by AGGREGATOR_1 (V1, MD5) and AGGREGATOR_3 (V2, RSA). */
export { EpayChannel, EPAY_CURRENCIES } from './epay-channel.js';
export type { EpayDialect, EpaySigner, EpayCall, EpayPaymentFacts } from './epay-dialect.js';
export { EpayClient, answerParams, type EpayAnswer } from './epay-client.js';
export { epaySigningContent, phpUrlencode, type EpaySignEncoding } from './signing-content.js';
export { signRequest, checkReceivedSignature, TIMESTAMP_TOLERANCE_SECONDS } from './signature.js';
export { verifyEpayNotify, notifyParams } from './notify.js';
export { mapOrderStatus, PAID_TRADE_STATUS } from './order-status.js';
export { deviceOf } from './device.js';
export {
  EPAY_CHANNELS,
  DEFAULT_TYPE_CODES,
  validateEpayCommon,
  misconfigured,
  rawObject,
  requiredText,
  type EpayChannelName,
  type EpayCommonOptions,
  type EpayInitiation,
  type EpayNotifyMethod,
} from './options.js';
