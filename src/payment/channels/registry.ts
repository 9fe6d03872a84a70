import { PAYMENT_TYPE_ALIASES, isPaymentType, type PaymentType } from './core/catalog.js';
import type { PaymentChannel, PaymentChannelDefinition } from './core/channel.js';
import { ChannelError } from './core/errors.js';
import type { ChannelDeps } from './core/types.js';

/** A paymentType and paymentChannel after alias resolution and checking against the registry. */
export interface ResolvedChannel {
  paymentType: PaymentType;
  paymentChannel: string;
}

/**
 * Payment services keyed by paymentType. Input names are case-insensitive and may be vendor aliases
 * (ALIPAY → WALLET_A, WECHAT → WALLET_B, PAYPAL → INTL_WALLET, STRIPE → CARD).
 */
export class ChannelRegistry {
  readonly #definitions = new Map<PaymentType, PaymentChannelDefinition<unknown>>();

  register<T>(definition: PaymentChannelDefinition<T>): this {
    if (this.#definitions.has(definition.id)) throw new Error(`payment channel ${definition.id} registered twice`);
    this.#definitions.set(definition.id, definition as PaymentChannelDefinition<unknown>);
    return this;
  }

  /** Canonical paymentType for a name or alias; throws UNKNOWN_PAYMENT_TYPE when none is registered. */
  resolveType(name: unknown): PaymentType {
    const upper = typeof name === 'string' ? name.trim().toUpperCase() : '';
    const type = PAYMENT_TYPE_ALIASES[upper] ?? upper;
    if (!isPaymentType(type) || !this.#definitions.has(type)) {
      throw new ChannelError('UNKNOWN_PAYMENT_TYPE', `unknown payment type "${String(name)}"`, {
        details: [
          {
            field: 'paymentType',
            message: `只能是以下之一：${this.types().join('、')}`,
            messageEn: `one of ${this.types().join(', ')}`,
            reason: 'UNKNOWN',
          },
        ],
      });
    }
    return type;
  }

  /** Resolves the type and checks that it offers the channel; throws UNSUPPORTED_PAYMENT_CHANNEL if not. */
  resolve(paymentType: unknown, paymentChannel: unknown): ResolvedChannel {
    const type = this.resolveType(paymentType);
    const channel = typeof paymentChannel === 'string' ? paymentChannel.trim().toUpperCase() : '';
    const offered = this.definition(type).channels;
    if (!offered.includes(channel)) {
      throw new ChannelError('UNSUPPORTED_PAYMENT_CHANNEL', `payment type ${type} has no channel "${String(paymentChannel)}"`, {
        details: [
          {
            field: 'paymentChannel',
            message: `只能是以下之一：${offered.join('、')}`,
            messageEn: `one of ${offered.join(', ')}`,
            reason: 'UNSUPPORTED',
          },
        ],
      });
    }
    return { paymentType: type, paymentChannel: channel };
  }

  definition(paymentType: unknown): PaymentChannelDefinition<unknown> {
    return this.#definitions.get(this.resolveType(paymentType))!;
  }

  has(paymentType: unknown): boolean {
    try {
      this.resolveType(paymentType);
      return true;
    } catch {
      return false;
    }
  }

  /** Registered canonical types, in registration order. */
  types(): PaymentType[] {
    return [...this.#definitions.keys()];
  }

  /** Every `TYPE:CHANNEL` pair the registered services offer (the universe of the whitelist setting). */
  channelKeys(): string[] {
    return [...this.#definitions.values()].flatMap((d) => d.channels.map((c) => `${d.id}:${c}`));
  }

  /** Validates raw options and builds an adapter instance. */
  create(paymentType: unknown, rawOptions: unknown, deps?: ChannelDeps): PaymentChannel {
    const definition = this.definition(paymentType);
    return definition.create(definition.validateOptions(rawOptions), deps);
  }
}
