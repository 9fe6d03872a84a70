import type { PaymentChannel } from '../core/channel.js';
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
  RefundRef,
  RefundRequest,
  RefundResult,
} from '../core/types.js';
import type { CustomChannelName } from './options.js';

/**
 * One CUSTOM sub-provider: a self-hosted gateway that speaks a wallet's protocol, served by that wallet's
 * own adapter (built with the sub-provider's credentials). It presents itself as CUSTOM with its one
 * channel and hands the protocol adapter the order as the wallet's own channel (`mode`), so signing,
 * verification, answers and statuses are exactly the wallet adapter's.
 */
export class CompatibleChannel implements PaymentChannel {
  readonly id = 'CUSTOM';
  readonly channels: readonly CustomChannelName[];
  readonly currencies: PaymentChannel['currencies'];

  constructor(
    readonly sub: CustomChannelName,
    private readonly protocol: PaymentChannel,
    private readonly mode: string,
  ) {
    this.channels = [sub];
    this.currencies = protocol.currencies;
  }

  assertPayerFacts(_paymentChannel: string, payer: Pick<InitiateContext, 'clientIp' | 'payerOpenId'>): void {
    this.protocol.assertPayerFacts?.(this.mode, payer);
  }

  initiate(order: ChannelOrder, ctx: InitiateContext): Promise<InitiateResult> {
    return this.protocol.initiate(this.#asProtocolOrder(order), ctx);
  }

  query(order: ChannelOrder, signal?: AbortSignal): Promise<QueryResult> {
    return this.protocol.query(this.#asProtocolOrder(order), signal);
  }

  close(order: ChannelOrder, signal?: AbortSignal): Promise<CloseResult> {
    return this.protocol.close(this.#asProtocolOrder(order), signal);
  }

  refund(order: ChannelOrder, refund: RefundRequest): Promise<RefundResult> {
    if (!this.protocol.refund) throw new ChannelError('NOT_SUPPORTED', `${this.sub} does not support refunds`);
    return this.protocol.refund(this.#asProtocolOrder(order), refund);
  }

  queryRefund(order: ChannelOrder, refund: RefundRef, signal?: AbortSignal): Promise<RefundResult> {
    if (!this.protocol.queryRefund) throw new ChannelError('NOT_SUPPORTED', `${this.sub} cannot query refunds`);
    return this.protocol.queryRefund(this.#asProtocolOrder(order), refund, signal);
  }

  verifyCallback(request: CallbackRequest): Promise<CallbackEvent> {
    return this.protocol.verifyCallback(request);
  }

  answerCallback(input: CallbackAnswerInput): CallbackAnswer {
    return this.protocol.answerCallback(input);
  }

  matchesCallback(request: CallbackRequest): boolean {
    return this.protocol.matchesCallback?.(request) ?? false;
  }

  #asProtocolOrder(order: ChannelOrder): ChannelOrder {
    return { ...order, paymentChannel: this.mode };
  }
}
