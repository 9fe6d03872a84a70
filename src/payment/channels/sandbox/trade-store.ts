/** One refund the simulated gateway made: its record in the trade, looked up by our refund number. */
export interface SandboxRefundSpec {
  /** Our refund number (the request's `refundId`): the gateway's idempotency key. */
  refundId: string;
  /** The gateway's own refund number (`SBXR…`). */
  refundNo: string;
  amountMinor: number;
  /** RFC 3339. */
  refundedAt: string;
  reason?: string;
}

/** The simulated gateway's record of a trade (the spec of a SandboxTrade resource). */
export interface SandboxTradeSpec {
  paymentId: string;
  tradeNo: string;
  status: 'PAYING' | 'SUCCESS' | 'FAILED';
  amountMinor: number;
  currency: string;
  /** RFC 3339, set when paid. */
  paidAt?: string;
  /** The refunds of a paid trade, oldest first; together never more than `amountMinor`. */
  refunds?: SandboxRefundSpec[];
}

/**
 * Decides a trade's next state from its current one (undefined: no trade yet): the trade to store, or
 * undefined to store nothing. It may throw (nothing is stored) and may be called again on a fresher state.
 */
export type SandboxTradeEdit = (current: SandboxTradeSpec | undefined) => SandboxTradeSpec | undefined;

/**
 * Where the simulated gateway keeps its trades, so query, close and refunds answer like a real gateway.
 * The default lives in memory (one process); a multi-replica installation injects a shared one.
 */
export interface SandboxTradeStore {
  get(paymentId: string): Promise<SandboxTradeSpec | undefined>;
  put(trade: SandboxTradeSpec): Promise<void>;
  /**
   * Reads, edits and writes one trade as one step: no other change of it lands in between (refunds made at
   * the same time on several replicas each see the others). Returns the trade as stored afterwards.
   */
  change(paymentId: string, edit: SandboxTradeEdit): Promise<SandboxTradeSpec | undefined>;
}

export class MemorySandboxTradeStore implements SandboxTradeStore {
  readonly #trades = new Map<string, SandboxTradeSpec>();

  async get(paymentId: string): Promise<SandboxTradeSpec | undefined> {
    const trade = this.#trades.get(paymentId);
    return trade === undefined ? undefined : copy(trade);
  }

  async put(trade: SandboxTradeSpec): Promise<void> {
    this.#trades.set(trade.paymentId, copy(trade));
  }

  async change(paymentId: string, edit: SandboxTradeEdit): Promise<SandboxTradeSpec | undefined> {
    const current = this.#trades.get(paymentId);
    const next = edit(current === undefined ? undefined : copy(current));
    if (next === undefined) return current === undefined ? undefined : copy(current);
    this.#trades.set(paymentId, copy(next));
    return copy(next);
  }
}

function copy(trade: SandboxTradeSpec): SandboxTradeSpec {
  return trade.refunds ? { ...trade, refunds: trade.refunds.map((r) => ({ ...r })) } : { ...trade };
}
