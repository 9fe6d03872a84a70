import { AppError } from '../../host/sdk/index.js';
import { minorMoneyText, type InvalidAmountError } from '../money/index.js';
import type { OrderStatus } from '../orders/types.js';

/**
 * The refusals of a refund request, each in zh-CN and English, thrown before anything is written: the
 * order is not paid or fully refunded (409), the amount is bad or above what is refundable (400), the
 * currency is not the order's (400), the refundId was used with other terms (409), the service cannot refund (409).
 */
export const refundErrors = {
  notPaid(status: OrderStatus): AppError {
    return new AppError('ORDER_NOT_REFUNDABLE', `订单未支付（${status}），不能退款`, {
      status: 409,
      messageEn: `an order in status ${status} has not been paid and cannot be refunded`,
      details: [{ field: 'paymentId', message: status, reason: 'NOT_PAID' }],
    });
  },

  fullyRefunded(): AppError {
    return new AppError('ORDER_FULLY_REFUNDED', '订单已全额退款', {
      status: 409,
      messageEn: 'the order has been refunded in full',
      details: [{ field: 'paymentId', message: 'REFUNDED', reason: 'FULLY_REFUNDED' }],
    });
  },

  exceeds(requestedMinor: number, refundableMinor: number, currency: string): AppError {
    const money = (minor: number, language: string) => minorMoneyText(minor, currency, language);
    const zh = `退款金额 ${money(requestedMinor, 'zh-CN')} 超过可退金额 ${money(refundableMinor, 'zh-CN')}`;
    const en = `the refund of ${money(requestedMinor, 'en')} is above the refundable ${money(refundableMinor, 'en')}`;
    // The detail is what a form shows at the amount field: the same sentence, in the caller's language.
    return new AppError('REFUND_AMOUNT_EXCEEDS', zh, {
      status: 400,
      messageEn: en,
      details: [{ field: 'amount', message: zh, messageEn: en, reason: 'ABOVE_REFUNDABLE' }],
    });
  },

  badAmount(err: InvalidAmountError): AppError {
    return new AppError('INVALID_AMOUNT', '退款金额无效', {
      status: 400,
      messageEn: `invalid refund amount: ${err.message}`,
      details: err.details.map((d) => ({ ...d, field: 'amount' })),
    });
  },

  currencyMismatch(given: string, orderCurrency: string): AppError {
    return new AppError('CURRENCY_MISMATCH', `退款币种 ${given} 与订单币种 ${orderCurrency} 不一致`, {
      status: 400,
      messageEn: `the refund currency ${given} is not the order's currency ${orderCurrency}`,
      details: [{ field: 'currency', message: `must be ${orderCurrency}`, reason: 'MISMATCH' }],
    });
  },

  refundIdConflict(refundId: string): AppError {
    return new AppError('REFUND_ID_CONFLICT', '退款编号已用于其他退款', {
      status: 409,
      messageEn: `refundId ${refundId} was already used for a refund of another amount`,
      details: [{ field: 'refundId', message: refundId, reason: 'USED' }],
    });
  },

  notSupported(paymentType: string): AppError {
    return new AppError('REFUND_NOT_SUPPORTED', '该支付服务不支持退款', {
      status: 409,
      messageEn: `payment service ${paymentType} does not offer refunds`,
      details: [{ field: 'paymentType', message: paymentType, reason: 'NOT_SUPPORTED' }],
    });
  },

  misconfigured(paymentType: string, err: AppError): AppError {
    return new AppError('CHANNEL_MISCONFIGURED', '支付渠道配置不完整，不能退款', {
      status: 400,
      messageEn: `payment service ${paymentType} is not configured: ${err.message}`,
      details: err.details.map((d) => ({ field: d.field, message: d.reason ?? 'invalid' })),
    });
  },

  alreadyFinal(status: string): AppError {
    return new AppError('REFUND_ALREADY_FINAL', `退款已结束（${status}）`, {
      status: 409,
      messageEn: `the refund has already ended (${status})`,
      details: [{ field: 'status', message: status, reason: 'FINAL' }],
    });
  },
};
