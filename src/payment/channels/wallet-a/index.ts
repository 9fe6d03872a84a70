import type { PaymentChannelDefinition } from '../core/channel.js';
import { WALLET_A_CHANNELS, validateWalletAOptions, type WalletAOptions } from './options.js';
import { WalletAChannel } from './wallet-a-channel.js';

/** Registry entry of WALLET_A (Alipay OpenAPI, RSA2). */
export const walletADefinition: PaymentChannelDefinition<WalletAOptions> = {
  id: 'WALLET_A',
  channels: WALLET_A_CHANNELS,
  secretFields: ['privateKey'],
  validateOptions: validateWalletAOptions,
  create: (options, deps) => new WalletAChannel(options, deps),
};

export { WalletAChannel, WALLET_A_CURRENCIES } from './wallet-a-channel.js';
export { validateWalletAOptions, ALIPAY_GATEWAYS, DEFAULT_PRODUCT_CODES, WALLET_A_CHANNELS, type WalletAOptions } from './options.js';
