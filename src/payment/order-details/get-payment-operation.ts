import { defineOperation, eq, type ListQuery, type OperationDef } from '../../host/sdk/index.js';
import { CONSOLE_GROUP } from '../api/api-groups.js';
import { PaymentCallbackLog } from '../callbacks/callback-log.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import { PaymentNotifyDelivery } from '../notify/types.js';
import { orderOr404, pageBase, PAYMENT_ID_PARAMS } from '../orders/order-lookup.js';
import { toView } from '../orders/order-view.js';
import { toRefundView } from '../refunds/refund-view.js';
import { PaymentRefund } from '../refunds/types.js';

const tags = ['payment-console'];

/** The 20 newest records of one order, newest first by the given time field. */
const recent = (paymentId: string, timeField: string): ListQuery => ({
  where: eq('spec.paymentId', paymentId),
  sort: [{ field: timeField, direction: 'desc' }],
  page: 1,
  size: 20,
});

/**
 * The console's order details: the order (orders), its refunds (refunds), its notifyUrl deliveries (notify)
 * and its verified callbacks (callbacks). It sits above those families because it shows all of them.
 */
export function orderDetailsOperations(deps: PaymentDeps): OperationDef[] {
  return [
    defineOperation<unknown, unknown, { paymentId: string }>({
      operationId: 'getPayment',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/payments/:paymentId',
      tags,
      summary: 'Details of an order with its status history, refunds, notifyUrl deliveries and callbacks',
      params: PAYMENT_ID_PARAMS,
      handler: async ({ params, language }) => {
        const order = await orderOr404(deps, params.paymentId);
        const paymentId = order.spec.paymentId;
        const [refunds, deliveries, callbacks] = await Promise.all([
          deps.client.list(PaymentRefund, recent(paymentId, 'spec.requestedAt')),
          deps.client.list(PaymentNotifyDelivery, recent(paymentId, 'metadata.creationTimestamp')),
          deps.client.list(PaymentCallbackLog, recent(paymentId, 'spec.receivedAt')),
        ]);
        return {
          ...toView(order, await pageBase(deps), language),
          transitions: order.status?.transitions ?? [],
          refunds: deps.client.viewItems(PaymentRefund, refunds.items, toRefundView),
          notifyDeliveries: deps.client.viewItems(PaymentNotifyDelivery, deliveries.items, (d) => ({
            name: d.metadata.name,
            ...d.spec,
            ...d.status,
          })),
          callbacks: deps.client.viewItems(PaymentCallbackLog, callbacks.items, (c) => c.spec),
        };
      },
    }),
  ];
}
