import { localizedText } from '../../host/sdk/index.js';
import { minorMoneyText } from '../money/index.js';
import { ORDER_STATUS_WORDS } from '../orders/status-words.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import type { OrderEvent } from '../orders/order-events.js';
import { publicBaseUrl } from '../settings/payment-settings.js';

/** templates/notifications/payment-status-changed.yaml */
export const STATUS_TEMPLATE = 'payment-status-changed';

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
    amount: localizedText(
      minorMoneyText(spec.paymentAmount, spec.currency, 'zh-CN'),
      minorMoneyText(spec.paymentAmount, spec.currency, 'en'),
    ),
    status: spec.status,
    statusText: localizedText(ORDER_STATUS_WORDS['zh-CN'][spec.status], ORDER_STATUS_WORDS.en[spec.status]),
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
