import { ConflictError, NotFoundError } from '../../host/sdk/index.js';
import { InvalidAmountError, parseAmount } from '../money/index.js';
import { acceptsRefunds, refundableMinor, withRefundReserved } from '../orders/refund-amounts.js';
import { orderRefundsLock } from '../deps/lock-keys.js';
import { PaymentInfo } from '../orders/types.js';
import type { RefundDeps } from './refund-deps.js';
import { refundErrors } from './refund-errors.js';
import { refundNoOf } from './refund-number.js';
import { PaymentRefund, type PaymentRefundSpec, type RefundSource } from './types.js';

/** A refund request after the edge: the refund id is known, the amount still the caller's decimal text. */
export interface RefundTerms {
  refundId: string;
  /** Decimal amount in the order's currency; absent = everything still refundable. */
  amount?: string | number;
  /** When given, must be the order's currency. */
  currency?: string;
  reason: string;
}

/** Who asks: an administrator in the console, or (later) a merchant through the platform API. */
export interface RefundCaller {
  actor: string;
  source: RefundSource;
  /** Set by the merchant platform API: only orders of this platform can be refunded (others are 404). */
  platform?: string;
}

export interface Reservation {
  refund: PaymentRefund;
  /** False when the refundId already named a refund of the order: that refund is the answer. */
  created: boolean;
}

/**
 * Reserves a refund in ONE store transaction: reads the order, refuses what cannot be refunded, adds the
 * amount to the order's `refundPendingAmount` with a compare-and-set write and creates the PENDING refund.
 * The order's refunds lock serializes reservations of one order across replicas, and the order write checks
 * the version read, so concurrent requests on any replica each see the reservations before them: the
 * refundable amount can never be exceeded. The same refundId of the order again answers the refund it already names.
 */
export async function reserveRefund(deps: RefundDeps, orderName: string, terms: RefundTerms, caller: RefundCaller): Promise<Reservation> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.client.transaction(() => reserveOnce(deps, orderName, terms, caller));
    } catch (err) {
      // Another writer of the order (a callback, a close) slipped in between; read again and decide again.
      if (!(err instanceof ConflictError) || attempt >= 5) throw err;
    }
  }
}

async function reserveOnce(deps: RefundDeps, orderName: string, terms: RefundTerms, caller: RefundCaller): Promise<Reservation> {
  await deps.client.lock(orderRefundsLock(orderName));
  const order = await deps.client.fetch(PaymentInfo, orderName);
  if (!order || (caller.platform !== undefined && order.spec.platform !== caller.platform)) throw new NotFoundError('支付订单', orderName);
  const refundNo = refundNoOf(order.metadata.name, terms.refundId);
  const existing = await deps.client.fetch(PaymentRefund, refundNo);
  if (existing) return { refund: sameRefund(existing, order, terms), created: false };
  const s = order.spec;
  if (terms.currency !== undefined && terms.currency.toUpperCase() !== s.currency)
    throw refundErrors.currencyMismatch(terms.currency, s.currency);
  if (!acceptsRefunds(s.status)) throw s.status === 'REFUNDED' ? refundErrors.fullyRefunded() : refundErrors.notPaid(s.status);
  const refundable = refundableMinor(s);
  const amount = terms.amount === undefined ? refundable : amountMinorOf(terms.amount, s.currency);
  if (amount <= 0 || amount > refundable) throw refundErrors.exceeds(amount, refundable, s.currency);
  const reserved = await deps.client.update(withRefundReserved(order, amount));
  const refund = await deps.client.create(PaymentRefund, {
    metadata: { name: refundNo, labels: { 'payment.authpay.dev/payment-id': s.paymentId } },
    spec: refundSpec(deps, reserved, refundNo, amount, terms, caller),
    status: { transitions: [{ to: 'PENDING', at: nowIso(deps), source: 'REQUEST', actor: caller.actor, reason: terms.reason }] },
  });
  await deps.refundLedger?.reserve(refund, reserved);
  return { refund, created: true };
}

/** The refund a repeated refundId names, provided the repeat asks for the same thing. */
function sameRefund(existing: PaymentRefund, order: PaymentInfo, terms: RefundTerms): PaymentRefund {
  const differs =
    existing.spec.refundId !== terms.refundId
    || existing.spec.paymentId !== order.spec.paymentId
    || (terms.amount !== undefined && amountMinorOf(terms.amount, order.spec.currency) !== existing.spec.amount);
  if (differs) throw refundErrors.refundIdConflict(terms.refundId);
  return existing;
}

function refundSpec(
  deps: RefundDeps,
  order: PaymentInfo,
  refundNo: string,
  amount: number,
  terms: RefundTerms,
  caller: RefundCaller,
): PaymentRefundSpec {
  const s = order.spec;
  return {
    refundNo,
    refundId: terms.refundId,
    paymentId: s.paymentId,
    orderId: s.orderId,
    platform: s.platform,
    paymentType: s.paymentType,
    paymentChannel: s.paymentChannel,
    amount,
    currency: s.currency,
    reason: terms.reason,
    actor: caller.actor,
    source: caller.source,
    status: 'PENDING',
    // Milliseconds, always written by toISOString: string order is time order, even within a second.
    requestedAt: nowIso(deps),
  };
}

function amountMinorOf(amount: string | number, currency: string): number {
  try {
    return parseAmount(amount, currency, { field: 'amount' }).amountMinor;
  } catch (err) {
    if (err instanceof InvalidAmountError) throw refundErrors.badAmount(err);
    throw err;
  }
}

const nowIso = (deps: RefundDeps) => new Date(deps.clock.now()).toISOString();
