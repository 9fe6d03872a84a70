import type { ErrorMessageTable } from '../../host/sdk/index.js';

/**
 * Default messages of the payment service's error codes (its own and the channel adapters' codes of
 * `channels/errors.ts`), registered with the host's error catalog when the service starts. Channel errors
 * carry English text for operators and logs; a zh-CN answer says what the code means from here.
 */
export const PAYMENT_ERROR_MESSAGES: ErrorMessageTable = {
  // Channel adapters (CHANNEL_ERROR_STATUS)
  MISSING_SIGNATURE: { zh: '回调缺少签名', en: 'the callback carries no signature' },
  BAD_SIGNATURE: { zh: '回调签名验证失败', en: 'the callback signature does not verify' },
  UNSUPPORTED_EVENT: { zh: '不处理的回调事件', en: 'a callback event this service does not handle' },
  STALE_CALLBACK: { zh: '回调已过期，未做处理', en: 'the callback is too old and was not applied' },
  CALLBACK_MISMATCH: {
    zh: '回调与订单不符（应用、金额或币种不一致）',
    en: 'the callback does not match the order (app, amount or currency)',
  },
  NOT_SUPPORTED: { zh: '该支付方式不支持此操作', en: 'this payment service does not offer this operation' },
  CHANNEL_UNAVAILABLE: { zh: '支付渠道暂时不可用，请稍后再试', en: 'the payment channel is unavailable; try again later' },
  CHANNEL_REJECTED: { zh: '支付渠道拒绝了请求', en: 'the payment channel refused the request' },
  CHANNEL_BAD_RESPONSE: { zh: '支付渠道返回了无法识别的应答', en: 'the payment channel answered something that cannot be trusted or read' },
  CHANNEL_MISCONFIGURED: { zh: '支付渠道配置不完整', en: 'the payment channel is not fully configured' },
  CHANNEL_DISABLED: { zh: '支付服务已关闭', en: 'the payment service is switched off' },
  PAYER_DETAILS_REQUIRED: { zh: '缺少付款人信息（IP 地址或 openid）', en: "the payer's details (IP address or openid) are missing" },
  UNKNOWN_PAYMENT_TYPE: { zh: '未知的支付类型', en: 'unknown payment type' },
  UNSUPPORTED_PAYMENT_CHANNEL: { zh: '该支付服务不提供此支付渠道', en: 'the payment service does not offer this channel' },
  // Amounts
  INVALID_AMOUNT: { zh: '金额不正确', en: 'invalid amount' },
  UNKNOWN_CURRENCY: { zh: '不支持的币种', en: 'unsupported currency' },
  // Orders, notifications and settings
  INTERFACE_KEY_MISSING: { zh: '接口密钥未配置', en: 'the interface key pair is not configured' },
  NOTHING_TO_RESEND: { zh: '订单尚无可重发的通知', en: 'the order has no notification to resend yet' },
  NOTIFY_TARGET_BLOCKED: { zh: '通知地址不被允许', en: 'the notify address is not allowed' },
  NOT_SANDBOX_ORDER: { zh: '不是沙箱订单', en: 'only SANDBOX orders can be paid by simulation' },
  NO_NOTIFY_URL: { zh: '订单没有通知地址', en: 'the order has no notifyUrl' },
  ORDER_ALREADY_FINISHED: { zh: '订单已结束', en: 'the order is already finished' },
  ORDER_ALREADY_PAID: { zh: '订单已支付，无法关闭', en: 'the order is already paid and cannot be closed' },
  ORDER_ID_CONFLICT: { zh: '订单号已存在且支付信息不同', en: 'the orderId already has a payment with other details' },
  ORDER_NOT_PAYABLE: { zh: '订单当前不能支付', en: 'the order cannot be paid now' },
  ORDER_STILL_OPEN: { zh: '请先关闭未支付的订单', en: 'close the unpaid order first' },
  PAYMENT_CHANNEL_DISABLED: { zh: '当前支付渠道未启用', en: 'this payment channel is not enabled' },
  PAYMENT_SERVICE_DISABLED: { zh: '当前支付服务未启用', en: 'this payment service is not enabled' },
};
