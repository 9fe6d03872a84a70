import { formatMoney, localizedText, type LocalizedText } from '../../host/sdk/index.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { ENTITLEMENTS_PATH } from './checkout-plugin.js';
import type { NotGrantedReason, PluginPurchaseSpec } from './types.js';

export const PURCHASE_GRANTED_TEMPLATE = 'plugin-purchase-granted';
export const PURCHASE_REFUNDED_TEMPLATE = 'plugin-purchase-refunded';
export const PURCHASE_NOT_GRANTED_TEMPLATE = 'plugin-purchase-not-granted';

const REASON_TEXT: Record<NotGrantedReason, LocalizedText> = {
  PLUGIN_GONE: localizedText('该插件已从目录中删除', 'the plugin was removed from the catalog'),
  USER_GONE: localizedText('用户不存在', 'the user no longer exists'),
  ALREADY_ENTITLED: localizedText('您在付款前已获得该插件的永久授权', 'you already held a permanent entitlement for it when you paid'),
  REFUNDED: localizedText('订单已全额退款', 'the order was refunded in full'),
};

/** The amount as each reader's language writes it. */
function moneyIn({ amount, currency }: PluginPurchaseSpec): LocalizedText | string {
  if (!amount || !currency) return '-';
  return localizedText(formatMoney(amount, currency, 'zh-CN'), formatMoney(amount, currency, 'en'));
}

/**
 * Queues one purchase message to the buyer (inbox, and e-mail when they have an address; in their language) — call it inside the
 * transaction that writes the PluginPurchase: the message commits with the record, and the record's unique name
 * (the paymentId) lets only one writer make each move, so a buyer hears about each move once.
 */
export async function notifyPurchase(
  deps: PluginAuthDeps,
  template: string,
  purchase: PluginPurchaseSpec,
  pluginName: string,
): Promise<void> {
  const { adminEmail } = await deps.settings.read();
  const domains = template === PURCHASE_REFUNDED_TEMPLATE ? purchase.revokedDomains : purchase.authorizedDomains;
  await deps.notifier.send({
    template,
    to: [{ username: purchase.authUser }],
    missingUsers: 'skip',
    variables: {
      pluginKey: purchase.pluginKey,
      pluginName,
      paymentId: purchase.paymentId,
      orderId: purchase.orderId ?? '',
      amount: moneyIn(purchase),
      domains: domains?.length ? domains.join(', ') : '-',
      reason: purchase.reason ? REASON_TEXT[purchase.reason] : '-',
      adminEmail: adminEmail || '-',
      jumpUrl: `${deps.baseUrl}${ENTITLEMENTS_PATH}`,
    },
  });
}
