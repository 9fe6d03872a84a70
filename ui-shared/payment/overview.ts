/** What an overview answers (the console's getPaymentOverview and the merchant platform's overviewData). */

/** A paid order as the overview's recent list shows it. */
export interface OverviewOrder {
  paymentId?: string;
  subject?: string;
  currency?: string;
  amountText?: string;
  paymentType?: string;
  paymentChannel?: string;
  username?: string;
  paidAt?: string;
}

export interface TrendPoint {
  day: string;
  orders: number;
  successCount: number;
  successAmounts: Record<string, string>;
}

export interface Overview {
  from: string;
  to: string;
  totalOrders: number;
  totalAmounts: Record<string, string>;
  successCount: number;
  successAmounts: Record<string, string>;
  trend: TrendPoint[];
  recentSuccess: OverviewOrder[];
  /** Only the newest orders were counted (the merchant overview reads at most 20 000). */
  truncated?: boolean;
}

/** Loads the overview of a range of reporting days (both ends optional: the server's default range). */
export type OverviewLoader = (range: { from?: string; to?: string }, signal: AbortSignal) => Promise<Overview>;
