import { defineOperation, type OperationDef, listResultSchema, eq } from '../../host/sdk/index.js';
import { CONSOLE_GROUP, KINDS } from '../api-groups.js';
import type { PaymentDeps } from '../payment-deps.js';
import { closePayment } from '../orders/close-payment.js';
import { deleteOrder } from '../orders/delete-orders.js';
import { listOrders, ORDER_FILTER_QUERY, type OrderFilters } from '../orders/list-orders.js';
import { PAYMENT_VIEW_SCHEMA, toView } from '../orders/order-view.js';
import { syncWithChannel } from '../orders/sync-payment.js';
import { resendPaymentNotify } from '../notify/resend.js';
import { orderOr404, pageBase, PAYMENT_ID_PARAMS } from './order-lookup.js';
import { updatePayment, UPDATE_PAYMENT_BODY, type UpdatePaymentInput } from './update-payment.js';

const tags = ['payment-console'];
const recent = (kind: string, paymentId: string) => ({ where: eq('spec.paymentId', paymentId), sort: [{ field: kind === KINDS.callbackLog ? 'spec.receivedAt' : 'metadata.creationTimestamp', direction: 'desc' as const }], page: 1, size: 20 });

/** Console order management (payment:console:manage): list, details, edit, delete, close, sync, re-send. */
export function orderOperations(deps: PaymentDeps): OperationDef[] {
  return [
    defineOperation<OrderFilters>({
      operationId: 'listPayments', group: CONSOLE_GROUP, method: 'get', path: '/payments', tags,
      summary: 'List payment orders with filters (order number, payment number, platform, status, type, user, date range), newest first',
      query: { type: 'object', properties: ORDER_FILTER_QUERY },
      response: listResultSchema(PAYMENT_VIEW_SCHEMA),
      handler: async ({ query }) => listOrders(deps, query, await pageBase(deps)),
    }),
    defineOperation<unknown, unknown, { paymentId: string }>({
      operationId: 'getPayment', group: CONSOLE_GROUP, method: 'get', path: '/payments/:paymentId', tags,
      summary: 'Details of an order with its status history, notifyUrl deliveries and callbacks',
      params: PAYMENT_ID_PARAMS,
      handler: async ({ params }) => {
        const order = await orderOr404(deps, params.paymentId);
        const [deliveries, callbacks] = await Promise.all([deps.client.list(KINDS.delivery, recent(KINDS.delivery, order.spec.paymentId)), deps.client.list(KINDS.callbackLog, recent(KINDS.callbackLog, order.spec.paymentId))]);
        return { ...toView(order, await pageBase(deps)), transitions: order.status?.transitions ?? [], notifyDeliveries: deliveries.items.map((d) => ({ name: d.metadata.name, ...(d.spec as object), ...(d.status as object) })), callbacks: callbacks.items.map((c) => c.spec) };
      },
    }),
    defineOperation<unknown, UpdatePaymentInput, { paymentId: string }>({
      operationId: 'updatePayment', group: CONSOLE_GROUP, method: 'put', path: '/payments/:paymentId', tags,
      summary: 'Edit basic information (subject, body, notifyUrl, returnUrl, additionalData) and the status (legal moves only)',
      params: PAYMENT_ID_PARAMS, body: UPDATE_PAYMENT_BODY, response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ params, body, principal }) => toView(await updatePayment(deps, await orderOr404(deps, params.paymentId), body, principal.username), await pageBase(deps)),
    }),
    defineOperation<unknown, unknown, { paymentId: string }>({
      operationId: 'deletePayment', group: CONSOLE_GROUP, method: 'delete', path: '/payments/:paymentId', tags,
      summary: 'Delete an order (an open one is closed at the channel first)',
      params: PAYMENT_ID_PARAMS,
      handler: async ({ params }) => {
        await deleteOrder(deps, await orderOr404(deps, params.paymentId));
        return { deleted: [params.paymentId] };
      },
    }),
    defineOperation<unknown, { paymentIds: string[] }>({
      operationId: 'deletePayments', group: CONSOLE_GROUP, method: 'post', path: '/payments/-/delete', tags,
      summary: 'Delete several orders; unknown payment numbers are reported, not fatal',
      body: { type: 'object', additionalProperties: false, required: ['paymentIds'], properties: { paymentIds: { type: 'array', minItems: 1, maxItems: 500, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 64 } } } },
      handler: async ({ body }) => {
        const deleted: string[] = [];
        const notFound: string[] = [];
        for (const id of body.paymentIds) {
          const order = await orderOr404(deps, id).catch(() => undefined);
          if (!order) notFound.push(id);
          else await deleteOrder(deps, order).then(() => deleted.push(id));
        }
        return { deleted, notFound };
      },
    }),
    defineOperation<unknown, unknown, { paymentId: string }>({
      operationId: 'closePayment', group: CONSOLE_GROUP, method: 'post', path: '/payments/:paymentId/close', tags,
      summary: 'Close an unpaid order (at the channel, then FAILED with reason CLOSED); closing again changes nothing',
      params: PAYMENT_ID_PARAMS, response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ params, principal }) => toView(await closePayment(deps, await orderOr404(deps, params.paymentId), 'CLOSE', principal.username), await pageBase(deps)),
    }),
    defineOperation<unknown, unknown, { paymentId: string }>({
      operationId: 'syncPayment', group: CONSOLE_GROUP, method: 'post', path: '/payments/:paymentId/sync', tags,
      summary: 'Ask the channel for the order status now and apply it',
      params: PAYMENT_ID_PARAMS, response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ params }) => toView(await syncWithChannel(deps, await orderOr404(deps, params.paymentId), 'SYNC'), await pageBase(deps)),
    }),
    defineOperation<unknown, unknown, { paymentId: string }>({
      operationId: 'resendPaymentNotify', group: CONSOLE_GROUP, method: 'post', path: '/payments/:paymentId/resend-notify', tags,
      summary: 'Re-send the notifyUrl notification of the order\'s latest event now (a fresh retry schedule)',
      params: PAYMENT_ID_PARAMS,
      handler: async ({ params }) => {
        const delivery = await resendPaymentNotify(deps, await orderOr404(deps, params.paymentId));
        deps.wakeNotifier();
        return { name: delivery.metadata.name, ...delivery.spec, ...delivery.status };
      },
    }),
  ];
}
