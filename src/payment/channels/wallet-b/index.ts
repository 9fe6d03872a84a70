import type { PaymentChannelDefinition } from '../core/channel.js';
import { WALLET_B_CHANNELS, validateWalletBOptions, type WalletBOptions } from './options.js';
import { WalletBChannel } from './wallet-b-channel.js';

/** Registry entry of WALLET_B (WeChat Pay APIv3). */
export const walletBDefinition: PaymentChannelDefinition<WalletBOptions> = {
  id: 'WALLET_B',
  channels: WALLET_B_CHANNELS,
  secretFields: ['apiV3Key', 'privateKey'],
  validateOptions: (raw) => validateWalletBOptions(raw),
  create: (options, deps) => new WalletBChannel(options, deps),
};

export { WalletBChannel, WALLET_B_CURRENCIES } from './wallet-b-channel.js';
export {
  validateWalletBOptions,
  WALLET_B_CHANNELS,
  WECHAT_PAY_GATEWAY,
  H5_TYPES,
  type WalletBOptions,
  type WalletBChannelName,
  type WalletBValidation,
} from './options.js';
export { OPENID_PATTERN } from './payer-facts.js';
