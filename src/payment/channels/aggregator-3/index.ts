import type { PaymentChannelDefinition } from '../core/channel.js';
import { EPAY_CHANNELS } from '../epay/index.js';
import { Aggregator3Channel } from './aggregator-3-channel.js';
import { validateAggregator3Options, type EpayV2Options } from './options.js';

/** Registry entry of AGGREGATOR_3 (epay V2, RSA-SHA256). */
export const aggregator3Definition: PaymentChannelDefinition<EpayV2Options> = {
  id: 'AGGREGATOR_3',
  channels: EPAY_CHANNELS,
  secretFields: ['merchantPrivateKey'],
  validateOptions: validateAggregator3Options,
  create: (options, deps) => new Aggregator3Channel(options, deps),
};

export { Aggregator3Channel } from './aggregator-3-channel.js';
export { validateAggregator3Options, type EpayV2Options } from './options.js';
export { epayV2Dialect } from './epay-v2-dialect.js';
export { rsaSigner } from './rsa-signer.js';
