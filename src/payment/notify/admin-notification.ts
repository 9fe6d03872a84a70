import { localizedText, type LocalizedText } from '../../host/sdk/index.js';
import { formatMinor } from '../money/index.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import type { OrderEvent } from '../orders/order-events.js';
import { publicBaseUrl } from '../settings/payment-settings.js';

/** templates/notifications/payment-status-changed.yaml */
export const STATUS_TEMPLATE = 'payment-status-changed';

const STATUS_TEXT: Record<string, LocalizedText> = {
  UNPAID: localizedText('待支付', 'unpaid'),
  PAYING: localizedText('支付中', 'being paid'),
  SUCCESS: localizedText('支付成功', 'paid'),
  FAILED: localizedText('支付失败', 'failed'),
  UNKNOWN: localizedText('结果未知', 'of unknown result'),
  PARTIALLY_REFUNDED: localizedText('部分退款', 'partially refunded'),
  REFUNDED: localizedText('已退款', 'refunded'),
};

/**
 * Tells the configured administrators about a status change through the host notification center, each in
 * their language. One message per (event, user): the dedupe key is the event id, so a repeated call adds
 * nothing. A user name the host does not know is logged and skipped; it never blocks the others.
 */
export async function notifyAdministrators(deps: PaymentDeps, event: OrderEvent): Promise<void> {
  const settings = await deps.settings.read();
  const spec = event.order.spec;
  const link = `${publicBaseUrl(settings, deps.siteUrl)}/payment/${spec.paymentId}`;
  const variables = {
    // Each administrator reads the title of an order the service composed in their own language.
    subject: spec.subjects ? localizedText(spec.subjects['zh-CN'], spec.subjects.en) : spec.subject,
    paymentId: spec.paymentId,
    orderId: spec.orderId,
    amount: `${formatMinor(spec.paymentAmount, spec.currency)} ${spec.currency}`,
    status: spec.status,
    statusText: STATUS_TEXT[spec.status] ?? spec.status,
    link,
  };
  for (const username of settings.notificationUsers) {
    try {
      await deps.notifications.send({
        template: STATUS_TEMPLATE,
        to: [{ username }],
        variables,
        dedupeKey: `payment-status:${event.eventId}`,
      });
    } catch (err) {
      deps.logger.warn({ username, paymentId: spec.paymentId, err: (err as Error).message }, 'payment status notification not queued');
    }
  }
}
