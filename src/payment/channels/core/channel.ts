import type { AmountLimits } from '../../money/index.js';
import type { PaymentType } from './catalog.js';
import type {
  CallbackAnswer,
  CallbackAnswerInput,
  CallbackEvent,
  CallbackRequest,
  ChannelDeps,
  ChannelOrder,
  CloseResult,
  InitiateContext,
  InitiateResult,
  QueryResult,
  RefundRef,
  RefundRequest,
  RefundResult,
} from './types.js';

/**
 * Amount rules of one currency at a channel: provider bounds and, rarely, a non-ISO exponent. `maxMinor` is
 * required: every adapter states its provider's ceiling (docs/payment-channels.md cites the sources), so an
 * amount the provider would refuse or overflow (WeChat Pay's int32 `amount.total`) is a 400 at creation.
 */
export interface ChannelCurrencyRule extends AmountLimits {
  /** The provider's largest amount in this currency, in minor units (inclusive). */
  maxMinor: number;
  exponent?: number;
  /**
   * Fraction digits the provider can carry when fewer than the currency's (Stripe: three-decimal currencies
   * only to the hundredth, MGA only whole units). Amounts stay in the currency's minor units; finer ones are refused.
   */
  maxFractionDigits?: number;
}

/**
 * One payment service (a provider protocol). Instances are built from validated options by the
 * service's {@link PaymentChannelDefinition}. Adapters throw {@link ChannelError}s, never return errors.
 */
export interface PaymentChannel {
  /** The paymentType this instance serves (also the `{paymentType}` of its callback URL). */
  readonly id: PaymentType;
  /** The paymentChannel values it accepts. */
  readonly channels: readonly string[];
  /** Currencies it accepts, with the provider's amount bounds (Alipay: CNY, 0.01 … 100,000,000.00). */
  readonly currencies: Readonly<Record<string, ChannelCurrencyRule>>;
  /**
   * The currency rules of one paymentChannel, where they differ by channel (CUSTOM: the WeChat-compatible
   * gateway has WeChat Pay's ceiling, the Alipay-compatible one Alipay's); `currencies` when absent.
   */
  currenciesFor?(paymentChannel: string): Readonly<Record<string, ChannelCurrencyRule>>;
  /** The currency of an initiation that names none (the service's configured currency); CNY when absent. */
  readonly defaultCurrency?: string;

  /**
   * Starts a payment at the channel. Returns the QR code, redirect URL or form for the payer.
   * Throws CHANNEL_UNAVAILABLE (retryable), CHANNEL_REJECTED (provider code/msg), UNSUPPORTED_PAYMENT_CHANNEL.
   */
  initiate(order: ChannelOrder, ctx: InitiateContext): Promise<InitiateResult>;

  /**
   * Optional check, made before an order is created, that the initiation carries the payer facts the
   * channel cannot do without (WeChat Pay H5: the payer's IP; JSAPI: the openid). Throws
   * PAYER_DETAILS_REQUIRED (400), so a missing fact changes nothing.
   */
  assertPayerFacts?(paymentChannel: string, payer: Pick<InitiateContext, 'clientIp' | 'payerOpenId'>): void;

  /** Asks the channel for the order's current state (the source of truth after a callback hint). */
  query(order: ChannelOrder, signal?: AbortSignal): Promise<QueryResult>;

  /**
   * Closes an unpaid order at the channel so it can no longer be paid. A trade the channel never saw
   * counts as closed (closedAtChannel false). A trade that is already paid makes it throw CHANNEL_REJECTED;
   * the caller then queries.
   */
  close(order: ChannelOrder, signal?: AbortSignal): Promise<CloseResult>;

  /**
   * Refunds all or part of a paid order. Optional: without it the refund service refuses up front with 409
   * REFUND_NOT_SUPPORTED (refunds/request-refund.ts). The same `refundId` twice must not refund twice (it is the
   * provider's idempotency key).
   */
  refund?(order: ChannelOrder, refund: RefundRequest): Promise<RefundResult>;

  /** The current state of a refund at the provider (the refund sync job asks while it is PENDING). */
  queryRefund?(order: ChannelOrder, refund: RefundRef, signal?: AbortSignal): Promise<RefundResult>;

  /**
   * Verifies an inbound callback against the raw body and normalises it. The event reports the provider's
   * notification id (`eventId`, the de-duplication key) and, when the protocol signs one, its send time
   * (`sentAt`, checked against the stale window by the callback route).
   * Throws MISSING_SIGNATURE (400), BAD_SIGNATURE (401), CALLBACK_MISMATCH (400, verified but not ours)
   * or UNSUPPORTED_EVENT (answer 200 and ignore).
   */
  verifyCallback(request: CallbackRequest): Promise<CallbackEvent>;

  /** The HTTP answer the provider expects for an outcome (Alipay: exactly `success` or `fail`). */
  answerCallback(input: CallbackAnswerInput): CallbackAnswer;

  /**
   * Whether a callback that arrived at the CUSTOM endpoint belongs to this provider, judged from its
   * headers (Stripe-Signature, PAYPAL-TRANSMISSION-ID, …) and, only as a fallback, its body shape.
   */
  matchesCallback?(request: CallbackRequest): boolean;
}

/**
 * The static side of an adapter: its id, what it offers, how to validate stored credentials and how to
 * build an instance. One per folder under `channels/`, registered in the {@link ChannelRegistry}.
 */
export interface PaymentChannelDefinition<TOptions = unknown> {
  readonly id: PaymentType;
  readonly channels: readonly string[];
  /** Option fields that hold secrets: never logged, never exported, masked in settings views. */
  readonly secretFields: readonly string[];
  /** Checks raw credentials from settings; throws CHANNEL_MISCONFIGURED naming every bad field. */
  validateOptions(raw: unknown): TOptions;
  create(options: TOptions, deps?: ChannelDeps): PaymentChannel;
}
