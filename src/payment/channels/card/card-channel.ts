import { isAppError, systemClock, type Clock } from '../../../host/sdk/index.js';
import { InvalidAmountError } from '../../money/index.js';
import { decideAnswer } from '../core/callback-answer.js';
import { headerValue } from '../core/callback-request.js';
import type { PaymentChannel } from '../core/channel.js';
import { matchesByFingerprint } from '../core/custom-router.js';
import { ChannelError } from '../core/errors.js';
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
} from '../core/types.js';
import { createSession, expireSession, querySession } from './checkout-calls.js';
import { CARD_CHANNELS, type CardOptions } from './options.js';
import { createRefund, retrieveRefund } from './refund-calls.js';
import { CARD_CURRENCIES } from './stripe-amount.js';
import { StripeApiClient } from './stripe-client.js';
import { stripeEventToCallback } from './webhook-event.js';
import { STRIPE_SIGNATURE_HEADER, verifyStripeSignature } from './webhook-signature.js';

/** CARD: Stripe Checkout (hosted payment page) in any currency Stripe presents. */
export class CardChannel implements PaymentChannel {
  static readonly id = 'CARD';
  readonly id = CardChannel.id;
  readonly channels = CARD_CHANNELS;
  readonly currencies = CARD_CURRENCIES;
  readonly defaultCurrency: string;
  readonly #options: CardOptions;
  readonly #client: StripeApiClient;
  readonly #clock: Clock;

  constructor(options: CardOptions, deps: ChannelDeps = {}) {
    this.#options = options;
    this.defaultCurrency = options.currency;
    this.#clock = deps.clock ?? systemClock;
    this.#client = new StripeApiClient(options, deps);
  }

  async initiate(order: ChannelOrder, ctx: InitiateContext): Promise<InitiateResult> {
    this.#checkChannel(order.paymentChannel);
    if (this.currencies[order.currency] === undefined) {
      throw new InvalidAmountError(
        'UNKNOWN_CURRENCY',
        `CARD does not accept ${order.currency}`,
        'currency',
        `该支付方式不支持币种 ${order.currency}`,
      );
    }
    return createSession(this.#client, order, ctx, this.#clock.now());
  }

  query(order: ChannelOrder, signal?: AbortSignal): Promise<QueryResult> {
    return querySession(this.#client, order, signal);
  }

  close(order: ChannelOrder, signal?: AbortSignal): Promise<CloseResult> {
    return expireSession(this.#client, order, signal);
  }

  refund(order: ChannelOrder, refund: RefundRequest): Promise<RefundResult> {
    return createRefund(this.#client, order, refund);
  }

  queryRefund(order: ChannelOrder, refund: RefundRef, signal?: AbortSignal): Promise<RefundResult> {
    return retrieveRefund(this.#client, order, refund, signal);
  }

  /** Verifies Stripe-Signature over the raw bytes, then reads the event (only a verified body is parsed). */
  async verifyCallback(request: CallbackRequest): Promise<CallbackEvent> {
    const raw = typeof request.rawBody === 'string' ? Buffer.from(request.rawBody, 'utf8') : request.rawBody;
    verifyStripeSignature(
      raw,
      headerValue(request, STRIPE_SIGNATURE_HEADER),
      this.#options.webhookSecret,
      Math.floor(this.#clock.now() / 1000),
    );
    let payload: unknown;
    try {
      payload = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new ChannelError('CALLBACK_MISMATCH', 'a signed Stripe webhook whose body is not JSON');
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      throw new ChannelError('CALLBACK_MISMATCH', 'a signed Stripe webhook whose body is not an event object');
    }
    return stripeEventToCallback(payload as Record<string, unknown>, this.#options.livemode);
  }

  /**
   * Stripe takes any 2xx as delivered and resends anything else for up to three days; the body is for people
   * reading the endpoint's log in the Stripe Dashboard: our error code, never internals.
   */
  answerCallback(input: CallbackAnswerInput): CallbackAnswer {
    const decision = decideAnswer(input);
    const error = isAppError(input.error) ? String(input.error.code) : input.outcome === 'retry' ? 'RETRY_LATER' : 'REFUSED';
    const body = decision.acknowledged ? { received: true } : { received: false, error };
    return { status: decision.status, contentType: 'application/json', body: JSON.stringify(body) };
  }

  /** Stripe webhooks carry Stripe-Signature. */
  matchesCallback(request: CallbackRequest): boolean {
    return matchesByFingerprint('CARD', request);
  }

  #checkChannel(paymentChannel: string): void {
    if (!(this.channels as readonly string[]).includes(paymentChannel)) {
      throw new ChannelError('UNSUPPORTED_PAYMENT_CHANNEL', `CARD has no channel ${paymentChannel}`);
    }
  }
}
