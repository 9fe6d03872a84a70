import type { PaymentChannelDefinition } from '../core/channel.js';
import { EPAY_CHANNELS } from '../epay/index.js';
import { Aggregator1Channel } from './aggregator-1-channel.js';
import { validateAggregator1Options, type EpayV1Options } from './options.js';

/** Registry entry of AGGREGATOR_1 (epay V1, MD5). */
export const aggregator1Definition: PaymentChannelDefinition<EpayV1Options> = {
  id: 'AGGREGATOR_1',
  channels: EPAY_CHANNELS,
  secretFields: ['key'],
  validateOptions: validateAggregator1Options,
  create: (options, deps) => new Aggregator1Channel(options, deps),
};

export { Aggregator1Channel } from './aggregator-1-channel.js';
export { validateAggregator1Options, type EpayV1Options } from './options.js';
export { epayV1Dialect } from './epay-v1-dialect.js';
export { md5Signer } from './md5-signer.js';
