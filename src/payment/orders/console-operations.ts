import { setImmediate } from 'node:timers/promises';
import { defineOperation, listResultSchema, singleLineText, type OperationDef } from '../../host/sdk/index.js';
import { CONSOLE_GROUP } from '../api/api-groups.js';
import { closePayment } from './close-payment.js';
import { createPayment } from './create-payment.js';
import { deleteOrder } from './delete-orders.js';
import { INITIATE_BODY_SCHEMA, type InitiatePaymentInput } from './initiate-input.js';
import { listOrders, ORDER_FILTER_QUERY, type OrderFilters } from './list-orders.js';
import type { OrderDeps } from './order-events.js';
import { orderOr404, pageBase, PAYMENT_ID_PARAMS } from './order-lookup.js';
import { PAYMENT_VIEW_SCHEMA, toView } from './order-view.js';
import { paymentOverview } from './overview.js';
import { syncWithChannel } from './sync-payment.js';
import { SYSTEM_PLATFORM } from './types.js';
import { updatePayment, UPDATE_PAYMENT_BODY, type UpdatePaymentInput } from './update-payment.js';

const tags = ['payment-console'];
const DAY = { type: 'string', format: 'date' };

interface TestPaymentInput {
  paymentType: string;
  paymentChannel: string;
  paymentAmount?: number | string;
  subject?: string;
  currency?: string;
  returnUrl?: string;
}

/**
 * Console order management (payment:console:manage): the initiation port, test payment, overview, list,
 * edit, delete, close, sync. Details (orders with deliveries and callbacks) are in order-details/, the
 * notifyUrl re-send in notify/.
 */
export function orderOperations(deps: OrderDeps): OperationDef[] {
  return [
    defineOperation<unknown, InitiatePaymentInput>({
      operationId: 'createPayment',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/payments',
      tags,
      summary: "Initiate a payment of the site itself (system platform); the body is the spec's initiatePayment",
      description:
        'Returns the order in data: paymentId, status, and qrCode or payUrl (pageUrl is our payment page).'
        + ' A second call with the same orderId returns the existing unpaid order.',
      body: INITIATE_BODY_SCHEMA,
      response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ body, principal, req, language }) =>
        toView(
          await createPayment(
            deps,
            body,
            { platform: SYSTEM_PLATFORM, username: principal.username },
            { clientIp: req.ip, userAgent: req.get('user-agent') },
          ),
          await pageBase(deps),
          language,
        ),
    }),
    defineOperation<unknown, TestPaymentInput>({
      operationId: 'testPayment',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/test-payment',
      tags,
      summary: 'Initiate a small system order on any enabled channel (default 0.01) to try a configuration',
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['paymentType', 'paymentChannel'],
        properties: {
          paymentType: { type: 'string', maxLength: 32 },
          paymentChannel: { type: 'string', maxLength: 32 },
          paymentAmount: { type: ['number', 'string'] },
          subject: singleLineText(256, 1),
          currency: { type: 'string', pattern: '^[A-Za-z]{3}$' },
          returnUrl: { type: 'string', maxLength: 2048 },
        },
      },
      response: PAYMENT_VIEW_SCHEMA,
      // A double click or a retried request with the same Idempotency-Key creates one test order.
      idempotent: true,
      handler: async ({ body, principal, req, language }) => {
        const input: InitiatePaymentInput = {
          orderId: `test-${deps.clock.now()}-${Math.floor(Math.random() * 1e6)}`,
          subject: body.subject ?? '测试支付',
          paymentAmount: body.paymentAmount ?? '0.01',
          paymentType: body.paymentType,
          paymentChannel: body.paymentChannel,
          currency: body.currency,
          returnUrl: body.returnUrl,
          additionalData: { test: true },
        };
        const caller = { platform: SYSTEM_PLATFORM, username: principal.username };
        const payer = { clientIp: req.ip, userAgent: req.get('user-agent') };
        return toView(await createPayment(deps, input, caller, payer), await pageBase(deps), language);
      },
    }),
    defineOperation<{ from?: string; to?: string }>({
      operationId: 'getPaymentOverview',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/overview',
      tags,
      summary: 'Totals (orders, amount, successful count and amount), daily trend and recent successful orders over a date range',
      query: { type: 'object', additionalProperties: false, properties: { from: DAY, to: DAY } },
      handler: async ({ query, language }) => paymentOverview(deps, query, await pageBase(deps), language),
    }),
    defineOperation<OrderFilters>({
      operationId: 'listPayments',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/payments',
      tags,
      summary: 'List payment orders with filters (order number, payment number, platform, status, type, user, date range), newest first',
      query: { type: 'object', properties: ORDER_FILTER_QUERY },
      response: listResultSchema(PAYMENT_VIEW_SCHEMA),
      handler: async ({ query, language }) => listOrders(deps, query, await pageBase(deps), language),
    }),
    defineOperation<unknown, UpdatePaymentInput, { paymentId: string }>({
      operationId: 'updatePayment',
      group: CONSOLE_GROUP,
      method: 'put',
      path: '/payments/:paymentId',
      tags,
      summary: 'Edit basic information (subject, body, notifyUrl, returnUrl, additionalData) and the status (legal moves only)',
      params: PAYMENT_ID_PARAMS,
      body: UPDATE_PAYMENT_BODY,
      response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ params, body, principal, language }) =>
        toView(
          await updatePayment(deps, await orderOr404(deps, params.paymentId), body, principal.username),
          await pageBase(deps),
          language,
        ),
    }),
    defineOperation<unknown, unknown, { paymentId: string }>({
      operationId: 'deletePayment',
      group: CONSOLE_GROUP,
      method: 'delete',
      path: '/payments/:paymentId',
      tags,
      summary: 'Delete an order (an open one is closed at the channel first)',
      params: PAYMENT_ID_PARAMS,
      handler: async ({ params }) => {
        await deleteOrder(deps, await orderOr404(deps, params.paymentId));
        return { deleted: [params.paymentId] };
      },
    }),
    defineOperation<unknown, { paymentIds: string[] }>({
      operationId: 'deletePayments',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/payments/-/delete',
      tags,
      summary: 'Delete several orders; unknown payment numbers are reported, not fatal',
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['paymentIds'],
        properties: {
          paymentIds: {
            type: 'array',
            minItems: 1,
            maxItems: 500,
            uniqueItems: true,
            items: { type: 'string', minLength: 1, maxLength: 64 },
          },
        },
      },
      handler: async ({ body }) => {
        const deleted: string[] = [];
        const notFound: string[] = [];
        for (const id of body.paymentIds) {
          // Each order is its own transaction; a turn of the event loop between them lets other requests in.
          await setImmediate();
          const order = await orderOr404(deps, id).catch(() => undefined);
          if (!order) notFound.push(id);
          else await deleteOrder(deps, order).then(() => deleted.push(id));
        }
        return { deleted, notFound };
      },
    }),
    defineOperation<unknown, unknown, { paymentId: string }>({
      // The id closePayment is the merchant platform API's (the spec's operation name).
      operationId: 'closeConsolePayment',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/payments/:paymentId/close',
      tags,
      summary: 'Close an unpaid order (at the channel, then FAILED with reason CLOSED); closing again changes nothing',
      params: PAYMENT_ID_PARAMS,
      response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ params, principal, language }) =>
        toView(
          await closePayment(deps, await orderOr404(deps, params.paymentId), 'CLOSE', principal.username),
          await pageBase(deps),
          language,
        ),
    }),
    defineOperation<unknown, unknown, { paymentId: string }>({
      operationId: 'syncPayment',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/payments/:paymentId/sync',
      tags,
      summary: 'Ask the channel for the order status now and apply it',
      params: PAYMENT_ID_PARAMS,
      response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ params, language }) =>
        toView(await syncWithChannel(deps, await orderOr404(deps, params.paymentId), 'SYNC'), await pageBase(deps), language),
    }),
  ];
}
