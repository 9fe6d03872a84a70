import { and, eq } from '../../host/sdk/index.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { PaymentInfo } from '../orders/types.js';
import { candidatesOf, settleableMinor, whyUnsettleable } from './eligibility.js';
import { SettlementRecord } from './types.js';
import { fitsRecord, idBytes, recordName, type SettlementOrigin } from './write-settlement.js';
import { settlementLock } from '../deps/lock-keys.js';

/** Most candidates per step; the page follows the time an order takes (a PostgreSQL update costs more). */
const MAX_STEP_ORDERS = 200;
/** Fewest: the page's read is paid once per step. */
const MIN_STEP_ORDERS = 20;
/** Time one step aims at, well inside the chunk's budget, so a chunk never runs far past it. */
const STEP_MS = 5;

/**
 * One merchant's claiming, a step at a time inside the caller's chunk transactions (runInChunks):
 * - a step reads a page of candidates and claims each for the BUILDING record of its currency (creating it
 *   when there is none): the order gets spec.settlementName by compare-and-set and the record's count, total
 *   and id bytes grow, in the same transaction, so every committed record counts exactly the orders marked
 *   with its name (its paymentIds are written when it is sealed, seal-settlement.ts);
 * - a record that cannot take the next order is full: the step ends the claiming (`full` names it) so the
 *   caller seals it before going on.
 * Steps take the merchant's lock, so two runs at once (other replicas too) take turns and share its records.
 */
export class SettlementClaim {
  /** Set when a record is full: the caller seals it, then claims on. */
  full?: string;
  /** No candidate left. */
  done = false;
  #cursor?: string;
  #pageSize = 50;

  constructor(
    private readonly deps: MerchantDeps,
    private readonly merchant: string,
    private readonly rateBasisPoints: number,
    private readonly origin: SettlementOrigin,
  ) {}

  /** One step in the open transaction; false when claiming should stop (nothing left, or a record is full). */
  async step(): Promise<boolean> {
    await this.deps.client.lock(settlementLock(this.merchant));
    const query = { where: candidatesOf(this.merchant), limit: this.#pageSize, continue: this.#cursor };
    const page = await this.deps.client.list(PaymentInfo, query);
    const start = performance.now(); // the writes' time: the read costs about the same for any page size
    const byCurrency = new Map<string, PaymentInfo[]>();
    for (const order of page.items) {
      if (whyUnsettleable(order)) continue;
      byCurrency.set(order.spec.currency, [...(byCurrency.get(order.spec.currency) ?? []), order]);
    }
    for (const orders of byCurrency.values()) if (!(await this.claim(orders))) return false;
    this.#cursor = page.continue;
    this.done = !page.continue;
    const perOrder = (performance.now() - start) / Math.max(1, page.items.length);
    this.#pageSize = Math.max(MIN_STEP_ORDERS, Math.min(MAX_STEP_ORDERS, Math.floor(STEP_MS / perOrder)));
    return !this.done;
  }

  /** Adds orders of one currency to its BUILDING record; false (and `full` set) when the record filled up. */
  private async claim(orders: PaymentInfo[]): Promise<boolean> {
    const record = (await buildingRecords(this.deps, this.merchant, orders[0].spec.currency))[0] ?? (await this.open(orders[0]));
    let { orderCount, totalAmount } = record.spec;
    let bytes = record.status?.idBytes ?? 0;
    let fits = true;
    for (const order of orders) {
      if (!fitsRecord(orderCount, bytes, order.spec.paymentId)) {
        fits = false;
        this.full = record.metadata.name;
        break;
      }
      await this.deps.client.update({ ...order, spec: { ...order.spec, settlementName: record.metadata.name } });
      orderCount++;
      totalAmount += settleableMinor(order);
      bytes += idBytes(order.spec.paymentId);
    }
    if (orderCount !== record.spec.orderCount) {
      const spec = { ...record.spec, orderCount, totalAmount, settlementAmount: totalAmount };
      await this.deps.client.update({ ...record, spec, status: { ...record.status, idBytes: bytes } });
    }
    return fits;
  }

  /** A new BUILDING record, empty: the caller adds its first order in the same transaction. */
  private open(first: PaymentInfo): Promise<SettlementRecord> {
    const { currency, paymentId } = first.spec;
    return this.deps.client.create(SettlementRecord, {
      metadata: { name: recordName(this.deps, { merchant: this.merchant, currency, firstOrder: paymentId }, this.origin) },
      spec: {
        merchant: this.merchant,
        paymentIds: [],
        orderCount: 0,
        totalAmount: 0,
        feeAmount: 0,
        settlementAmount: 0,
        currency,
        feeRateBasisPoints: this.rateBasisPoints,
        status: 'BUILDING',
        trigger: this.origin.trigger,
        createdBy: this.origin.createdBy,
      },
      status: { idBytes: 0 },
    });
  }
}

/** A merchant's BUILDING records (of one currency when given). */
export function buildingRecords(deps: MerchantDeps, merchant: string, currency?: string): Promise<SettlementRecord[]> {
  const where = and(eq('spec.merchant', merchant), eq('spec.status', 'BUILDING'), currency ? eq('spec.currency', currency) : undefined);
  return deps.client.list(SettlementRecord, { where, limit: 1 }).then((page) => page.items);
}
