import {
  defineOperation,
  listResultSchema,
  NotFoundError,
  pageQueryProperties,
  singleLineText,
  type OperationDef,
} from '../../host/sdk/index.js';
import { CONSOLE_GROUP } from '../api/api-groups.js';
import { orderOr404, PAYMENT_ID_PARAMS } from '../orders/order-lookup.js';
import { refundsOfOrder } from './list-refunds.js';
import type { RefundDeps } from './refund-deps.js';
import { REFUND_ID_PATTERN } from './refund-number.js';
import { toRefundView, REFUND_VIEW_SCHEMA } from './refund-view.js';
import { requestRefund, type RefundRequestInput } from './request-refund.js';
import { resolveRefund, type ResolveRefundInput } from './resolve-refund.js';
import { syncRefund } from './sync-refund.js';
import { PaymentRefund } from './types.js';

const tags = ['payment-console'];

/** The refund body of the console (and, later, of the merchant platform API). */
export const REFUND_BODY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  properties: {
    amount: {
      type: 'string',
      pattern: '^\\d{1,16}(\\.\\d{1,4})?$',
      description: 'decimal amount in the order\'s currency, e.g. "5.00"; absent = everything still refundable',
    },
    currency: { type: 'string', pattern: '^[A-Za-z]{3}$', description: "optional check: must be the order's currency" },
    reason: { ...singleLineText(256, 1), description: 'why the money goes back (sent to the provider where it takes one)' },
    refundId: {
      type: 'string',
      pattern: REFUND_ID_PATTERN,
      description: 'your id of this refund, unique per order: the same refundId again answers the same refund (default: generated)',
    },
  },
};

const REFUND_NO_PARAMS = {
  type: 'object',
  properties: { refundNo: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['refundNo'],
};

async function refundOr404(deps: RefundDeps, refundNo: string): Promise<PaymentRefund> {
  const refund = /^[a-z0-9][a-z0-9-]{0,63}$/.test(refundNo) ? await deps.client.fetch(PaymentRefund, refundNo) : undefined;
  if (!refund || !deps.client.wellFormed(PaymentRefund, refund)) throw new NotFoundError('退款', refundNo);
  return refund;
}

/** Console refunds (payment:console:manage): refund an order, list its refunds, sync or resolve one. */
export function refundOperations(deps: RefundDeps): OperationDef[] {
  return [
    defineOperation<unknown, RefundRequestInput, { paymentId: string }>({
      operationId: 'refundPayment',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/payments/:paymentId/refunds',
      tags,
      summary: 'Refund all or part of a paid order at its payment service, with a reason',
      description:
        'Answers the refund: SUCCESS, FAILED (the provider refused; failureReason says why and the amount is refundable again)'
        + ' or PENDING (the provider settles it later; the refund sync and its notification finish it). The same refundId'
        + ' again answers the same refund. Refused, with nothing changed: an unpaid or fully refunded order (409), an amount'
        + ' above what is refundable (400 REFUND_AMOUNT_EXCEEDS), another currency (400), a service without refunds (409).',
      params: PAYMENT_ID_PARAMS,
      body: REFUND_BODY_SCHEMA,
      response: REFUND_VIEW_SCHEMA,
      handler: async ({ params, body, principal }) => {
        const order = await orderOr404(deps, params.paymentId);
        return toRefundView(await requestRefund(deps, order, body, { actor: principal.username, source: 'CONSOLE' }));
      },
    }),
    defineOperation<{ page: number; size: number }, unknown, { paymentId: string }>({
      operationId: 'listPaymentRefunds',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/payments/:paymentId/refunds',
      tags,
      summary: "An order's refunds, newest first",
      params: PAYMENT_ID_PARAMS,
      query: { type: 'object', additionalProperties: false, properties: pageQueryProperties(100) },
      response: listResultSchema(REFUND_VIEW_SCHEMA),
      handler: async ({ params, query }) => {
        const order = await orderOr404(deps, params.paymentId);
        return refundsOfOrder(deps, order.spec.paymentId, query.page, query.size);
      },
    }),
    defineOperation<unknown, unknown, { refundNo: string }>({
      operationId: 'syncPaymentRefund',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/refunds/:refundNo/sync',
      tags,
      summary: 'Ask the payment service about a PENDING refund now and apply the answer',
      params: REFUND_NO_PARAMS,
      response: REFUND_VIEW_SCHEMA,
      handler: async ({ params }) => toRefundView((await syncRefund(deps, await refundOr404(deps, params.refundNo), 'SYNC')).refund),
    }),
    defineOperation<unknown, ResolveRefundInput, { refundNo: string }>({
      operationId: 'resolvePaymentRefund',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/refunds/:refundNo/resolve',
      tags,
      summary: "End a PENDING refund by hand after checking the provider's console (SUCCESS or FAILED, with a reason)",
      params: REFUND_NO_PARAMS,
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['status', 'reason'],
        properties: { status: { type: 'string', enum: ['SUCCESS', 'FAILED'] }, reason: singleLineText(256, 1) },
      },
      response: REFUND_VIEW_SCHEMA,
      handler: async ({ params, body, principal }) => {
        const refund = await refundOr404(deps, params.refundNo);
        return toRefundView(await resolveRefund(deps, refund.metadata.name, body, principal.username));
      },
    }),
  ];
}
