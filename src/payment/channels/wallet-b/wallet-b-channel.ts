import { isAppError, systemClock, type Clock } from '../../../host/sdk/index.js';
import { InvalidAmountError } from '../../money/index.js';
import { decideAnswer } from '../core/callback-answer.js';
import type { ChannelCurrencyRule, PaymentChannel } from '../core/channel.js';
import { WECHAT_PAY_MAX_FEN } from '../core/provider-ceilings.js';
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
import { WechatPayApiClient } from './apiv3-client.js';
import { verifyWechatPayNotify } from './notify.js';
import { WALLET_B_CHANNELS, type WalletBChannelName, type WalletBOptions } from './options.js';
import { assertPayerFacts } from './payer-facts.js';
import { queryRefundTrade, refundTrade } from './refund-calls.js';
import { closeTrade, initiateTrade, queryTrade } from './trade-calls.js';

/** WeChat Pay (domestic) takes CNY in integer fen, 1 fen … 21,474,836.47 CNY (int32 `amount.total`). */
export const WALLET_B_CURRENCIES: Readonly<Record<string, ChannelCurrencyRule>> = {
  CNY: { minMinor: 1, maxMinor: WECHAT_PAY_MAX_FEN },
};

/** WALLET_B: the WeChat Pay APIv3 adapter (NATIVE, H5, JSAPI). */
export class WalletBChannel implements PaymentChannel {
  static readonly id = 'WALLET_B';
  readonly id = WalletBChannel.id;
  readonly channels = WALLET_B_CHANNELS;
  readonly currencies = WALLET_B_CURRENCIES;
  readonly #options: WalletBOptions;
  readonly #client: WechatPayApiClient;
  readonly #deps: ChannelDeps;
  readonly #clock: Clock;

  constructor(options: WalletBOptions, deps: ChannelDeps = {}) {
    this.#options = options;
    this.#deps = deps;
    this.#clock = deps.clock ?? systemClock;
    this.#client = new WechatPayApiClient(options, deps);
  }

  assertPayerFacts(paymentChannel: string, payer: Pick<InitiateContext, 'clientIp' | 'payerOpenId'>): void {
    assertPayerFacts(this.#channelOf(paymentChannel), payer);
  }

  async initiate(order: ChannelOrder, ctx: InitiateContext): Promise<InitiateResult> {
    const channel = this.#channelOf(order.paymentChannel);
    if (this.currencies[order.currency] === undefined) {
      throw new InvalidAmountError('UNKNOWN_CURRENCY', `WALLET_B accepts CNY only, not ${order.currency}`, 'currency');
    }
    assertPayerFacts(channel, ctx);
    return initiateTrade(this.#client, this.#options, order, channel, ctx, this.#deps);
  }

  query(order: ChannelOrder, signal?: AbortSignal): Promise<QueryResult> {
    return queryTrade(this.#client, this.#options, order, signal);
  }

  close(order: ChannelOrder, signal?: AbortSignal): Promise<CloseResult> {
    return closeTrade(this.#client, this.#options, order, signal);
  }

  refund(order: ChannelOrder, refund: RefundRequest): Promise<RefundResult> {
    return refundTrade(this.#client, order, refund);
  }

  queryRefund(order: ChannelOrder, refund: RefundRef, signal?: AbortSignal): Promise<RefundResult> {
    return queryRefundTrade(this.#client, order, refund, signal);
  }

  async verifyCallback(request: CallbackRequest): Promise<CallbackEvent> {
    return verifyWechatPayNotify(request, this.#options, Math.floor(this.#clock.now() / 1000));
  }

  /**
   * WeChat Pay takes any 2xx as received (the status wins over the body) and resends on 4xx/5xx, whose body
   * is `{"code":"FAIL","message":…}`; the message is our error code, never internals.
   */
  answerCallback(input: CallbackAnswerInput): CallbackAnswer {
    const decision = decideAnswer(input);
    if (decision.acknowledged) return { status: 204, contentType: 'application/json', body: '' };
    const message = isAppError(input.error) ? String(input.error.code) : input.outcome === 'retry' ? 'RETRY_LATER' : 'REFUSED';
    return { status: decision.status, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message }) };
  }

  /** WeChat Pay notifications carry Wechatpay-Signature and Wechatpay-Serial. */
  matchesCallback(request: CallbackRequest): boolean {
    return matchesByFingerprint('WALLET_B_COMPATIBLE', request);
  }

  #channelOf(paymentChannel: string): WalletBChannelName {
    if (!(this.channels as readonly string[]).includes(paymentChannel)) {
      throw new ChannelError('UNSUPPORTED_PAYMENT_CHANNEL', `WALLET_B has no channel ${paymentChannel}`);
    }
    return paymentChannel as WalletBChannelName;
  }
}
