import { InvalidAmountError } from '../../money/index.js';
import { decideAnswer } from '../core/callback-answer.js';
import type { ChannelCurrencyRule, PaymentChannel } from '../core/channel.js';
import { AGGREGATOR_MAX_FEN } from '../core/provider-ceilings.js';
import { ChannelError } from '../core/errors.js';
import type {
  CallbackAnswer,
  CallbackAnswerInput,
  CallbackEvent,
  CallbackRequest,
  ChannelOrder,
  CloseResult,
  InitiateContext,
  InitiateResult,
  QueryResult,
} from '../core/types.js';
import { XunhupayClient, type Aggregator2Deps } from './gateway-client.js';
import { verifyXunhupayNotify } from './notify.js';
import { AGGREGATOR_2_CHANNELS, type Aggregator2ChannelName, type Aggregator2Options } from './options.js';
import { closeTrade, initiateTrade, queryTrade } from './trade-calls.js';

/** xunhupay takes CNY, total_fee in yuan with at most two decimals, from 0.01. */
export const AGGREGATOR_2_CURRENCIES: Readonly<Record<string, ChannelCurrencyRule>> = {
  CNY: { minMinor: 1, maxMinor: AGGREGATOR_MAX_FEN },
};

/** AGGREGATOR_2: the xunhupay (虎皮椒) v1.1 adapter, MD5 `hash` signing; Alipay and WeChat Pay behind one APPID. */
export class Aggregator2Channel implements PaymentChannel {
  static readonly id = 'AGGREGATOR_2';
  readonly id = Aggregator2Channel.id;
  readonly channels = AGGREGATOR_2_CHANNELS;
  readonly currencies = AGGREGATOR_2_CURRENCIES;
  readonly #options: Aggregator2Options;
  readonly #client: XunhupayClient;

  constructor(options: Aggregator2Options, deps: Aggregator2Deps = {}) {
    this.#options = options;
    this.#client = new XunhupayClient(options, deps);
  }

  async initiate(order: ChannelOrder, ctx: InitiateContext): Promise<InitiateResult> {
    const channel = this.#channelOf(order);
    if (this.currencies[order.currency] === undefined) {
      throw new InvalidAmountError('UNKNOWN_CURRENCY', `AGGREGATOR_2 accepts CNY only, not ${order.currency}`, 'currency');
    }
    return initiateTrade(this.#client, this.#options, order, channel, ctx);
  }

  query(order: ChannelOrder, signal?: AbortSignal): Promise<QueryResult> {
    return queryTrade(this.#client, this.#options, order, signal);
  }

  close(order: ChannelOrder, signal?: AbortSignal): Promise<CloseResult> {
    return closeTrade(this.#client, this.#options, order, signal);
  }

  async verifyCallback(request: CallbackRequest): Promise<CallbackEvent> {
    return verifyXunhupayNotify(request, this.#options);
  }

  /** xunhupay stops resending (it tries up to five times) only on the exact body `success`. */
  answerCallback(input: CallbackAnswerInput): CallbackAnswer {
    const decision = decideAnswer(input);
    return { status: decision.status, contentType: 'text/plain; charset=utf-8', body: decision.acknowledged ? 'success' : 'fail' };
  }

  #channelOf(order: ChannelOrder): Aggregator2ChannelName {
    if (!(this.channels as readonly string[]).includes(order.paymentChannel)) {
      throw new ChannelError('UNSUPPORTED_PAYMENT_CHANNEL', `AGGREGATOR_2 has no channel ${order.paymentChannel}`);
    }
    return order.paymentChannel as Aggregator2ChannelName;
  }
}
