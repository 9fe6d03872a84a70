import type { ChannelDeps } from '../core/types.js';
import { EpayChannel } from '../epay/index.js';
import { epayV2Dialect } from './epay-v2-dialect.js';
import type { EpayV2Options } from './options.js';

/** AGGREGATOR_3: an epay (彩虹易支付) V2 site, RSA-signed with a timestamp. */
export class Aggregator3Channel extends EpayChannel {
  static readonly id = 'AGGREGATOR_3';
  readonly id = Aggregator3Channel.id;

  constructor(options: EpayV2Options, deps: ChannelDeps = {}) {
    super(options, epayV2Dialect(options), deps);
  }
}
