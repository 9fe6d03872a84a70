import { AppError, and, eq } from '../../host/sdk/index.js';
import { orderIdLock } from '../deps/lock-keys.js';
import type { Money } from '../money/index.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import type { ResolvedChannel } from '../channels/index.js';
import { recordCreated } from './daily-stats.js';
import type { InitiatePaymentInput } from './initiate-input.js';
import { newPaymentId } from './payment-id.js';
import { type PaymentInfoSpec, PaymentInfo } from './types.js';
import type { OrderSubjects } from './order-subject.js';

export interface Caller {
  /** The owner platform: SYSTEM_PLATFORM for the site's orders, the merchant's user name otherwise. */
  platform: string;
  username?: string;
}

/** Labels and annotations of a new order (they are not compared when an existing order is reused). */
export interface OrderMetadata {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** The existing order of (platform, orderId), by the indexed fields. */
export async function findByOrderId(deps: PaymentDeps, platform: string, orderId: string): Promise<PaymentInfo | undefined> {
  const page = await deps.client.list(PaymentInfo, {
    where: and(eq('spec.platform', platform), eq('spec.orderId', orderId)),
    page: 1,
    size: 1,
    countTotal: false, // (platform, orderId) is unique: the first page says all, no count needed
  });
  return page.items[0];
}

/**
 * Inside one store transaction, under the lock of (platform, orderId): returns the existing order when it is
 * still payable with the same terms, refuses one that differs or has ended, else creates a new UNPAID order.
 * Two concurrent initiations of one orderId, in any process, therefore yield one order.
 */
export async function findOrCreateOrder(
  deps: PaymentDeps,
  input: InitiatePaymentInput,
  resolved: ResolvedChannel,
  money: Money,
  caller: Caller,
  metadata: OrderMetadata = {},
  subjects?: OrderSubjects,
): Promise<{ order: PaymentInfo; created: boolean }> {
  const { timeoutMinutes } = await deps.settings.read();
  return deps.client.transaction(async () => {
    await deps.client.lock(orderIdLock(caller.platform, input.orderId));
    const existing = await findByOrderId(deps, caller.platform, input.orderId);
    if (existing) return { order: reuse(existing, resolved, money), created: false };
    const now = deps.clock.now();
    const paymentId = newPaymentId(new Date(now));
    const spec: PaymentInfoSpec = {
      orderId: input.orderId,
      paymentId,
      subject: input.subject,
      subjects,
      body: input.body,
      paymentAmount: money.amountMinor,
      currency: money.currency,
      paymentType: resolved.paymentType,
      paymentChannel: resolved.paymentChannel,
      notifyUrl: input.notifyUrl || undefined,
      returnUrl: input.returnUrl || undefined,
      platform: caller.platform,
      username: caller.username,
      additionalData: input.additionalData ? { caller: input.additionalData } : undefined,
      status: 'UNPAID',
      expiresAt: new Date(now + timeoutMinutes * 60_000).toISOString(),
    };
    for (const key of Object.keys(spec) as (keyof PaymentInfoSpec)[]) if (spec[key] === undefined) delete spec[key];
    const order = await deps.client.create(PaymentInfo, { metadata: { ...metadata, name: paymentId }, spec });
    await recordCreated(deps, order, 1);
    return { order, created: true };
  });
}

function reuse(existing: PaymentInfo, resolved: ResolvedChannel, money: Money): PaymentInfo {
  const s = existing.spec;
  const same =
    s.paymentAmount === money.amountMinor
    && s.currency === money.currency
    && s.paymentType === resolved.paymentType
    && s.paymentChannel === resolved.paymentChannel;
  if (!same) {
    throw new AppError('ORDER_ID_CONFLICT', '订单号已存在且支付信息不同', {
      status: 409,
      messageEn: `orderId ${s.orderId} already has a payment with other amount, currency, type or channel (${s.paymentId})`,
      details: [{ field: 'orderId', message: `订单号已用于支付 ${s.paymentId}`, messageEn: `already used by payment ${s.paymentId}` }],
    });
  }
  if (s.status !== 'UNPAID' && s.status !== 'PAYING') {
    throw new AppError('ORDER_ALREADY_FINISHED', `订单已结束（${s.status}）`, {
      status: 409,
      messageEn: `orderId ${s.orderId} already has a payment in status ${s.status} (${s.paymentId})`,
      details: [{ field: 'orderId', message: `订单已结束（${s.status}）`, messageEn: `already finished (${s.status})` }],
    });
  }
  return existing;
}
