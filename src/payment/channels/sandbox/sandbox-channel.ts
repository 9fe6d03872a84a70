import { randomBytes } from 'node:crypto';
import { systemClock, type Clock } from '../../../host/sdk/index.js';
import { decideAnswer } from '../core/callback-answer.js';
import { hasHeader, headerValue, rawBodyText } from '../core/callback-request.js';
import type { ChannelCurrencyRule, PaymentChannel } from '../core/channel.js';
import { defaultMaxMinor } from '../core/provider-ceilings.js';
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
import type { SandboxOptions } from './options.js';
import { findRefund, refundResult, refundTrade } from './sandbox-refund.js';
import { mapSandboxEventType, parseSandboxEvent, type SandboxEvent } from './sandbox-event.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload, verifySandboxSignature } from './signature.js';
import { MemorySandboxTradeStore, type SandboxTradeSpec, type SandboxTradeStore } from './trade-store.js';

export const SANDBOX_CHANNELS = ['SIMULATED'] as const;
export type SandboxOutcome = 'success' | 'fail';

/** A few currencies so multi-currency flows can be tried; the money module's default bound applies. */
export const SANDBOX_CURRENCIES: Readonly<Record<string, ChannelCurrencyRule>> = {
  CNY: { maxMinor: defaultMaxMinor(2) },
  USD: { maxMinor: defaultMaxMinor(2) },
  EUR: { maxMinor: defaultMaxMinor(2) },
  JPY: { maxMinor: defaultMaxMinor(0) },
};

export interface SandboxDeps extends ChannelDeps {
  store?: SandboxTradeStore;
}

/**
 * SANDBOX: a simulated gateway inside the service. Initiation points the payer at our own payment page;
 * the page's buttons call simulateOutcome, whose signed callback then takes the same verify → normalise
 * path as a real provider's.
 */
export class SandboxChannel implements PaymentChannel {
  static readonly id = 'SANDBOX';
  readonly id = SandboxChannel.id;
  readonly channels = SANDBOX_CHANNELS;
  readonly currencies = SANDBOX_CURRENCIES;
  readonly #options: SandboxOptions;
  readonly #store: SandboxTradeStore;
  readonly #clock: Clock;

  constructor(options: SandboxOptions, deps: SandboxDeps = {}) {
    this.#options = options;
    this.#store = deps.store ?? new MemorySandboxTradeStore();
    this.#clock = deps.clock ?? systemClock;
  }

  get enabled(): boolean {
    return this.#options.enabled;
  }

  async initiate(order: ChannelOrder, ctx: InitiateContext): Promise<InitiateResult> {
    this.#assertUsable(order);
    const existing = await this.#store.get(order.paymentId);
    const trade = existing ?? {
      paymentId: order.paymentId,
      tradeNo: `SBX${randomBytes(12).toString('hex')}`,
      status: 'PAYING',
      amountMinor: order.amountMinor,
      currency: order.currency,
    };
    if (!existing) await this.#store.put(trade);
    const payUrl = `${ctx.baseUrl ?? ''}/payment/${encodeURIComponent(order.paymentId)}`;
    return { status: 'PAYING', payUrl, channelTradeNo: trade.tradeNo, raw: { simulated: true, tradeNo: trade.tradeNo } };
  }

  async query(order: ChannelOrder): Promise<QueryResult> {
    const trade = await this.#store.get(order.paymentId);
    if (!trade) return { status: 'UNPAID', raw: { found: false } };
    return {
      status: trade.status,
      amountMinor: trade.amountMinor,
      currency: trade.currency,
      channelTradeNo: trade.tradeNo,
      paidAt: trade.paidAt,
      vendorStatus: trade.status,
      raw: trade,
    };
  }

  async close(order: ChannelOrder): Promise<CloseResult> {
    const trade = await this.#store.get(order.paymentId);
    if (!trade) return { closedAtChannel: false, raw: { found: false } };
    if (trade.status === 'SUCCESS')
      throw new ChannelError('CHANNEL_REJECTED', 'sandbox trade is already paid', { provider: { code: 'TRADE_PAID' } });
    await this.#store.put({ ...trade, status: 'FAILED' });
    return { closedAtChannel: true, raw: { ...trade, status: 'FAILED' } };
  }

  /**
   * Refunds at once (SUCCESS) within what the trade was paid, idempotent by our refund number; refusals
   * (unpaid trade, too much, another currency, a refund number reused for another amount) are CHANNEL_REJECTED.
   * It works while the service is switched off too, as a real provider refunds the payments it took.
   */
  async refund(order: ChannelOrder, request: RefundRequest): Promise<RefundResult> {
    const at = new Date(this.#clock.now()).toISOString();
    let made: ReturnType<typeof refundTrade>['refund'] | undefined;
    await this.#store.change(order.paymentId, (trade) => {
      const { next, refund } = refundTrade(trade, request, at);
      made = refund;
      return next;
    });
    return refundResult(made!);
  }

  /** A refund the trade holds is SUCCESS; one it does not hold never arrived (NOT_FOUND, per the refund contract). */
  async queryRefund(order: ChannelOrder, ref: RefundRef): Promise<RefundResult> {
    const refund = findRefund(await this.#store.get(order.paymentId), ref);
    return refund ? refundResult(refund) : { status: 'FAILED', vendorStatus: 'NOT_FOUND', raw: { found: false } };
  }

  /**
   * The payer clicked pay or fail: settles the simulated trade and returns the signed callback request the
   * gateway sends. Repeating the same outcome re-sends the same state; a paid trade cannot fail.
   */
  async simulateOutcome(order: ChannelOrder, outcome: SandboxOutcome): Promise<CallbackRequest> {
    this.#assertUsable(order);
    const trade = await this.#settle(order, outcome);
    const created = Math.floor(this.#clock.now() / 1000);
    const event: SandboxEvent = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: trade.status === 'SUCCESS' ? 'payment.succeeded' : 'payment.failed',
      created,
      data: {
        paymentId: trade.paymentId,
        tradeNo: trade.tradeNo,
        amountMinor: trade.amountMinor,
        currency: trade.currency,
        paidAt: trade.paidAt,
      },
    };
    const rawBody = JSON.stringify(event);
    const headers = {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(rawBody, created, this.#options.secret),
    };
    return { method: 'POST', headers, query: {}, rawBody, json: event };
  }

  async verifyCallback(request: CallbackRequest): Promise<CallbackEvent> {
    const rawBody = rawBodyText(request);
    const nowSeconds = Math.floor(this.#clock.now() / 1000);
    verifySandboxSignature(rawBody, headerValue(request, SANDBOX_SIGNATURE_HEADER), this.#options.secret, nowSeconds);
    const event = parseSandboxEvent(rawBody);
    const status = mapSandboxEventType(event.type);
    const { data } = event;
    return {
      orderRef: data.paymentId,
      status,
      amountMinor: data.amountMinor,
      currency: data.currency,
      channelTradeNo: data.tradeNo,
      paidAt: data.paidAt,
      eventId: event.id,
      sentAt: Number.isSafeInteger(event.created) ? new Date(event.created * 1000).toISOString() : undefined,
      vendorStatus: event.type,
      raw: event,
    };
  }

  answerCallback(input: CallbackAnswerInput): CallbackAnswer {
    const decision = decideAnswer(input);
    return { status: decision.status, contentType: 'application/json', body: JSON.stringify({ received: decision.acknowledged }) };
  }

  matchesCallback(request: CallbackRequest): boolean {
    return hasHeader(request, SANDBOX_SIGNATURE_HEADER);
  }

  async #settle(order: ChannelOrder, outcome: SandboxOutcome): Promise<SandboxTradeSpec> {
    const trade = (await this.#store.get(order.paymentId)) ?? {
      paymentId: order.paymentId,
      tradeNo: `SBX${randomBytes(12).toString('hex')}`,
      status: 'PAYING',
      amountMinor: order.amountMinor,
      currency: order.currency,
    };
    if (trade.status === 'SUCCESS') {
      if (outcome === 'fail')
        throw new ChannelError('CHANNEL_REJECTED', 'sandbox trade is already paid', { provider: { code: 'TRADE_PAID' } });
      return trade;
    }
    if (trade.status === 'FAILED' && outcome === 'success') {
      throw new ChannelError('CHANNEL_REJECTED', 'sandbox trade is closed', { provider: { code: 'TRADE_CLOSED' } });
    }
    const settled: SandboxTradeSpec =
      outcome === 'success'
        ? { ...trade, status: 'SUCCESS', paidAt: new Date(this.#clock.now()).toISOString() }
        : { ...trade, status: 'FAILED' };
    await this.#store.put(settled);
    return settled;
  }

  #assertUsable(order: ChannelOrder): void {
    if (!this.#options.enabled) throw new ChannelError('CHANNEL_DISABLED', 'the SANDBOX payment service is not enabled');
    if (order.paymentChannel !== 'SIMULATED')
      throw new ChannelError('UNSUPPORTED_PAYMENT_CHANNEL', `SANDBOX has no channel ${order.paymentChannel}`);
  }
}
