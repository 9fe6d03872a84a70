import type { PaymentChannelDefinition } from '../core/channel.js';
import { IntlWalletChannel } from './intl-wallet-channel.js';
import { INTL_WALLET_CHANNELS, validateIntlWalletOptions, type IntlWalletOptions } from './options.js';

/** Registry entry of INTL_WALLET (PayPal Orders v2 checkout). */
export const intlWalletDefinition: PaymentChannelDefinition<IntlWalletOptions> = {
  id: 'INTL_WALLET',
  channels: INTL_WALLET_CHANNELS,
  secretFields: ['clientSecret'],
  validateOptions: (raw) => validateIntlWalletOptions(raw),
  create: (options, deps) => new IntlWalletChannel(options, deps),
};

export { IntlWalletChannel } from './intl-wallet-channel.js';
export {
  validateIntlWalletOptions,
  INTL_WALLET_CHANNELS,
  PAYPAL_CURRENCIES,
  PAYPAL_CERT_HOSTS,
  PAYPAL_LIVE,
  PAYPAL_SANDBOX,
  VERIFICATION_MODES,
  type IntlWalletOptions,
  type VerificationMode,
} from './options.js';
export { signedText } from './webhook-signature.js';
