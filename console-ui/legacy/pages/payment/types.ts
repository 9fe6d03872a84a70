/** An order as the payment operations show it (amounts are decimal strings; minor units stay on the server). */
export interface PaymentView {
  paymentId: string;
  orderId: string;
  subject: string;
  body?: string;
  amountText: string;
  currency: string;
  paymentType: string;
  paymentChannel: string;
  platform: string;
  username?: string;
  status: 'UNPAID' | 'PAYING' | 'SUCCESS' | 'FAILED' | 'UNKNOWN';
  statusReason?: string;
  reason?: string;
  pageUrl?: string;
  payUrl?: string;
  qrCode?: string;
  notifyUrl?: string;
  returnUrl?: string;
  channelTradeNo?: string;
  createdAt?: string;
  paidAt?: string;
  expiresAt?: string;
}

export interface PaymentDetails extends PaymentView {
  transitions?: Array<{ from: string; to: string; at: string; source?: string; reason?: string; actor?: string }>;
  notifyDeliveries?: Array<Record<string, unknown>>;
  callbacks?: Array<Record<string, unknown>>;
}

export interface ChannelOption {
  key: string;
  paymentType: string;
  paymentChannel: string;
  available: boolean;
}

export const STATUSES = ['UNPAID', 'PAYING', 'SUCCESS', 'FAILED', 'UNKNOWN'] as const;

/** The payment page of an order on this site (the same origin as the console, whatever the base URL). */
export const payPageOf = (paymentId: string) => `/payment/${encodeURIComponent(paymentId)}`;
