import type { PaymentChannelDefinition } from '../core/channel.js';
import { CustomChannel } from './custom-channel.js';
import { CUSTOM_CHANNELS, validateCustomOptions, type CustomOptions } from './options.js';

/** Registry entry of CUSTOM (self-hosted Alipay- and WeChat-Pay-compatible gateways). */
export const customDefinition: PaymentChannelDefinition<CustomOptions> = {
  id: 'CUSTOM',
  channels: CUSTOM_CHANNELS,
  secretFields: ['walletA.privateKey', 'walletB.apiV3Key', 'walletB.privateKey'],
  validateOptions: validateCustomOptions,
  create: (options, deps) => new CustomChannel(options, deps),
};

export { CustomChannel, CUSTOM_CURRENCIES, type CustomCallbackRoute } from './custom-channel.js';
export { CompatibleChannel } from './compatible-channel.js';
export { validateCustomOptions, CUSTOM_CHANNELS, type CustomOptions, type CustomChannelName } from './options.js';
