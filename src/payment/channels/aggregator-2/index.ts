import type { PaymentChannelDefinition } from '../core/channel.js';
import { Aggregator2Channel } from './aggregator-2-channel.js';
import { AGGREGATOR_2_CHANNELS, validateAggregator2Options, type Aggregator2Options } from './options.js';

/** Registry entry of AGGREGATOR_2 (xunhupay, MD5 hash). */
export const aggregator2Definition: PaymentChannelDefinition<Aggregator2Options> = {
  id: 'AGGREGATOR_2',
  channels: AGGREGATOR_2_CHANNELS,
  secretFields: ['appSecret'],
  validateOptions: validateAggregator2Options,
  create: (options, deps) => new Aggregator2Channel(options, deps),
};

export { Aggregator2Channel, AGGREGATOR_2_CURRENCIES } from './aggregator-2-channel.js';
export type { Aggregator2Deps } from './gateway-client.js';
export { xunhupayHash, hashContent, verifyXunhupayHash } from './hash.js';
export { notificationId } from './notify.js';
export {
  validateAggregator2Options,
  AGGREGATOR_2_CHANNELS,
  XUNHUPAY_GATEWAY_URL,
  XUNHUPAY_QUERY_URL,
  type Aggregator2Options,
} from './options.js';
