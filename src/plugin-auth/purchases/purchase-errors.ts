import { AppError } from '../../host/sdk/index.js';
import type { PriceType } from '../catalog/price-type.js';
import type { CheckoutRequestStatus } from './payment-contract.js';

/** A free or limited-time free plugin (or a price that rounds to nothing) is applied for, never bought. */
export function notForSale(pluginKey: string, priceType: PriceType): AppError {
  const zh = priceType === 'LIMITED_FREE' ? '限时免费插件无需购买，请直接申请授权或使用免费授权码' : '免费插件无需购买，请直接申请授权';
  const en =
    priceType === 'LIMITED_FREE'
      ? `plugin "${pluginKey}" is free for a limited time: apply for a domain or use a free code instead of buying`
      : `plugin "${pluginKey}" is free: apply for a domain instead of buying`;
  return new AppError('PLUGIN_NOT_FOR_SALE', zh, {
    status: 409,
    messageEn: en,
    details: [{ field: 'pluginKey', message: zh, messageEn: en, reason: 'PLUGIN_NOT_FOR_SALE' }],
  });
}

export function alreadyEntitled(pluginKey: string): AppError {
  return new AppError('ALREADY_ENTITLED', '您已拥有此插件的永久授权，无需再次购买', {
    status: 409,
    messageEn: `you already hold a permanent entitlement for "${pluginKey}"; there is nothing to buy`,
    details: [
      {
        field: 'pluginKey',
        message: '您已拥有此插件的永久授权，无需再次购买',
        messageEn: 'You already hold a permanent entitlement for this plugin; there is nothing to buy.',
        reason: 'ALREADY_ENTITLED',
      },
    ],
  });
}

/** Paid, and the grant has not been written yet (it follows within moments). */
export function purchaseInProgress(paymentId: string): AppError {
  return new AppError('PURCHASE_IN_PROGRESS', `该插件已付款（${paymentId}），授权正在生效，请稍后刷新`, {
    status: 409,
    messageEn: `this plugin is paid (${paymentId}); the entitlement is being granted, reload in a moment`,
  });
}

/** An earlier payment's result is not known yet: paying again could charge twice. */
export function paymentPending(paymentId: string): AppError {
  return new AppError('PURCHASE_PAYMENT_PENDING', `上一笔付款（${paymentId}）的结果尚待确认，请稍后再试`, {
    status: 409,
    messageEn: `the result of the earlier payment ${paymentId} is not confirmed yet; try again later`,
  });
}

/** The payment service has not answered in time; the order may still appear (and a new checkout reuses it). */
export function checkoutPending(): AppError {
  return new AppError('CHECKOUT_PENDING', '订单正在创建，请稍后在「我的订单」中查看或再次购买', {
    status: 503,
    messageEn: 'the order is still being created; look under My orders in a moment, or buy again',
  });
}

/** The payment service refused the checkout: its answer, in both languages, with its code and status. */
export function checkoutRefused(error: NonNullable<CheckoutRequestStatus['error']>): AppError {
  return new AppError(error.code, error.message, { status: error.status, messageEn: error.messageEn, details: error.details });
}
