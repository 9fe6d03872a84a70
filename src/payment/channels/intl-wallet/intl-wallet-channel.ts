import { isAppError } from '../../../host/sdk/index.js';
import { currencyExponent, InvalidAmountError } from '../../money/index.js';
import { decideAnswer } from '../core/callback-answer.js';
import { rawBodyText } from '../core/callback-request.js';
import type { ChannelCurrencyRule, PaymentChannel } from '../core/channel.js';
import { matchesByFingerprint } from '../core/custom-router.js';
import { paypalMaxMinor } from '../core/provider-ceilings.js';
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
import { CertificateStore } from './certificate-store.js';
import { INTL_WALLET_CHANNELS, type IntlWalletOptions } from './options.js';
import { closeOrder, createOrder, queryOrder } from './order-calls.js';
import { queryCaptureRefund, refundCapture } from './refund-calls.js';
import { PayPalClient } from './rest-client.js';
import { webhookEvent } from './webhook-events.js';
import { transmissionOf, verifyByApi, verifyOffline } from './webhook-signature.js';

/** The configured currencies, each with its ISO exponent and no bounds narrower than the money module's. */
function currencyRules(codes: readonly string[]): Record<string, ChannelCurrencyRule> {
  return Object.fromEntries(codes.map((code) => [code, { minMinor: 1, maxMinor: paypalMaxMinor(currencyExponent(code) ?? 2) }]));
}

/**
 * INTL_WALLET: PayPal Orders v2 checkout (channel CHECKOUT). The payer approves the order at PayPal; we
 * capture it when the payer comes back to our payment page, when a webhook says it was approved or when the
 * sync job asks, and only a COMPLETED capture is a payment. Webhooks arrive at `asyncCallback/CUSTOM`.
 */
export class IntlWalletChannel implements PaymentChannel {
  static readonly id = 'INTL_WALLET';
  readonly id = IntlWalletChannel.id;
  readonly channels = INTL_WALLET_CHANNELS;
  readonly currencies: Readonly<Record<string, ChannelCurrencyRule>>;
  /** The first configured currency: the currency of an initiation that names none. */
  readonly defaultCurrency: string;
  readonly #options: IntlWalletOptions;
  readonly #client: PayPalClient;
  readonly #certificates: CertificateStore;

  constructor(options: IntlWalletOptions, deps: ChannelDeps = {}) {
    this.#options = options;
    this.currencies = currencyRules(options.currencies);
    this.defaultCurrency = options.currencies[0];
    this.#client = new PayPalClient(options, deps);
    this.#certificates = new CertificateStore(options, deps);
  }

  async initiate(order: ChannelOrder, ctx: InitiateContext): Promise<InitiateResult> {
    if (!(this.channels as readonly string[]).includes(order.paymentChannel)) {
      throw new ChannelError('UNSUPPORTED_PAYMENT_CHANNEL', `INTL_WALLET has no channel ${order.paymentChannel}`);
    }
    if (this.currencies[order.currency] === undefined) {
      const accepted = Object.keys(this.currencies).join(', ');
      throw new InvalidAmountError('UNKNOWN_CURRENCY', `INTL_WALLET accepts ${accepted}, not ${order.currency}`, 'currency');
    }
    return createOrder(this.#client, order, ctx);
  }

  query(order: ChannelOrder, signal?: AbortSignal): Promise<QueryResult> {
    return queryOrder(this.#client, order, signal);
  }

  close(order: ChannelOrder, signal?: AbortSignal): Promise<CloseResult> {
    return closeOrder(this.#client, order, signal);
  }

  refund(order: ChannelOrder, refund: RefundRequest): Promise<RefundResult> {
    return refundCapture(this.#client, order, refund);
  }

  queryRefund(order: ChannelOrder, refund: RefundRef, signal?: AbortSignal): Promise<RefundResult> {
    return queryCaptureRefund(this.#client, order, refund, signal);
  }

  /**
   * Headers → certificate host → signature (offline, or PayPal's verify API) → event. The body is covered
   * only through its CRC32, which a forger can match; the route's confirming query is what decides.
   */
  async verifyCallback(request: CallbackRequest): Promise<CallbackEvent> {
    const transmission = transmissionOf(request);
    if (!this.#certificates.allowed(transmission.certUrl)) {
      throw new ChannelError('BAD_SIGNATURE', "PAYPAL-CERT-URL is not on PayPal's certificate hosts", {
        details: [{ field: 'PAYPAL-CERT-URL', message: 'foreign certificate host', reason: 'CERTIFICATE_HOST' }],
      });
    }
    if (this.#options.verification === 'api') {
      await verifyByApi(transmission, rawBodyText(request), this.#options.webhookId, this.#client);
    } else {
      await verifyOffline(transmission, request.rawBody, this.#options.webhookId, this.#certificates);
    }
    return webhookEvent(request, transmission);
  }

  /** PayPal takes any 2xx as delivered and resends on anything else; the body is not read. */
  answerCallback(input: CallbackAnswerInput): CallbackAnswer {
    const decision = decideAnswer(input);
    const code = isAppError(input.error) ? String(input.error.code) : undefined;
    const body = decision.acknowledged
      ? { received: true }
      : { received: false, code: code ?? (input.outcome === 'retry' ? 'RETRY_LATER' : 'REFUSED') };
    return { status: decision.status, contentType: 'application/json', body: JSON.stringify(body) };
  }

  /** PayPal webhooks carry PAYPAL-TRANSMISSION-ID and PAYPAL-TRANSMISSION-SIG. */
  matchesCallback(request: CallbackRequest): boolean {
    return matchesByFingerprint('INTL_WALLET', request);
  }
}
