/** The simulated gateway's record of a trade (the spec of a SandboxTrade resource). */
export interface SandboxTradeSpec {
  paymentId: string;
  tradeNo: string;
  status: 'PAYING' | 'SUCCESS' | 'FAILED';
  amountMinor: number;
  currency: string;
  /** RFC 3339, set when paid. */
  paidAt?: string;
}

/**
 * Where the simulated gateway keeps its trades, so query and close answer like a real gateway.
 * The default lives in memory (one process); a multi-replica installation injects a shared one.
 */
export interface SandboxTradeStore {
  get(paymentId: string): Promise<SandboxTradeSpec | undefined>;
  put(trade: SandboxTradeSpec): Promise<void>;
}

export class MemorySandboxTradeStore implements SandboxTradeStore {
  readonly #trades = new Map<string, SandboxTradeSpec>();

  async get(paymentId: string): Promise<SandboxTradeSpec | undefined> {
    const trade = this.#trades.get(paymentId);
    return trade === undefined ? undefined : { ...trade };
  }

  async put(trade: SandboxTradeSpec): Promise<void> {
    this.#trades.set(trade.paymentId, { ...trade });
  }
}
