import type { ErrorMessageTable } from '../../host/sdk/index.js';

/**
 * Default messages of the payment service's error codes (its own and the channel adapters' codes of
 * `channels/core/errors.ts`), registered with the host's error catalog when the service starts. Channel errors
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
  // Refunds
  REFUND_IN_PROGRESS: { zh: '订单有处理中的退款，暂不能删除', en: 'the order has a refund in progress and cannot be deleted now' },
  ORDER_NOT_REFUNDABLE: { zh: '订单未支付，不能退款', en: 'the order is not paid and cannot be refunded' },
  ORDER_FULLY_REFUNDED: { zh: '订单已全额退款', en: 'the order is fully refunded' },
  REFUND_AMOUNT_EXCEEDS: { zh: '退款金额超过可退金额', en: 'the refund amount exceeds what can still be refunded' },
  CURRENCY_MISMATCH: { zh: '退款币种与订单币种不一致', en: "the refund currency differs from the order's" },
  REFUND_ID_CONFLICT: { zh: '退款编号已用于其他退款', en: 'the refund id is already used for another refund' },
  REFUND_NOT_SUPPORTED: { zh: '该支付服务不支持退款', en: 'this payment service does not offer refunds' },
  REFUND_ALREADY_FINAL: { zh: '退款已结束', en: 'the refund has already ended' },
  UNKNOWN_ORDER: { zh: '没有对应的订单', en: 'no such order' },
  // Merchants (merchants/merchant-errors.ts)
  INSUFFICIENT_BALANCE: { zh: '可提现余额不足', en: 'the withdrawable balance is too low' },
  LEDGER_KEY_REUSED: { zh: '同一账务分录已以不同金额记账', en: 'a ledger entry was already booked under this key with other figures' },
  SETTLEMENT_STATE_CONFLICT: { zh: '结算单当前状态不允许此操作', en: "the settlement's status does not allow this move" },
  SETTLEMENT_CREDITED: {
    zh: '结算单已确认入账，删除需填写原因并冲正',
    en: 'the settlement was credited; deleting it needs a reason and reverses the credit',
  },
  ORDERS_NOT_SETTLEABLE: { zh: '部分订单不能结算', en: 'some orders cannot be settled' },
  ORDER_SETTLEMENT_PENDING: { zh: '订单所在的结算单尚待确认', en: "the order's settlement awaits confirmation" },
  MERCHANT_PLATFORM_DISABLED: { zh: '商户平台未启用', en: 'the merchant platform is not enabled' },
  MERCHANT_ONBOARDING_CLOSED: { zh: '商户入驻暂未开放', en: 'merchant onboarding is closed' },
  MERCHANT_EXISTS: { zh: '每个用户只能有一个商户', en: 'one merchant per user; this user already has one' },
  MERCHANT_STATE_CONFLICT: { zh: '商户当前状态不允许此操作', en: "the merchant's current status does not allow this move" },
  // Withdrawals (withdrawals/withdrawal-errors.ts)
  WITHDRAWAL_MERCHANT_NOT_ACTIVE: { zh: '只有正常状态的商户可以提现', en: 'only an ACTIVE merchant can withdraw' },
  WITHDRAWAL_ACCOUNT_NOT_FOUND: { zh: '提现账户不存在', en: 'the withdrawal account does not exist' },
  WITHDRAWAL_ACCOUNT_IN_USE: {
    zh: '提现账户有进行中的提现，不能删除',
    en: 'the withdrawal account has open withdrawals and cannot be deleted',
  },
  INVALID_CARD_NUMBER: { zh: '银行卡号校验位不正确', en: 'the card number fails its check digit' },
  WITHDRAWAL_STATE_CONFLICT: { zh: '提现当前状态不允许此操作', en: "the withdrawal's current state does not allow this move" },
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
  ORDER_SETTLED: { zh: '订单已结算，不能删除', en: 'the order belongs to a settlement and cannot be deleted' },
  // Merchant platform API
  NOT_A_MERCHANT: { zh: '当前用户不是商户，不能使用商户平台接口', en: 'the caller is not a merchant' },
  MERCHANT_NOT_ACTIVE: { zh: '商户未启用，不能使用商户平台接口', en: 'the merchant is not ACTIVE' },
  ENCRYPTED_PAYLOAD_INVALID: { zh: '加密请求无法解密', en: 'the encrypted request cannot be decrypted' },
  REQUEST_EXPIRED: { zh: '请求时间戳超出有效期', en: 'the request timestamp is outside the allowed window' },
  NONCE_REUSED: { zh: '请求已使用过（nonce 重复）', en: 'the nonce was already used' },
  PAYMENT_SERVICE_DISABLED: { zh: '当前支付服务未启用', en: 'this payment service is not enabled' },
};
