import { createHash, randomBytes } from 'node:crypto';
import { feeFromBasisPoints } from '../money/index.js';
import type { PaymentInfo } from '../orders/types.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { settleableMinor } from './eligibility.js';
import { SettlementRecord, type SettlementTrigger } from './types.js';

/** The CRD's cap on paymentIds. */
export const MAX_ORDERS_PER_RECORD = 100_000;
/**
 * The store keeps objects up to 1 MiB of JSON, so a record's paymentIds (about 32 bytes each) get a byte budget
 * below it: about 21,000 orders of today's 29-character numbers per record; a bigger set becomes several records.
 */
export const MAX_ID_BYTES_PER_RECORD = 700_000;

/** What one payment number takes of a record's JSON (the quotes and the comma). */
export function idBytes(paymentId: string): number {
  return paymentId.length + 3;
}

/** Whether one more order fits a record that holds `count` orders of `bytes` id bytes. */
export function fitsRecord(count: number, bytes: number, paymentId: string): boolean {
  return count < MAX_ORDERS_PER_RECORD && bytes + idBytes(paymentId) <= MAX_ID_BYTES_PER_RECORD;
}

/** Who made a settlement and how its records are named. */
export interface SettlementOrigin {
  trigger: SettlementTrigger;
  createdBy: string;
  /** Job runs: the run id, so a record's name is the same for the same slot and orders (two replicas collide, never double). */
  slot?: string;
}

/** Orders of one merchant in one currency collected for one record, within the record's limits. */
export class OrderBatch {
  readonly orders: PaymentInfo[] = [];
  #bytes = 0;

  constructor(
    readonly merchant: string,
    readonly currency: string,
  ) {}

  /** Whether the order still fits (the caller starts a new record when not). */
  fits(order: PaymentInfo): boolean {
    return fitsRecord(this.orders.length, this.#bytes, order.spec.paymentId);
  }

  add(order: PaymentInfo): void {
    this.orders.push(order);
    this.#bytes += idBytes(order.spec.paymentId);
  }
}

/**
 * Creates the record of a batch and marks its orders settled (spec.settlementName), inside the caller's
 * transaction: the record and its marks commit together or not at all. The orders were read in the same
 * transaction and are written by compare-and-set, so an order another trigger took cannot be taken again.
 */
export async function writeSettlement(
  deps: MerchantDeps,
  batch: OrderBatch,
  rateBasisPoints: number,
  origin: SettlementOrigin,
): Promise<SettlementRecord> {
  const totalAmount = batch.orders.reduce((sum, order) => sum + settleableMinor(order), 0);
  const feeAmount = feeFromBasisPoints(totalAmount, rateBasisPoints);
  const record = await deps.client.create(SettlementRecord, {
    metadata: {
      name: recordName(
        deps,
        { merchant: batch.merchant, currency: batch.currency, firstOrder: batch.orders[0]?.spec.paymentId ?? '' },
        origin,
      ),
    },
    spec: {
      merchant: batch.merchant,
      paymentIds: batch.orders.map((o) => o.spec.paymentId),
      orderCount: batch.orders.length,
      totalAmount,
      feeAmount,
      settlementAmount: totalAmount - feeAmount,
      currency: batch.currency,
      feeRateBasisPoints: rateBasisPoints,
      status: 'PENDING',
      trigger: origin.trigger,
      createdBy: origin.createdBy,
    },
  });
  for (const order of batch.orders) {
    await deps.client.update({ ...order, spec: { ...order.spec, settlementName: record.metadata.name } });
  }
  return record;
}

/** stl-<UTC time>-<suffix>: random for a manual trigger, derived from slot, merchant, currency and first order for the job. */
export function recordName(
  deps: MerchantDeps,
  batch: { merchant: string; currency: string; firstOrder: string },
  origin: SettlementOrigin,
): string {
  const stamp = new Date(deps.clock.now())
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  if (!origin.slot) return `stl-${stamp}-${randomBytes(5).toString('hex')}`;
  const seed = `${origin.slot}|${batch.merchant}|${batch.currency}|${batch.firstOrder}`;
  return `stl-auto-${createHash('sha256').update(seed).digest('hex').slice(0, 20)}`;
}
