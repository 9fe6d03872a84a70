import type { Clock } from '../../../host/sdk/index.js';
import type { PaymentType } from './catalog.js';

/** Order status as the service and the payment page know it; adapters normalise vendor states into it. */
export type PaymentStatus = 'UNPAID' | 'PAYING' | 'SUCCESS' | 'FAILED' | 'UNKNOWN';

/** What an adapter needs to know about an order. Amounts are integer minor units. */
export interface ChannelOrder {
  /** Our payment number; the channel's merchant order number (Alipay out_trade_no). */
  paymentId: string;
  /** The business order number of the caller. */
  orderId: string;
  paymentType: PaymentType;
  paymentChannel: string;
  subject: string;
  body?: string;
  amountMinor: number;
  /** Upper-case ISO 4217 code. */
  currency: string;
  /** The channel's own trade number once known. */
  channelTradeNo?: string;
  /** RFC 3339; channels that support it stop accepting payment after this instant. */
  expiresAt?: string;
}

/** Per-call facts the adapter cannot know from its options. */
export interface InitiateContext {
  /** Our asynchronous callback URL for this paymentType (`…/asyncCallback/{paymentType}`). */
  callbackUrl: string;
  /** Where the payer's browser goes after paying at the channel. */
  returnUrl?: string;
  /** Public base URL of this service (no trailing slash), for links to our own pages. */
  baseUrl?: string;
  /** The payer's IP address (WeChat Pay H5 sends it as `scene_info.payer_client_ip`). */
  clientIp?: string;
  userAgent?: string;
  /** The payer's openid under the merchant's appId (WeChat Pay JSAPI), from the initiation's `additionalData.openid`. */
  payerOpenId?: string;
  signal?: AbortSignal;
}

/** An HTML form the payer's browser must submit (channels that refuse GET redirects). */
export interface PaymentForm {
  action: string;
  method: 'GET' | 'POST';
  fields: Record<string, string>;
}

/** Result of initiation. PAYING: the payer has been handed a way to pay; UNPAID: a further step is due. */
export interface InitiateResult {
  status: 'PAYING' | 'UNPAID';
  qrCode?: string;
  payUrl?: string;
  form?: PaymentForm;
  /**
   * Signed parameters the payer's wallet app is invoked with from our payment page (WeChat Pay JSAPI:
   * appId, timeStamp, nonceStr, package, signType, paySign for `getBrandWCPayRequest`).
   */
  invokeParams?: Record<string, string>;
  channelTradeNo?: string;
  /** The provider's answer (or the signed parameters we built), for the order's additional data. */
  raw: unknown;
}

/** The channel's view of an order, normalised. */
export interface QueryResult {
  status: PaymentStatus;
  amountMinor?: number;
  currency?: string;
  channelTradeNo?: string;
  /** RFC 3339. */
  paidAt?: string;
  /** The provider's own status word, for logs and the order's additional data. */
  vendorStatus?: string;
  raw: unknown;
}

export interface CloseResult {
  /** False when the channel never knew the trade (nothing to close there). */
  closedAtChannel: boolean;
  raw: unknown;
}

export interface RefundRequest {
  /** Our refund number: the provider's merchant refund number (out_refund_no) and the call's idempotency key. */
  refundId: string;
  amountMinor: number;
  /** Upper-case ISO 4217 code (the order's). */
  currency: string;
  /** What the payer paid for the order (WeChat Pay's `amount.total`). */
  paidAmountMinor: number;
  reason?: string;
  /** Our callback URL for this paymentType, for providers that notify refund results (WeChat Pay). */
  callbackUrl?: string;
  signal?: AbortSignal;
}

/** A refund as the channel reports it: PENDING until the provider settles it, then SUCCESS or FAILED. */
export interface RefundResult {
  status: 'SUCCESS' | 'PENDING' | 'FAILED';
  channelRefundNo?: string;
  amountMinor?: number;
  /** RFC 3339. */
  refundedAt?: string;
  /** The provider's own status word, for logs. */
  vendorStatus?: string;
  raw: unknown;
}

/** Which refund a refund query asks about. */
export interface RefundRef {
  refundId: string;
  channelRefundNo?: string;
}

export type HeaderValue = string | string[] | undefined;

/** An inbound callback exactly as received; rawBody is the untouched bytes the signature covers. */
export interface CallbackRequest {
  method: string;
  /** Header names in lower case. */
  headers: Record<string, HeaderValue>;
  query: Record<string, string>;
  rawBody: Buffer | string;
  /** Parsed form, when the route parsed one; adapters that sign the form re-parse rawBody instead. */
  form?: Record<string, string>;
  json?: unknown;
}

/** A verified callback, normalised. The payload is a hint: the service queries the channel before acting. */
export interface CallbackEvent {
  /** Our payment number (the channel's out_trade_no). */
  orderRef: string;
  status: PaymentStatus;
  amountMinor?: number;
  currency?: string;
  channelTradeNo?: string;
  paidAt?: string;
  /**
   * The provider's id of this notification, the same on every resend of it (Alipay `notify_id`, WeChat Pay
   * `id`, Stripe event id, PayPal event id `WH-…`, the sandbox's event id; epay `out_trade_no:trade_no:trade_status`).
   * Callbacks are de-duplicated by adapter, order (`orderRef`) and this id: one PaymentCallbackLog per
   * notification, with a count of arrivals; the same id for another order is another notification.
   */
  eventId?: string;
  /**
   * When the provider says it sent the notification (RFC 3339), where the signed payload carries it
   * (Alipay `notify_time`, WeChat Pay `Wechatpay-Timestamp`, Stripe `created`). A notification older than
   * the callback window is refused as stale (callbacks/callback-freshness.ts).
   */
  sentAt?: string;
  vendorStatus?: string;
  /**
   * Present when the notification is about a refund of the order (WeChat Pay REFUND.SUCCESS, PayPal
   * PAYMENT.CAPTURE.REFUNDED, Stripe charge.refunded): the refund service applies it instead of the payment
   * status. `status` then still describes the payment as the provider sees it, or is UNKNOWN.
   */
  refund?: RefundResult & { refundId?: string };
  raw: unknown;
}

/** accepted: processed (or deliberately ignored); refused: invalid, do not act; retry: ask the provider to resend. */
export type CallbackOutcome = 'accepted' | 'refused' | 'retry';

export interface CallbackAnswerInput {
  outcome: CallbackOutcome;
  /** The error behind a refusal or retry; its status picks the HTTP status where the provider cares. */
  error?: unknown;
}

/** The HTTP answer the provider expects. */
export interface CallbackAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** Injected collaborators; defaults are the real ones (global fetch, the system clock). */
export interface ChannelDeps {
  fetch?: typeof fetch;
  clock?: Clock;
  /** Gateway call time-out in milliseconds (default 10 s). */
  timeoutMs?: number;
}
