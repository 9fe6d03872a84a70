/** The simulated gateway's record of a trade. */
export interface SandboxTrade {
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
  get(paymentId: string): Promise<SandboxTrade | undefined>;
  put(trade: SandboxTrade): Promise<void>;
}

export class MemorySandboxTradeStore implements SandboxTradeStore {
  readonly #trades = new Map<string, SandboxTrade>();

  async get(paymentId: string): Promise<SandboxTrade | undefined> {
    const trade = this.#trades.get(paymentId);
    return trade === undefined ? undefined : { ...trade };
  }

  async put(trade: SandboxTrade): Promise<void> {
    this.#trades.set(trade.paymentId, { ...trade });
  }
}
