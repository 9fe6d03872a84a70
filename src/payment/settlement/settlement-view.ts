import { basisPointsToPercent } from '../merchants/merchant-settings.js';
import { formatMinor } from '../money/index.js';
import type { PaymentInfo } from '../orders/types.js';
import { SETTLEMENT_STATUSES, type SettlementRecord } from './types.js';

/** A settlement as the API shows it: decimal amounts, the rate as a percent, no paymentIds (the orders are paged apart). */
export function toSettlementView(record: SettlementRecord) {
  const s = record.spec;
  const money = (minor: number) => formatMinor(minor, s.currency);
  return {
    name: record.metadata.name,
    merchant: s.merchant,
    orderCount: s.orderCount,
    totalAmount: money(s.totalAmount),
    feeAmount: money(s.feeAmount),
    settlementAmount: money(s.settlementAmount),
    currency: s.currency,
    feeRate: basisPointsToPercent(s.feeRateBasisPoints),
    status: s.status,
    trigger: s.trigger ?? 'MANUAL',
    createdBy: s.createdBy,
    createdAt: record.metadata.creationTimestamp,
    confirmedBy: s.confirmedBy,
    confirmedAt: s.confirmedAt,
    remark: s.remark,
    ledgerEntry: record.status?.ledgerEntry,
    ...(s.releasing ? { releasing: true } : {}),
  };
}

export type SettlementView = ReturnType<typeof toSettlementView>;

const str = { type: 'string' };
export const SETTLEMENT_VIEW_SCHEMA = {
  type: 'object',
  required: ['name', 'merchant', 'orderCount', 'totalAmount', 'feeAmount', 'settlementAmount', 'currency', 'feeRate', 'status'],
  properties: {
    name: str,
    merchant: str,
    orderCount: { type: 'integer' },
    totalAmount: { type: 'string', description: 'decimal amount: what is left of each order (paid − refunded before settlement)' },
    feeAmount: { type: 'string', description: 'decimal amount: round-half-up(total × rate)' },
    settlementAmount: { type: 'string', description: 'decimal amount credited on confirmation: total − fee' },
    currency: str,
    feeRate: { type: 'string', description: 'percent applied, e.g. "0.60"' },
    status: { type: 'string', enum: [...SETTLEMENT_STATUSES] },
    trigger: { type: 'string', enum: ['MANUAL', 'AUTO'] },
    createdBy: str,
    createdAt: str,
    confirmedBy: str,
    confirmedAt: str,
    remark: str,
    ledgerEntry: str,
    releasing: {
      type: 'boolean',
      description: 'its orders are being released; repeat the reject or delete to finish a release a crash cut off',
    },
  },
};

/** One order of a settlement. */
export function toSettledOrderView(order: PaymentInfo) {
  const s = order.spec;
  return {
    paymentId: s.paymentId,
    orderId: s.orderId,
    subject: s.subject,
    paymentAmount: formatMinor(s.paymentAmount, s.currency),
    refundedAmount: formatMinor(s.refundedAmount ?? 0, s.currency),
    currency: s.currency,
    status: s.status,
    paidAt: s.paidAt,
  };
}

export const SETTLED_ORDER_VIEW_SCHEMA = {
  type: 'object',
  properties: {
    paymentId: str,
    orderId: str,
    subject: str,
    paymentAmount: str,
    refundedAmount: str,
    currency: str,
    status: str,
    paidAt: str,
  },
};
