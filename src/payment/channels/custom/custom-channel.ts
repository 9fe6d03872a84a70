import { decideAnswer } from '../core/callback-answer.js';
import type { ChannelCurrencyRule, PaymentChannel } from '../core/channel.js';
import { routeCustomCallback, type CustomRoute } from '../core/custom-router.js';
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
import { WALLET_A_CURRENCIES, WalletAChannel } from '../wallet-a/index.js';
import { WALLET_B_CURRENCIES, WalletBChannel } from '../wallet-b/index.js';
import { CompatibleChannel } from './compatible-channel.js';
import { CUSTOM_CHANNELS, type CustomChannelName, type CustomOptions } from './options.js';

/**
 * Both protocols take CNY. The widest ceiling (Alipay's) stands for CUSTOM as a whole; an initiation is held
 * to its sub-provider's own (currenciesFor: WeChat Pay's int32 fen for WALLET_B_COMPATIBLE).
 */
export const CUSTOM_CURRENCIES: Readonly<Record<string, ChannelCurrencyRule>> = WALLET_A_CURRENCIES;
const SUB_CURRENCIES: Record<CustomChannelName, Readonly<Record<string, ChannelCurrencyRule>>> = {
  WALLET_A_COMPATIBLE: WALLET_A_CURRENCIES,
  WALLET_B_COMPATIBLE: WALLET_B_CURRENCIES,
};

/** A CUSTOM sub-provider as the callback route sees it: a full adapter presenting itself as CUSTOM. */
export interface CustomCallbackRoute extends CustomRoute {
  channel: CompatibleChannel;
}

/**
 * CUSTOM: self-hosted gateways compatible with a wallet's protocol. WALLET_A_COMPATIBLE reuses the Alipay
 * adapter, WALLET_B_COMPATIBLE the WeChat Pay adapter, each with its own credentials and gateway URL;
 * orders go to the sub-provider of their paymentChannel. Callbacks arrive at `asyncCallback/CUSTOM` (with
 * the card and international-wallet webhooks); the route picks the sub-provider from `callbackRoutes()`
 * by request headers, so that the answer is in that provider's own format.
 */
export class CustomChannel implements PaymentChannel {
  static readonly id = 'CUSTOM';
  readonly id = CustomChannel.id;
  readonly channels = CUSTOM_CHANNELS;
  readonly currencies = CUSTOM_CURRENCIES;
  readonly #subs = new Map<CustomChannelName, CompatibleChannel>();

  constructor(options: CustomOptions, deps: ChannelDeps = {}) {
    if (options.walletA) {
      const protocol = new WalletAChannel(options.walletA.options, deps);
      this.#subs.set('WALLET_A_COMPATIBLE', new CompatibleChannel('WALLET_A_COMPATIBLE', protocol, options.walletA.mode));
    }
    if (options.walletB) {
      const protocol = new WalletBChannel(options.walletB.options, deps);
      this.#subs.set('WALLET_B_COMPATIBLE', new CompatibleChannel('WALLET_B_COMPATIBLE', protocol, options.walletB.mode));
    }
  }

  /** The configured sub-providers for `routeCustomCallback` (the card and wallet checkouts join them there). */
  callbackRoutes(): CustomCallbackRoute[] {
    return [...this.#subs.values()].map((channel) => ({ sub: channel.sub, channel }));
  }

  /** The currency rules of the sub-provider a channel goes to: its protocol's ceiling. */
  currenciesFor(paymentChannel: string): Readonly<Record<string, ChannelCurrencyRule>> {
    return SUB_CURRENCIES[paymentChannel as CustomChannelName] ?? this.currencies;
  }

  /** Whether the sub-provider of a channel has credentials. */
  offers(paymentChannel: string): boolean {
    return this.#subs.has(paymentChannel as CustomChannelName);
  }

  assertPayerFacts(paymentChannel: string, payer: Pick<InitiateContext, 'clientIp' | 'payerOpenId'>): void {
    this.#sub(paymentChannel).assertPayerFacts(paymentChannel, payer);
  }

  async initiate(order: ChannelOrder, ctx: InitiateContext): Promise<InitiateResult> {
    return this.#sub(order.paymentChannel).initiate(order, ctx);
  }

  async query(order: ChannelOrder, signal?: AbortSignal): Promise<QueryResult> {
    return this.#sub(order.paymentChannel).query(order, signal);
  }

  async close(order: ChannelOrder, signal?: AbortSignal): Promise<CloseResult> {
    return this.#sub(order.paymentChannel).close(order, signal);
  }

  /** Refunds at the order's sub-provider (both wallet protocols refund). */
  async refund(order: ChannelOrder, refund: RefundRequest): Promise<RefundResult> {
    return this.#sub(order.paymentChannel).refund(order, refund);
  }

  async queryRefund(order: ChannelOrder, refund: RefundRef, signal?: AbortSignal): Promise<RefundResult> {
    return this.#sub(order.paymentChannel).queryRefund(order, refund, signal);
  }

  /** Verifies with the sub-provider the request's headers (or body shape) point at. */
  async verifyCallback(request: CallbackRequest): Promise<CallbackEvent> {
    return routeCustomCallback(request, this.callbackRoutes()).channel.verifyCallback(request);
  }

  /**
   * Without the request this cannot know the provider's format; the callback route answers through the
   * routed sub-provider instead. Here: JSON `{received}` with the shared status decision.
   */
  answerCallback(input: CallbackAnswerInput): CallbackAnswer {
    const decision = decideAnswer(input);
    return { status: decision.status, contentType: 'application/json', body: JSON.stringify({ received: decision.acknowledged }) };
  }

  matchesCallback(request: CallbackRequest): boolean {
    return [...this.#subs.values()].some((sub) => sub.matchesCallback(request));
  }

  #sub(paymentChannel: string): CompatibleChannel {
    if (!(CUSTOM_CHANNELS as readonly string[]).includes(paymentChannel)) {
      throw new ChannelError('UNSUPPORTED_PAYMENT_CHANNEL', `CUSTOM has no channel ${paymentChannel}`);
    }
    const sub = this.#subs.get(paymentChannel as CustomChannelName);
    if (!sub) {
      const prefix = paymentChannel === 'WALLET_A_COMPATIBLE' ? 'walletA' : 'walletB';
      throw new ChannelError('CHANNEL_MISCONFIGURED', `自定义支付的 ${paymentChannel} 渠道未配置网关或凭据`, {
        messageEn: `CUSTOM ${paymentChannel} has no gateway or credentials configured`,
        details: [{ field: prefix, message: `${paymentChannel} is not configured`, reason: 'REQUIRED' }],
      });
    }
    return sub;
  }
}
