import type { ChannelDeps } from '../core/types.js';
import { EpayChannel } from '../epay/index.js';
import { epayV1Dialect } from './epay-v1-dialect.js';
import type { EpayV1Options } from './options.js';

/** AGGREGATOR_1: an epay (彩虹易支付) V1 site, MD5-signed. */
export class Aggregator1Channel extends EpayChannel {
  static readonly id = 'AGGREGATOR_1';
  readonly id = Aggregator1Channel.id;

  constructor(options: EpayV1Options, deps: ChannelDeps = {}) {
    super(options, epayV1Dialect(options.pid, options.key), deps);
  }
}
