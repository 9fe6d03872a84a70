import { defineOperation, type OperationDef, AppError, NotFoundError, type Language } from '../../host/sdk/index.js';
import { PUBLIC_GROUP } from '../api/api-groups.js';
import { handleCallback } from '../callbacks/handle-callback.js';
import { SandboxChannel } from '../channels/sandbox/index.js';
import { isChannelError } from '../channels/index.js';
import type { OrderDeps } from '../orders/order-events.js';
import { formatMinor } from '../money/index.js';
import { toChannelOrder } from '../orders/order-view.js';
import { looksLikePaymentId } from '../orders/payment-id.js';
import { PaymentInfo } from '../orders/types.js';
import { subjectIn } from '../orders/order-subject.js';

const ID_PARAMS = { type: 'object', properties: { paymentId: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['paymentId'] };

/** The public status of an order: what its payment page shows, nothing about the business system. */
export interface PublicPaymentStatus {
  paymentId: string;
  status: string;
  subject: string;
  amountText: string;
  currency: string;
  paymentType: string;
  paymentChannel: string;
  qrCode?: string;
  payUrl?: string;
  returnUrl?: string;
  expiresAt?: string;
  failureReason?: string;
  paidAt?: string;
}

async function readOrder(deps: OrderDeps, paymentId: string): Promise<PaymentInfo> {
  const order = looksLikePaymentId(paymentId) ? await deps.client.fetch(PaymentInfo, paymentId) : undefined;
  if (!order) throw new NotFoundError('支付订单', paymentId);
  return order;
}

/** `language`: the page's (the request's); an order composed by the service shows its title in it. */
export function publicStatusOf(order: PaymentInfo, language?: Language): PublicPaymentStatus {
  const s = order.spec;
  const open = s.status === 'UNPAID' || s.status === 'PAYING';
  return {
    paymentId: s.paymentId,
    status: s.status,
    subject: subjectIn(s, language),
    amountText: formatMinor(s.paymentAmount, s.currency),
    currency: s.currency,
    paymentType: s.paymentType,
    paymentChannel: s.paymentChannel,
    qrCode: open ? s.qrCode : undefined,
    payUrl: open ? s.payUrl : undefined,
    returnUrl: s.returnUrl,
    expiresAt: s.expiresAt,
    failureReason: s.failureReason,
    paidAt: s.paidAt,
  };
}

/**
 * Anonymous operations of the payment page: the status it polls, and the SANDBOX buttons. The payment id
 * is the capability (100 random bits); answers carry only what the page shows.
 */
export function publicOperations(deps: OrderDeps): OperationDef[] {
  return [
    defineOperation<unknown, unknown, { paymentId: string }>({
      operationId: 'getPaymentStatus',
      group: PUBLIC_GROUP,
      method: 'get',
      path: '/payments/:paymentId/status',
      summary: 'Status of a payment order as its payment page shows it (polled by the page)',
      tags: ['payment-page'],
      params: ID_PARAMS,
      handler: async ({ params, res, language }) => {
        res.set('Cache-Control', 'no-store');
        return publicStatusOf(await readOrder(deps, params.paymentId), language);
      },
    }),
    defineOperation<unknown, { outcome: 'success' | 'fail' }, { paymentId: string }>({
      operationId: 'sandboxPay',
      group: PUBLIC_GROUP,
      method: 'post',
      path: '/payments/:paymentId/sandboxPay',
      summary: 'SANDBOX: the payer clicks pay or fail; the simulated gateway sends its signed callback',
      tags: ['payment-page'],
      params: ID_PARAMS,
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['outcome'],
        properties: { outcome: { type: 'string', enum: ['success', 'fail'] } },
      },
      handler: async ({ params, body }) => sandboxPay(deps, await readOrder(deps, params.paymentId), body.outcome),
    }),
  ];
}

/** Settles the simulated trade and runs its signed callback through the real callback path. */
export async function sandboxPay(
  deps: OrderDeps,
  order: PaymentInfo,
  outcome: 'success' | 'fail',
): Promise<PublicPaymentStatus & { callback: { status: number; body: string } }> {
  if (order.spec.paymentType !== 'SANDBOX')
    throw new AppError('NOT_SANDBOX_ORDER', '不是沙箱订单', { status: 400, messageEn: 'only SANDBOX orders can be paid by simulation' });
  const channel = await deps.channels.instance('SANDBOX');
  if (!(channel instanceof SandboxChannel)) throw new AppError('INTERNAL', '沙箱不可用');
  const request = await channel.simulateOutcome(toChannelOrder(order.spec), outcome).catch((err: unknown) => {
    // The simulated gateway refuses to pay a closed trade or fail a paid one: a state conflict, not an outage.
    if (isChannelError(err, 'CHANNEL_REJECTED'))
      throw new AppError('ORDER_NOT_PAYABLE', '订单当前不能支付', { status: 409, messageEn: err.message });
    throw err;
  });
  const answer = await handleCallback(deps, 'SANDBOX', request);
  return { ...publicStatusOf(await readOrder(deps, order.spec.paymentId)), callback: { status: answer.status, body: answer.body } };
}
