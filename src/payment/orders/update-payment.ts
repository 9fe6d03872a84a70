import { AppError, multiLineText, singleLineText } from '../../host/sdk/index.js';
import type { OrderDeps } from './order-events.js';
import { closePayment } from './close-payment.js';
import { asciiUrls, checkInitiateUrls, httpUrlProperty } from './initiate-input.js';
import { moveOrder } from './state-machine.js';
import { type PaymentStatus, PaymentInfo } from './types.js';

/** What an administrator may edit: basic information, and the status through the state machine. */
export interface UpdatePaymentInput {
  subject?: string;
  body?: string;
  notifyUrl?: string | null;
  returnUrl?: string | null;
  additionalData?: Record<string, unknown>;
  status?: PaymentStatus;
  /** Reason recorded with a status change (FAILED: the failureReason). */
  reason?: string;
  /** Optional precondition: the resourceVersion the editor read. */
  resourceVersion?: string;
}

export const UPDATE_PAYMENT_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    subject: singleLineText(256, 1),
    body: multiLineText(1024),
    notifyUrl: { ...httpUrlProperty('business system address; null or "" removes it'), type: ['string', 'null'] },
    returnUrl: { ...httpUrlProperty('where the payer returns; null or "" removes it'), type: ['string', 'null'] },
    additionalData: { type: 'object' },
    status: { type: 'string', enum: ['UNPAID', 'PAYING', 'SUCCESS', 'FAILED', 'UNKNOWN'] },
    reason: { type: 'string', maxLength: 256 },
    resourceVersion: { type: 'string', maxLength: 32 },
  },
};

/**
 * Edits basic fields (merge patch, with the optional resourceVersion precondition), then a status change
 * if asked: only moves the state machine allows (SUCCESS stays final), recorded with the administrator's
 * name; an illegal move is 422 naming the field.
 */
export async function updatePayment(deps: OrderDeps, order: PaymentInfo, given: UpdatePaymentInput, actor: string): Promise<PaymentInfo> {
  const input = asciiUrls(given);
  const settings = await deps.settings.read();
  checkInitiateUrls(
    { notifyUrl: input.notifyUrl ?? undefined, returnUrl: input.returnUrl ?? undefined } as never,
    settings.allowPrivateNotifyTargets,
  );
  const spec: Record<string, unknown> = {};
  for (const key of ['subject', 'body', 'notifyUrl', 'returnUrl', 'additionalData'] as const) {
    if (input[key] !== undefined) spec[key] = input[key] === '' ? null : input[key];
  }
  // A title written by hand is the order's title for every reader: the composed per-language ones go.
  if (spec.subject !== undefined && order.spec.subjects) spec.subjects = null;
  let current = order;
  if (Object.keys(spec).length) {
    const metadata = input.resourceVersion ? { resourceVersion: input.resourceVersion } : undefined;
    current = await deps.client.patch(PaymentInfo, order.metadata.name, { ...(metadata ? { metadata } : {}), spec });
  }
  if (!input.status || input.status === current.spec.status) return current;
  const to = input.status;
  // Failing an open order is a close: the trade must stop being payable at the channel too.
  if (to === 'FAILED' && (current.spec.status === 'UNPAID' || current.spec.status === 'PAYING'))
    return closePayment(deps, current, 'ADMIN', actor);
  const outcome = await moveOrder(
    deps,
    current.metadata.name,
    () => ({ to, source: 'ADMIN', actor, reason: input.reason ?? (to === 'FAILED' ? 'CLOSED' : undefined) }),
    current,
  );
  if (!outcome.changed && outcome.why === 'ILLEGAL') {
    throw new AppError('INVALID', `订单状态不能从 ${outcome.order.spec.status} 改为 ${to}`, {
      status: 422,
      messageEn: `status cannot move from ${outcome.order.spec.status} to ${to}`,
      details: [
        {
          field: 'status',
          message: `不能从 ${outcome.order.spec.status} 改为 ${to}`,
          messageEn: `illegal move ${outcome.order.spec.status} -> ${to}`,
        },
      ],
    });
  }
  return outcome.order;
}
