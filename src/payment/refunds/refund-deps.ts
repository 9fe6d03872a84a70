import type { OrderDeps } from '../orders/order-events.js';
import type { PaymentInfo } from '../orders/types.js';
import type { PaymentRefund } from './types.js';

/**
 * Where a merchant's balance meets a refund (docs/payment.md "Refunds and the ledger"); the ledger family
 * implements it (settlement/refund-ledger.ts) and the service's wiring passes it in. Both calls run
 * inside the refund's store transaction, so the entries commit with the refund or not at all, and a throw
 * refuses the refund (reserve) or rolls the settlement back (settle).
 */
export interface RefundLedgerPort {
  /**
   * The refund was just reserved on the order. For a settled merchant order (`settlementName` set, platform not
   * `system`) the ledger freezes `refund.spec.amount` of the merchant's balance, or throws (e.g. 409 balance
   * too low) so that nothing is reserved and the provider is never asked.
   */
  reserve(refund: PaymentRefund, order: PaymentInfo): Promise<void>;
  /** The refund ended: SUCCESS turns the freeze into a debit, FAILED releases it. */
  settle(refund: PaymentRefund, order: PaymentInfo): Promise<void>;
}

/** What the refund functions need: the orders family's deps and the ledger (absent in tests of refunds alone). */
export interface RefundDeps extends OrderDeps {
  refundLedger?: RefundLedgerPort;
}
