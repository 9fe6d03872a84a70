import type { PaymentChannelDefinition } from '../core/channel.js';
import { CardChannel } from './card-channel.js';
import { CARD_CHANNELS, validateCardOptions, type CardOptions } from './options.js';

/** Registry entry of CARD (Stripe Checkout). */
export const cardDefinition: PaymentChannelDefinition<CardOptions> = {
  id: 'CARD',
  channels: CARD_CHANNELS,
  secretFields: ['secretKey', 'webhookSecret'],
  validateOptions: (raw) => validateCardOptions(raw),
  create: (options, deps) => new CardChannel(options, deps),
};

export { CardChannel } from './card-channel.js';
export { CARD_CHANNELS, STRIPE_API_BASE, validateCardOptions, type CardOptions } from './options.js';
export { CARD_CURRENCIES, STRIPE_CURRENCIES, stripeExponent, toStripeAmount, fromStripeAmount } from './stripe-amount.js';
export { verifyStripeSignature, stripeSignature, parseStripeSignature, STRIPE_TOLERANCE_SECONDS } from './webhook-signature.js';
