import { InvalidAmountError } from '../../money/index.js';
import { decideAnswer } from '../core/callback-answer.js';
import { callbackParams } from '../core/callback-request.js';
import type { ChannelCurrencyRule, PaymentChannel } from '../core/channel.js';
import { ALIPAY_MAX_FEN } from '../core/provider-ceilings.js';
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
import { verifyAlipayNotify } from './notify.js';
import { AlipayOpenApiClient } from './openapi-client.js';
import { WALLET_A_CHANNELS, type WalletAChannelName, type WalletAOptions } from './options.js';
import { queryRefundTrade, refundTrade } from './refund-calls.js';
import { closeTrade, initiateTrade, queryTrade } from './trade-calls.js';

/** Alipay takes CNY only, total_amount in [0.01, 100000000.00] yuan. */
export const WALLET_A_CURRENCIES: Readonly<Record<string, ChannelCurrencyRule>> = {
  CNY: { minMinor: 1, maxMinor: ALIPAY_MAX_FEN },
};

/** WALLET_A: the Alipay OpenAPI (RSA2) adapter. */
export class WalletAChannel implements PaymentChannel {
  static readonly id = 'WALLET_A';
  readonly id = WalletAChannel.id;
  readonly channels = WALLET_A_CHANNELS;
  readonly currencies = WALLET_A_CURRENCIES;
  readonly #options: WalletAOptions;
  readonly #client: AlipayOpenApiClient;

  constructor(options: WalletAOptions, deps: ChannelDeps = {}) {
    this.#options = options;
    this.#client = new AlipayOpenApiClient(options, deps);
  }

  async initiate(order: ChannelOrder, ctx: InitiateContext): Promise<InitiateResult> {
    const channel = this.#channelOf(order);
    if (this.currencies[order.currency] === undefined) {
      throw new InvalidAmountError(
        'UNKNOWN_CURRENCY',
        `WALLET_A accepts CNY only, not ${order.currency}`,
        'currency',
        `该支付方式只支持人民币（CNY），不支持 ${order.currency}`,
      );
    }
    return initiateTrade(this.#client, order, channel, this.#options.productCodes[channel], ctx);
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

  queryRefund(order: ChannelOrder, refund: RefundRef, signal?: AbortSignal): Promise<RefundResult> {
    return queryRefundTrade(this.#client, order, refund, signal);
  }

  async verifyCallback(request: CallbackRequest): Promise<CallbackEvent> {
    return verifyAlipayNotify(request, this.#options);
  }

  /** Alipay stops retrying only on the exact body `success`; anything else (we send `fail`) is retried. */
  answerCallback(input: CallbackAnswerInput): CallbackAnswer {
    const decision = decideAnswer(input);
    return { status: decision.status, contentType: 'text/plain; charset=utf-8', body: decision.acknowledged ? 'success' : 'fail' };
  }

  /** Alipay notifications have no distinctive header: a POSTed form with sign, notify_id and our app_id. */
  matchesCallback(request: CallbackRequest): boolean {
    if (request.method.toUpperCase() !== 'POST') return false;
    const params = callbackParams(request);
    return Boolean(params.sign && params.notify_id) && params.app_id === this.#options.appId;
  }

  #channelOf(order: ChannelOrder): WalletAChannelName {
    if (!(this.channels as readonly string[]).includes(order.paymentChannel)) {
      throw new ChannelError('UNSUPPORTED_PAYMENT_CHANNEL', `WALLET_A has no channel ${order.paymentChannel}`);
    }
    return order.paymentChannel as WalletAChannelName;
  }
}
