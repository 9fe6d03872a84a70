import { InvalidAmountError } from '../../money/index.js';
import { decideAnswer } from '../core/callback-answer.js';
import type { PaymentType } from '../core/catalog.js';
import type { ChannelCurrencyRule, PaymentChannel } from '../core/channel.js';
import { AGGREGATOR_MAX_FEN } from '../core/provider-ceilings.js';
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
import { EpayClient } from './epay-client.js';
import type { EpayDialect } from './epay-dialect.js';
import { verifyEpayNotify } from './notify.js';
import { EPAY_CHANNELS, type EpayChannelName, type EpayCommonOptions } from './options.js';
import { queryRefundTrade, refundTrade } from './refund-calls.js';
import { closeTrade, initiateTrade, queryTrade } from './trade-calls.js';

/** epay sites settle in CNY; money is a yuan string with at most two decimals. */
export const EPAY_CURRENCIES: Readonly<Record<string, ChannelCurrencyRule>> = {
  CNY: { minMinor: 1, maxMinor: AGGREGATOR_MAX_FEN },
};

/**
 * An epay (彩虹易支付) service. The protocol is one; the versions differ in signing and endpoints, which
 * the {@link EpayDialect} of each service folder supplies. Subclasses only name their paymentType.
 */
export abstract class EpayChannel implements PaymentChannel {
  abstract readonly id: PaymentType;
  readonly channels = EPAY_CHANNELS;
  readonly currencies = EPAY_CURRENCIES;
  readonly #client: EpayClient;
  /** Present only where the version can be asked about a refund (V2); the refund service then syncs with it. */
  readonly queryRefund?: (order: ChannelOrder, refund: RefundRef, signal?: AbortSignal) => Promise<RefundResult>;

  protected constructor(options: EpayCommonOptions, dialect: EpayDialect, deps: ChannelDeps = {}) {
    this.#client = new EpayClient(options, dialect, deps);
    if (dialect.refundQueryCall) this.queryRefund = (order, refund, signal) => queryRefundTrade(this.#client, order, refund, signal);
  }

  async initiate(order: ChannelOrder, ctx: InitiateContext): Promise<InitiateResult> {
    const channel = this.#channelOf(order);
    if (this.currencies[order.currency] === undefined) {
      throw new InvalidAmountError('UNKNOWN_CURRENCY', `${this.id} accepts CNY only, not ${order.currency}`, 'currency');
    }
    return initiateTrade(this.#client, order, channel, ctx);
  }

  query(order: ChannelOrder, signal?: AbortSignal): Promise<QueryResult> {
    return queryTrade(this.#client, order, signal);
  }

  close(order: ChannelOrder, signal?: AbortSignal): Promise<CloseResult> {
    return closeTrade(this.#client, order, signal);
  }

  refund(order: ChannelOrder, refund: RefundRequest): Promise<RefundResult> {
    return refundTrade(this.#client, order, refund);
  }

  async verifyCallback(request: CallbackRequest): Promise<CallbackEvent> {
    const { options, dialect } = this.#client;
    return verifyEpayNotify(request, { options, dialect, nowMs: this.#client.nowMs() });
  }

  /** epay stops resending when the body contains `success`; anything else (we send `fail`) is sent again. */
  answerCallback(input: CallbackAnswerInput): CallbackAnswer {
    const decision = decideAnswer(input);
    return { status: decision.status, contentType: 'text/plain; charset=utf-8', body: decision.acknowledged ? 'success' : 'fail' };
  }

  #channelOf(order: ChannelOrder): EpayChannelName {
    if (!(this.channels as readonly string[]).includes(order.paymentChannel)) {
      throw new ChannelError('UNSUPPORTED_PAYMENT_CHANNEL', `${this.id} has no channel ${order.paymentChannel}`);
    }
    return order.paymentChannel as EpayChannelName;
  }
}
