import { isAppError, localizedMessage, localizedDetail, type AppError, type ReconcileResult } from '../../host/sdk/index.js';
import { createPayment } from '../orders/create-payment.js';
import { findByOrderId } from '../orders/find-or-create.js';
import type { OrderDeps } from '../orders/order-events.js';
import { pageBase } from '../orders/order-lookup.js';
import { SYSTEM_PLATFORM } from '../orders/types.js';
import { CHECKOUT_RETENTION_MS, CheckoutRequest, type CheckoutError, type CheckoutRequestStatus } from './types.js';

/**
 * Reconciles one CheckoutRequest: a new one becomes a system order of its user (orderId = the request's name,
 * so a repeated reconcile finds the same order instead of making another), started at the channel; the answer
 * goes to status once. A processed request is deleted after CHECKOUT_RETENTION_MS. Errors that are answers
 * (AppError: the channel is not enabled, the amount is invalid, …) are written as FAILED; anything else (the
 * store) is thrown, and the controller retries.
 */
export async function processCheckout(deps: OrderDeps, name: string): Promise<ReconcileResult | void> {
  const request = await deps.client.fetch(CheckoutRequest, name);
  if (!request || request.metadata.deletionTimestamp) return;
  if (request.status?.phase === 'CREATED' || request.status?.phase === 'FAILED') return expireLater(deps, request);
  const status = await answerOf(deps, request);
  await deps.client.patch(CheckoutRequest, name, { metadata: { resourceVersion: request.metadata.resourceVersion }, status });
  return { requeueAfterMs: CHECKOUT_RETENTION_MS };
}

async function answerOf(deps: OrderDeps, request: CheckoutRequest): Promise<CheckoutRequestStatus> {
  const s = request.spec;
  const processedAt = new Date(deps.clock.now()).toISOString();
  // Answered before but the answer was not written (a crash): the order of this request is the answer.
  const existing = await findByOrderId(deps, SYSTEM_PLATFORM, request.metadata.name);
  if (existing) return created(deps, existing.spec.paymentId, processedAt);
  try {
    const order = await createPayment(
      deps,
      {
        orderId: request.metadata.name,
        subject: s.subject,
        body: s.body,
        paymentAmount: s.amount,
        currency: s.currency,
        paymentType: s.paymentType,
        paymentChannel: s.paymentChannel,
        returnUrl: s.returnUrl,
      },
      { platform: SYSTEM_PLATFORM, username: s.username },
      {
        clientIp: s.clientIp,
        userAgent: s.userAgent,
        metadata: { labels: s.orderLabels, annotations: s.orderAnnotations },
        ...(s.subjects ? { subjects: s.subjects } : {}),
      },
    );
    return created(deps, order.spec.paymentId, processedAt);
  } catch (err) {
    if (!isAppError(err)) throw err;
    deps.logger.info({ checkout: request.metadata.name, code: err.code }, 'checkout request refused');
    const order = await findByOrderId(deps, SYSTEM_PLATFORM, request.metadata.name);
    return { phase: 'FAILED', error: errorOf(err), processedAt, ...(order ? { paymentId: order.spec.paymentId } : {}) };
  }
}

async function created(deps: OrderDeps, paymentId: string, processedAt: string): Promise<CheckoutRequestStatus> {
  return { phase: 'CREATED', paymentId, payUrl: `${await pageBase(deps)}/payment/${paymentId}`, processedAt };
}

function errorOf(err: AppError): CheckoutError {
  const message = localizedMessage(err, 'zh-CN');
  const messageEn = localizedMessage(err, 'en');
  const details = err.details.slice(0, 10).map((d) => ({
    ...(d.field ? { field: d.field } : {}),
    message: localizedDetail(d, 'zh-CN', message).slice(0, 1024),
    messageEn: localizedDetail(d, 'en', messageEn).slice(0, 1024),
  }));
  return { code: String(err.code), status: err.status, message: message.slice(0, 1024), messageEn: messageEn.slice(0, 1024), details };
}

/** A processed request goes once its day is over; until then the reconciler looks again when it is due. */
async function expireLater(deps: OrderDeps, request: CheckoutRequest): Promise<ReconcileResult | void> {
  const processedAt = Date.parse(request.status?.processedAt ?? request.metadata.creationTimestamp);
  const due = processedAt + CHECKOUT_RETENTION_MS - deps.clock.now();
  if (due > 0) return { requeueAfterMs: due };
  await deps.client.delete(CheckoutRequest, request.metadata.name);
}
