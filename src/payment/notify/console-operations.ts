import { defineOperation, type OperationDef } from '../../host/sdk/index.js';
import { CONSOLE_GROUP } from '../api/api-groups.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import { orderOr404, PAYMENT_ID_PARAMS } from '../orders/order-lookup.js';
import type { NotifyDeliveryWorker } from './delivery-worker.js';
import { resendPaymentNotify } from './resend.js';

const tags = ['payment-console'];

/** Console operations of notifyUrl deliveries (payment:console:manage). */
export function notifyOperations(deps: PaymentDeps, worker: Pick<NotifyDeliveryWorker, 'wake'>): OperationDef[] {
  return [
    defineOperation<unknown, unknown, { paymentId: string }>({
      operationId: 'resendPaymentNotify',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/payments/:paymentId/resend-notify',
      tags,
      summary: "Re-send the notifyUrl notification of the order's latest event now (a fresh retry schedule)",
      params: PAYMENT_ID_PARAMS,
      handler: async ({ params }) => {
        const delivery = await resendPaymentNotify(deps, await orderOr404(deps, params.paymentId));
        worker.wake();
        return { name: delivery.metadata.name, ...delivery.spec, ...delivery.status };
      },
    }),
  ];
}
