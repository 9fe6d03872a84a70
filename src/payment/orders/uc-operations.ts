import { defineOperation, type OperationDef, AppError, NotFoundError, type Principal, listResultSchema } from '../../host/sdk/index.js';
import { UC_GROUP } from '../api/api-groups.js';
import type { OrderDeps } from './order-events.js';
import { closePayment } from './close-payment.js';
import { createPayment } from './create-payment.js';
import { deleteOrder } from './delete-orders.js';
import { listOrders, ORDER_FILTER_QUERY, type OrderFilters } from './list-orders.js';
import { PAYMENT_VIEW_SCHEMA, toView } from './order-view.js';
import { SYSTEM_PLATFORM, type PaymentInfo } from './types.js';
import { orderOr404, pageBase, PAYMENT_ID_PARAMS } from './order-lookup.js';

const tags = ['payment-uc'];
const { platform: _p, username: _u, ...OWN_FILTERS } = ORDER_FILTER_QUERY;

/** The caller's own system-platform order; another user's answers 404 (its existence is not revealed). */
async function ownOrder(deps: OrderDeps, principal: Principal, paymentId: string): Promise<PaymentInfo> {
  const order = await orderOr404(deps, paymentId);
  if (order.spec.platform !== SYSTEM_PLATFORM || order.spec.username !== principal.username) throw new NotFoundError('支付订单', paymentId);
  return order;
}

/** User center (payment:uc:manage): own system-platform orders only. */
export function ucOperations(deps: OrderDeps): OperationDef[] {
  return [
    defineOperation<Omit<OrderFilters, 'platform' | 'username'>>({
      operationId: 'listMyPayments',
      group: UC_GROUP,
      method: 'get',
      path: '/payments',
      tags,
      summary: 'My payment orders (system platform) with filters: status, type, channel, time',
      query: { type: 'object', additionalProperties: false, properties: OWN_FILTERS },
      response: listResultSchema(PAYMENT_VIEW_SCHEMA),
      handler: async ({ query, principal, language }) =>
        listOrders(deps, { ...query, platform: SYSTEM_PLATFORM, username: principal.username }, await pageBase(deps), language),
    }),
    defineOperation<unknown, unknown, { paymentId: string }>({
      operationId: 'getMyPayment',
      group: UC_GROUP,
      method: 'get',
      path: '/payments/:paymentId',
      tags,
      summary: 'One of my payment orders',
      params: PAYMENT_ID_PARAMS,
      response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ params, principal, language }) =>
        toView(await ownOrder(deps, principal, params.paymentId), await pageBase(deps), language),
    }),
    defineOperation<unknown, unknown, { paymentId: string }>({
      operationId: 'continueMyPayment',
      group: UC_GROUP,
      method: 'post',
      path: '/payments/:paymentId/continue',
      tags,
      summary:
        'Continue paying an unpaid order: answers its payment page, QR code or link (starting it at the channel if that never happened)',
      params: PAYMENT_ID_PARAMS,
      response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ params, principal, req, language }) => {
        const order = await ownOrder(deps, principal, params.paymentId);
        if (order.spec.status !== 'UNPAID' && order.spec.status !== 'PAYING') {
          throw new AppError('ORDER_NOT_PAYABLE', `订单当前状态（${order.spec.status}）不能继续支付`, {
            status: 409,
            messageEn: `an order in status ${order.spec.status} cannot be paid`,
          });
        }
        const s = order.spec;
        const again = await createPayment(
          deps,
          {
            orderId: s.orderId,
            subject: s.subject,
            body: s.body,
            paymentAmount: toView(order, '').amountText,
            currency: s.currency,
            paymentType: s.paymentType,
            paymentChannel: s.paymentChannel,
            notifyUrl: s.notifyUrl,
            returnUrl: s.returnUrl,
            additionalData: s.additionalData?.caller as Record<string, unknown> | undefined,
          },
          { platform: SYSTEM_PLATFORM, username: principal.username },
          // The signed-in user continuing their own order is the payer.
          { clientIp: req.ip, userAgent: req.get('user-agent') },
        );
        return toView(again, await pageBase(deps), language);
      },
    }),
    defineOperation<unknown, unknown, { paymentId: string }>({
      operationId: 'closeMyPayment',
      group: UC_GROUP,
      method: 'post',
      path: '/payments/:paymentId/close',
      tags,
      summary: 'Close one of my unpaid orders',
      params: PAYMENT_ID_PARAMS,
      response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ params, principal, language }) =>
        toView(
          await closePayment(deps, await ownOrder(deps, principal, params.paymentId), 'USER', principal.username),
          await pageBase(deps),
          language,
        ),
    }),
    defineOperation<unknown, unknown, { paymentId: string }>({
      operationId: 'deleteMyPayment',
      group: UC_GROUP,
      method: 'delete',
      path: '/payments/:paymentId',
      tags,
      summary: 'Delete my record of an order that is no longer open (close an unpaid one first)',
      params: PAYMENT_ID_PARAMS,
      handler: async ({ params, principal }) => {
        const order = await ownOrder(deps, principal, params.paymentId);
        if (order.spec.status === 'UNPAID' || order.spec.status === 'PAYING') {
          throw new AppError('ORDER_STILL_OPEN', '请先关闭未支付的订单', {
            status: 409,
            messageEn: 'close the unpaid order before deleting it',
          });
        }
        await deleteOrder(deps, order);
        return { deleted: [params.paymentId] };
      },
    }),
  ];
}
